import type { Config } from '../../config';
import { appError } from '../../graphql/errors';
import { auth as texts } from '../../../shared/i18n/pt-BR';
import { AttemptLimiter } from './attempt-limiter';

const MINUTE = 60_000;

/** The throttles of the public auth operations (issue 13): one instance per server process. */
export interface AuthThrottles {
  /** Failed sign-ins per client address, whatever the e-mail. */
  signInAddress: AttemptLimiter;
  /**
   * Failed sign-ins per e-mail that matches no user: the database locks a real account after
   * LOGIN_MAX_ATTEMPTS, and an unknown e-mail is locked alike, so the lock tells nobody which exist.
   */
  signInUnknownAccount: AttemptLimiter;
  forgotAddress: AttemptLimiter;
  forgotAccount: AttemptLimiter;
  resetAddress: AttemptLimiter;
  integrationAddress: AttemptLimiter;
}

export function createAuthThrottles(config: Pick<Config, 'loginMaxAttempts' | 'loginLockMinutes'>): AuthThrottles {
  const lockMs = Math.max(config.loginLockMinutes, 1) * MINUTE;
  return {
    signInAddress: new AttemptLimiter(20, 15 * MINUTE),
    // No window of its own: like users.attempts, failures add up until a success or the lock.
    signInUnknownAccount: new AttemptLimiter(config.loginMaxAttempts, 24 * 60 * MINUTE, lockMs),
    forgotAddress: new AttemptLimiter(10, 60 * MINUTE),
    forgotAccount: new AttemptLimiter(3, 60 * MINUTE),
    resetAddress: new AttemptLimiter(10, 15 * MINUTE),
    integrationAddress: new AttemptLimiter(10, 15 * MINUTE),
  };
}

/** HTTP 429 'Muitas tentativas. Tente novamente em N minutos.' */
export const tooManyAttempts = (retryAfterMs: number) =>
  appError('RATE_LIMITED', texts.tooManyAttempts(Math.max(1, Math.ceil(retryAfterMs / MINUTE))), { status: 429 });

/** Throws the 429 when `key` must wait. */
export function refuseWhileThrottled(limiter: AttemptLimiter, key: string): void {
  const wait = limiter.retryAfterMs(key);
  if (wait > 0) throw tooManyAttempts(wait);
}

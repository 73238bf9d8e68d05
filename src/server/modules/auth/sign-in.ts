import { sql } from 'kysely';
import type { GraphQLError } from 'graphql';
import type { LoginPayload } from '../../../shared/graphql/generated';
import { auth as texts } from '../../../shared/i18n/pt-BR';
import type { RequestContext } from '../../graphql/context';
import { appError } from '../../graphql/errors';
import { recordAudit } from '../audit/record-audit';
import { loadUserPayload } from '../users/user-payload';
import { refuseWhileThrottled, tooManyAttempts } from './auth-throttles';
import { openSession } from './sessions';
import { matchTotp } from './totp';

export interface SignInInput {
  email: string;
  password: string;
  remember: boolean;
  tokenTwoFactor: string | null;
}

const loginFailed = () => appError('LOGIN_FAILED', texts.loginFailed);
export const userBlocked = () => appError('USER_BLOCKED', texts.userBlocked);
const twoFactorInvalid = () => appError('TWO_FACTOR_INVALID', texts.twoFactorInvalid);

interface Candidate {
  id: number;
  password_hash: string;
  blocked_at: Date | null;
  twofactor_activity: boolean;
  google2fa_secret: string | null;
  totp_last_step: number | null;
  role_name: string;
}

async function findCandidate(context: RequestContext, email: string): Promise<Candidate | undefined> {
  return context.database.withTenant(context.tenant.id, (tx) =>
    tx
      .selectFrom('users as u')
      .innerJoin('roles as r', (join) => join.onRef('r.tenant_id', '=', 'u.tenant_id').onRef('r.id', '=', 'u.role_id'))
      .select(['u.id', 'u.password_hash', 'u.blocked_at', 'u.twofactor_activity', 'u.google2fa_secret', 'u.totp_last_step', 'r.name as role_name'])
      .where(sql<string>`lower(u.email)`, '=', email)
      .where('u.deleted_at', 'is', null)
      .executeTakeFirst(),
  );
}

/** A lock lasts LOGIN_LOCK_MINUTES unless an administrador lifts it first (unblockUser). */
function stillLocked(context: RequestContext, blockedAt: Date | null): boolean {
  return blockedAt !== null && Date.now() - blockedAt.getTime() < context.config.loginLockMinutes * 60_000;
}

/** Counts a failed attempt; the LOGIN_MAX_ATTEMPTS-th locks the account. Returns the error to answer. */
export async function countFailure(context: RequestContext, userId: number, error: GraphQLError): Promise<GraphQLError> {
  const max = context.config.loginMaxAttempts;
  const row = await context.database.withTenant(context.tenant.id, (tx) =>
    tx
      .updateTable('users')
      .set({
        attempts: sql<number>`attempts + 1`,
        blocked_at: sql<Date | null>`case when attempts + 1 >= ${max} then now() else blocked_at end`,
      })
      .where('id', '=', userId)
      .returning('blocked_at')
      .executeTakeFirst(),
  );
  if (row?.blocked_at) await recordAudit(context, { action: 'locked', userId });
  return row?.blocked_at ? userBlocked() : error;
}

/** The lock's answer is the throttle's 429, so a locked account reads like a throttled unknown e-mail. */
function asThrottle(context: RequestContext, error: GraphQLError): GraphQLError {
  return error.extensions.code === 'USER_BLOCKED' ? tooManyAttempts(context.config.loginLockMinutes * 60_000) : error;
}

/**
 * logIn (SPEC §5): the same error for an unknown e-mail and a wrong password; failures count towards
 * a lock; with two-factor on, a missing code asks for it and a wrong or replayed one counts as a failure.
 * Throttles (per address, and the lock per account, unknown e-mails included) are checked before any
 * password hashing. Hashing runs outside transactions so the embedded database is never held during it.
 */
export async function signIn(context: RequestContext, input: SignInInput): Promise<LoginPayload> {
  const { database, tenant, services } = context;
  const { signInAddress, signInUnknownAccount } = services.throttles;
  refuseWhileThrottled(signInAddress, context.ip);
  const failed = async (userId: number, error: GraphQLError) => {
    signInAddress.count(context.ip);
    return asThrottle(context, await countFailure(context, userId, error));
  };
  const user = await findCandidate(context, input.email);
  if (!user) {
    const accountKey = `${tenant.id}:${input.email}`;
    refuseWhileThrottled(signInUnknownAccount, accountKey);
    await services.passwords.verifyNothing(input.password);
    signInAddress.count(context.ip);
    const wait = signInUnknownAccount.count(accountKey);
    throw wait > 0 ? tooManyAttempts(wait) : loginFailed();
  }
  if (stillLocked(context, user.blocked_at)) {
    throw tooManyAttempts(user.blocked_at!.getTime() + context.config.loginLockMinutes * 60_000 - Date.now());
  }
  if (user.blocked_at) {
    // The cool-down is over: the account starts again from zero attempts.
    await database.withTenant(tenant.id, (tx) =>
      tx.updateTable('users').set({ attempts: 0, blocked_at: null }).where('id', '=', user.id).execute(),
    );
  }
  if (!(await services.passwords.verify(user.password_hash, input.password))) throw await failed(user.id, loginFailed());

  let step: number | null = null;
  if (user.twofactor_activity && user.google2fa_secret) {
    if (!input.tokenTwoFactor) return { two_factor_required: true, token: null, refresh_token: null, expires_in: null, user: null };
    step = matchTotp(services.secrets.open(user.google2fa_secret), input.tokenTwoFactor, user.totp_last_step);
    if (step === null) throw await failed(user.id, twoFactorInvalid());
  }

  const signedIn = await database.withTenant(tenant.id, async (tx) => {
    let update = tx
      .updateTable('users')
      .set({ attempts: 0, blocked_at: null, is_connected: true, last_seen_at: sql<Date>`now()`, ...(step === null ? {} : { totp_last_step: step }) })
      .where('id', '=', user.id)
      .where('deleted_at', 'is', null);
    // Two sign-ins racing with the same code: only the first moves the step forward.
    const acceptedStep = step;
    if (acceptedStep !== null) {
      update = update.where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', acceptedStep)]));
    }
    const updated = await update.returning('id').executeTakeFirst();
    if (!updated) return null;
    const session = await openSession(context, tx, { id: user.id, roleName: user.role_name }, input.remember);
    return { session, payload: await loadUserPayload(tx, user.id) };
  });
  if (!signedIn?.payload) throw step === null ? loginFailed() : await failed(user.id, twoFactorInvalid());
  return { two_factor_required: false, ...signedIn.session, user: signedIn.payload };
}

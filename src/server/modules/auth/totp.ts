import { Secret, TOTP } from 'otpauth';

/** RFC 6238: SHA-1, 30-second steps, 6 digits; a code of the previous or next step is accepted. */
const PERIOD = 30;
const WINDOW = 1;
const ISSUER = 'PedBot';

function totpFor(secretBase32: string, label = ''): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secretBase32) });
}

export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

export const totpUri = (secretBase32: string, label: string): string => totpFor(secretBase32, label).toString();

/** The code of `secret` at `timestamp` (ms); for tests and tools. */
export const totpCode = (secretBase32: string, timestamp = Date.now()): string => totpFor(secretBase32).generate({ timestamp });

/**
 * The time step `code` belongs to, or null when it is wrong or its step is not after `lastStep`
 * (a code, or an older one, is never accepted twice).
 */
export function matchTotp(secretBase32: string, code: string, lastStep: number | null, timestamp = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secretBase32).validate({ token: code, timestamp, window: WINDOW });
  if (delta === null) return null;
  const step = Math.floor(timestamp / 1000 / PERIOD) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

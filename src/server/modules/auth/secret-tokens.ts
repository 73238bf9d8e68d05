import { createHash, randomBytes } from 'node:crypto';

/** Only this hash of a bearer secret (refresh, reset, integration token) is ever stored. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A new random secret (256 bits, base64url) and its stored hash. */
export function newSecretToken(prefix = ''): { token: string; hash: string } {
  const token = prefix + randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

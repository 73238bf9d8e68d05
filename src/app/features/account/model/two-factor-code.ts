/** TOTP codes are 6 digits (RFC 6238 as the server uses it). */
export const TOTP_DIGITS = 6;

/** What the code field keeps of what was typed or pasted: digits only, at most 6 ("123 456" → "123456"). */
export const normalizeCode = (input: string): string => input.replace(/\D/g, '').slice(0, TOTP_DIGITS);

export const isCompleteCode = (code: string): boolean => new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code);

/** The base32 secret in groups of four, easier to read and type; authenticator apps ignore the spaces. */
export const groupSecret = (secret: string): string => secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');

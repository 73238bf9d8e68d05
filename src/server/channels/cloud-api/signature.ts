import { createHmac, timingSafeEqual } from 'node:crypto';

const PREFIX = 'sha256=';

/** `X-Hub-Signature-256` value for `body`: HMAC-SHA256 keyed with the app secret, lowercase hex. */
export function signPayload(body: Uint8Array | string, appSecret: string): string {
  return PREFIX + createHmac('sha256', appSecret).update(body).digest('hex');
}

/**
 * Checks a webhook signature over the raw request bytes. Meta signs the body exactly as sent
 * (non-ASCII escaped as \uXXXX), so re-serialized JSON would not match: never verify a parsed body.
 */
export function isValidSignature(body: Uint8Array, header: string | undefined, appSecret: string): boolean {
  if (!appSecret || !header || !header.startsWith(PREFIX)) return false;
  const given = Buffer.from(header.slice(PREFIX.length), 'hex');
  const expected = createHmac('sha256', appSecret).update(body).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

import { readFileSync } from 'node:fs';

const dir = new URL('../fixtures/cloud-api/', import.meta.url);

/** The exact bytes of a fixture (signatures are computed over these, never over re-serialized JSON). */
export const fixtureBytes = (name: string): Buffer => readFileSync(new URL(name, dir));

export const fixtureJson = <T = Record<string, unknown>>(name: string): T => JSON.parse(fixtureBytes(name).toString('utf8')) as T;

/** App secret and verify token of the fixtures' README test vector. */
export const TEST_APP_SECRET = 'TEST_APP_SECRET_0001';
export const TEST_VERIFY_TOKEN = 'TEST_VERIFY_TOKEN_0001';
export const TEST_PHONE_NUMBER_ID = '200000000000001';
export const TEST_WABA_ID = '100000000000001';
export const TEST_CUSTOMER = '5511900000001';

/** A fixture webhook with some of its text replaced (ids, numbers), keeping Meta's ASCII escaping. */
export function fixtureVariant(name: string, replacements: Record<string, string>): Buffer {
  let text = fixtureBytes(name).toString('utf8');
  for (const [from, to] of Object.entries(replacements)) text = text.split(from).join(to);
  return Buffer.from(text, 'utf8');
}

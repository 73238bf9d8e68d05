import { describe, expect, it } from 'vitest';
import { isValidSignature, signPayload } from '../../../../../src/server/channels/cloud-api/signature';
import { verificationChallenge } from '../../../../../src/server/channels/cloud-api/verification';
import { TEST_APP_SECRET, TEST_VERIFY_TOKEN, fixtureBytes } from '../../../../helpers/cloud-api-fixtures';

const VECTOR = 'sha256=ddd942bbdd576c9e002a2fd15458b53067a36b06f44ef383f34cbad1e219756d';

describe('X-Hub-Signature-256', () => {
  const body = fixtureBytes('inbound-text.json');

  it('matches the README test vector over the raw fixture bytes', () => {
    expect(body.length).toBe(1108);
    expect(signPayload(body, TEST_APP_SECRET)).toBe(VECTOR);
    expect(isValidSignature(body, VECTOR, TEST_APP_SECRET)).toBe(true);
  });

  it('fails for re-serialized JSON, another secret, a changed byte or a malformed header', () => {
    const reserialized = Buffer.from(JSON.stringify(JSON.parse(body.toString('utf8'))));
    expect(isValidSignature(reserialized, VECTOR, TEST_APP_SECRET)).toBe(false);
    expect(isValidSignature(body, VECTOR, 'OTHER_SECRET')).toBe(false);
    const tampered = Buffer.from(body);
    tampered[200] = tampered[200]! ^ 1;
    expect(isValidSignature(tampered, VECTOR, TEST_APP_SECRET)).toBe(false);
    expect(isValidSignature(body, VECTOR.slice(7), TEST_APP_SECRET)).toBe(false);
    expect(isValidSignature(body, 'sha256=abc', TEST_APP_SECRET)).toBe(false);
    expect(isValidSignature(body, undefined, TEST_APP_SECRET)).toBe(false);
    expect(isValidSignature(body, VECTOR, '')).toBe(false);
  });
});

describe('webhook verification GET', () => {
  const query = Object.fromEntries(new URLSearchParams(fixtureBytes('verify-get.txt').toString('utf8').trim()));

  it('echoes the challenge for a subscribe with our verify token', () => {
    expect(verificationChallenge(query, TEST_VERIFY_TOKEN)).toBe('1158201444');
  });

  it('refuses another token, another mode, a missing challenge or an unset token', () => {
    expect(verificationChallenge(query, 'OTHER')).toBeNull();
    expect(verificationChallenge({ ...query, 'hub.mode': 'unsubscribe' }, TEST_VERIFY_TOKEN)).toBeNull();
    expect(verificationChallenge({ ...query, 'hub.challenge': undefined }, TEST_VERIFY_TOKEN)).toBeNull();
    expect(verificationChallenge({ ...query, 'hub.verify_token': '' }, '')).toBeNull();
  });
});

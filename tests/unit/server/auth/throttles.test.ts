import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '../../../../src/shared/i18n/pt-BR';
import { LOG_IN, openTestServer, type GraphqlResult, type TestServer } from '../../../helpers/server';

const FORGOT = 'mutation ($e: String!) { forgot(email: $e) }';
const RESET = 'mutation ($t: String!, $p: String!) { resetPassword(token: $t, password: $p) }';
const INTEGRATION = 'mutation ($t: String!) { integrationLogIn(access_token: $t) { token } }';
const TOO_MANY = /^Muitas tentativas\. Tente novamente em \d+ minutos?\.$/;

/** Issue 13: the public auth operations are throttled before any password hashing. */
describe('auth throttles', () => {
  let server: TestServer;
  let hashes: number;
  beforeAll(async () => {
    server = await openTestServer();
    hashes = 0;
    const passwords = server.app.deps.services.passwords;
    for (const name of ['hash', 'verify', 'verifyNothing'] as const) {
      const original = passwords[name].bind(passwords) as (...args: unknown[]) => Promise<never>;
      (passwords as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
        hashes += 1;
        return original(...args);
      };
    }
  });
  afterAll(() => server?.close());

  /** A GraphQL call from a given client address. */
  const from = async (ip: string, query: string, variables: Record<string, unknown>): Promise<GraphqlResult> => {
    const response = await server.app.fastify.inject({
      method: 'POST',
      url: '/demo/graphql',
      remoteAddress: ip,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ query, variables }),
    });
    const body = response.json<{ data?: never; errors?: GraphqlResult['errors'] }>();
    return { status: response.statusCode, data: body.data, errors: body.errors };
  };
  const expectThrottled = (result: GraphqlResult) => {
    expect(result.status).toBe(429);
    expect(result.errors?.[0]).toMatchObject({ message: expect.stringMatching(TOO_MANY), extensions: { code: 'RATE_LIMITED' } });
  };

  it('throttles sign-ins per address with random e-mails, before hashing, and leaves other addresses alone', async () => {
    for (let i = 0; i < 20; i++) {
      const failed = await from('203.0.113.9', LOG_IN, { email: `random${i}@x.test`, password: 'Errada#123' });
      expect(failed.errors?.[0]?.message).toBe(auth.loginFailed);
    }
    const spent = hashes;
    expectThrottled(await from('203.0.113.9', LOG_IN, { email: 'ana@demo.local', password: 'Pedbot@demo1' }));
    expect(hashes).toBe(spent);
    expect((await from('203.0.113.10', LOG_IN, { email: 'ana@demo.local', password: 'Pedbot@demo1' })).data).toMatchObject({
      logIn: { token: expect.any(String) },
    });
  });

  it('throttles forgot per account, whether the e-mail exists or not, and per address', async () => {
    for (const email of ['bruno@demo.local', 'nao-existe@demo.local']) {
      for (let i = 0; i < 3; i++) expect((await from('198.51.100.1', FORGOT, { e: email })).data).toEqual({ forgot: true });
      expectThrottled(await from('198.51.100.2', FORGOT, { e: email }));
    }
    expect(server.mails.filter((mail) => mail.to === 'bruno@demo.local')).toHaveLength(3);
    // 198.51.100.1 asked 6 times: 4 more for other e-mails reach its limit of 10.
    for (let i = 0; i < 4; i++) expect((await from('198.51.100.1', FORGOT, { e: `alguem${i}@demo.local` })).data).toEqual({ forgot: true });
    expectThrottled(await from('198.51.100.1', FORGOT, { e: 'ana@demo.local' }));
  });

  it('checks a reset link before hashing the new password, and throttles forged links per address', async () => {
    const before = hashes;
    for (let i = 0; i < 10; i++) {
      const forged = await from('192.0.2.7', RESET, { t: `forged-token-${i}-${'x'.repeat(40)}`, p: 'Nova#Senha2024' });
      expect(forged.errors?.[0]).toMatchObject({ message: auth.resetLinkInvalid, extensions: { code: 'RESET_INVALID' } });
    }
    expect(hashes).toBe(before);
    expectThrottled(await from('192.0.2.7', RESET, { t: `forged-token-x-${'x'.repeat(40)}`, p: 'Nova#Senha2024' }));
  });

  it('throttles integrationLogIn per address', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await from('192.0.2.8', INTEGRATION, { t: `forged-${i}-${'y'.repeat(40)}` })).errors?.[0]?.extensions?.code).toBe('INTEGRATION_TOKEN_INVALID');
    }
    expectThrottled(await from('192.0.2.8', INTEGRATION, { t: `forged-z-${'y'.repeat(40)}` }));
  });

  it('revokes every other reset link of the user when one is used', async () => {
    await server.gql('demo', FORGOT, { e: 'ana@demo.local' });
    await server.gql('demo', FORGOT, { e: 'ana@demo.local' });
    const [older, newer] = server.mails.filter((mail) => mail.to === 'ana@demo.local').map((mail) => mail.link!.split('/').at(-1)!);
    expect((await server.gql('demo', RESET, { t: newer, p: 'Nova#Senha2024' })).data).toEqual({ resetPassword: true });
    const stale = await server.gql('demo', RESET, { t: older, p: 'Outra#Senha2024' });
    expect(stale.errors?.[0]).toMatchObject({ message: auth.resetLinkInvalid, extensions: { code: 'RESET_INVALID' } });
    await server.signIn('demo', 'ana@demo.local', 'Nova#Senha2024');
  });
});

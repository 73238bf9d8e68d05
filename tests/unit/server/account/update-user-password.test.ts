import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '../../../../src/shared/i18n/pt-BR';
import { LOG_IN, openTestServer, type TestServer } from '../../../helpers/server';

const CHANGE = `mutation ($current: String!, $password: String!, $refresh: String) {
  updateUserPassword(current_password: $current, password: $password, refresh_token: $refresh)
}`;
const REFRESH = 'mutation ($t: String!) { refreshToken(refresh_token: $t) { token } }';
const DEMO = 'Pedbot@demo1';

describe('updateUserPassword (Minha conta)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await openTestServer();
  });
  afterAll(() => server?.close());

  const change = (token: string | undefined, current: string, password: string, refresh?: string) =>
    server.gql<{ updateUserPassword: boolean }>('demo', CHANGE, { current, password, refresh }, token);
  const logIn = (email: string, password: string) => server.gql<{ logIn: { token: string | null } }>('demo', LOG_IN, { email, password });
  const userRow = (email: string) =>
    server.database.asOwner((db) =>
      db.selectFrom('users').select(['attempts', 'blocked_at', 'password_hash']).where('email', '=', email).executeTakeFirstOrThrow(),
    );

  it('needs a signed-in user', async () => {
    const result = await change(undefined, DEMO, 'Nova#Senha2024');
    expect(result.status).toBe(401);
    expect(result.errors?.[0]?.message).toBe('Unauthorized');
  });

  it('refuses a wrong current password, counts it as a failed attempt and keeps the password', async () => {
    const { token } = await server.signIn('demo', 'ana@demo.local');
    const before = await userRow('ana@demo.local');
    const result = await change(token, 'Senha#Errada1', 'Nova#Senha2024');
    expect(result.errors?.[0]).toMatchObject({
      message: 'Erro nos dados informados.',
      extensions: { code: 'VALIDATION', field: 'current_password', detail: 'Senha atual incorreta.' },
    });
    const after = await userRow('ana@demo.local');
    expect(after.attempts).toBe(1);
    expect(after.password_hash).toBe(before.password_hash);
    expect((await logIn('ana@demo.local', DEMO)).data?.logIn.token).toBeTruthy();
  });

  it('refuses a short, weak or unchanged new password without counting an attempt', async () => {
    const { token } = await server.signIn('demo', 'ana@demo.local');
    const short = await change(token, DEMO, 'Ab#1');
    expect(short.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION', field: 'password', detail: auth.passwordTooWeak });
    const weak = await change(token, DEMO, 'Abc12345');
    expect(weak.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION', field: 'password' });
    const same = await change(token, DEMO, DEMO);
    expect(same.errors?.[0]?.extensions).toMatchObject({ field: 'password', detail: 'A nova senha deve ser diferente da atual.' });
    expect((await userRow('ana@demo.local')).attempts).toBe(0);
  });

  it('changes the password, keeps this session and ends the others and pending reset links', async () => {
    const other = await server.signIn('demo', 'bruno@demo.local');
    const mine = await server.signIn('demo', 'bruno@demo.local');
    await server.gql('demo', 'mutation { forgot(email: "bruno@demo.local") }');
    const resetToken = server.mails.at(-1)!.link!.split('/').at(-1)!;

    expect((await change(mine.token, DEMO, 'Nova#Senha2024', mine.refreshToken)).data).toEqual({ updateUserPassword: true });

    expect((await logIn('bruno@demo.local', DEMO)).errors?.[0]?.message).toBe(auth.loginFailed);
    expect((await logIn('bruno@demo.local', 'Nova#Senha2024')).data?.logIn.token).toBeTruthy();
    expect((await server.gql('demo', REFRESH, { t: other.refreshToken })).status).toBe(401);
    expect((await server.gql('demo', REFRESH, { t: mine.refreshToken })).data).toMatchObject({ refreshToken: { token: expect.any(String) } });
    const reset = await server.gql('demo', 'mutation ($t: String!, $p: String!) { resetPassword(token: $t, password: $p) }', {
      t: resetToken,
      p: 'Outra#Senha2024',
    });
    expect(reset.errors?.[0]?.message).toBe(auth.resetLinkInvalid);
  });

  it('ends every session when no refresh token is given, even one of another user', async () => {
    const ana = await server.signIn('demo', 'ana@demo.local');
    const admin = await server.signIn('demo', 'admin@demo.local');
    // Another user's refresh token does not keep anything of this user, nor is it touched.
    expect((await change(ana.token, DEMO, 'Ana#Senha2024', admin.refreshToken)).data).toEqual({ updateUserPassword: true });
    expect((await server.gql('demo', REFRESH, { t: ana.refreshToken })).status).toBe(401);
    expect((await server.gql('demo', REFRESH, { t: admin.refreshToken })).status).toBe(200);
  });

  it('locks the account after repeated wrong current passwords, so the session cannot keep guessing', async () => {
    const { token } = await server.signIn('demo', 'admin@demo.local');
    const max = server.config.loginMaxAttempts;
    for (let i = 1; i < max; i++) {
      expect((await change(token, `Errada#${i}x`, 'Nova#Senha2024')).errors?.[0]?.extensions?.field).toBe('current_password');
    }
    const last = await change(token, 'Errada#final', 'Nova#Senha2024');
    expect(last.errors?.[0]).toMatchObject({ message: auth.userBlocked, extensions: { code: 'USER_BLOCKED' } });
    expect((await userRow('admin@demo.local')).blocked_at).not.toBeNull();
    expect((await change(token, DEMO, 'Nova#Senha2024')).status).toBe(401);
  });
});

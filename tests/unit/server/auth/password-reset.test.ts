import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '../../../../src/shared/i18n/pt-BR';
import { openTestServer, type TestServer } from '../../../helpers/server';

const FORGOT = 'mutation ($e: String!) { forgot(email: $e) }';
const RESET = 'mutation ($t: String!, $p: String!) { resetPassword(token: $t, password: $p) }';

describe('forgot and resetPassword', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await openTestServer();
  });
  afterAll(() => server?.close());

  const tokenOfLastMail = () => {
    const link = server.mails.at(-1)?.link ?? '';
    expect(link).toMatch(/^http:\/\/pedbot\.test\/demo\/forgot\/[\w-]{40,}$/);
    return link.split('/').at(-1)!;
  };

  it('answers true for unknown e-mails too, and mails nothing then', async () => {
    expect((await server.gql('demo', FORGOT, { e: 'ninguem@demo.local' })).data).toEqual({ forgot: true });
    expect(server.mails).toHaveLength(0);
  });

  it('mails a single-use link that sets the password, lifts a lock and ends sessions', async () => {
    const session = await server.signIn('demo', 'bruno@demo.local');
    await server.database.asOwner((db) => db.updateTable('users').set({ attempts: 5, blocked_at: new Date() }).where('email', '=', 'bruno@demo.local').execute());
    expect((await server.gql('demo', FORGOT, { e: 'Bruno@demo.local' })).data).toEqual({ forgot: true });
    expect(server.mails[0]).toMatchObject({ to: 'bruno@demo.local', subject: expect.stringContaining('senha') });
    expect(server.mails[0]?.text).toContain(server.mails[0]?.link);
    const token = tokenOfLastMail();

    expect((await server.gql('demo', RESET, { t: token, p: 'Nova#Senha2024' })).data).toEqual({ resetPassword: true });
    await server.signIn('demo', 'bruno@demo.local', 'Nova#Senha2024');
    const refreshed = await server.gql('demo', 'mutation ($t: String!) { refreshToken(refresh_token: $t) { token } }', { t: session.refreshToken });
    expect(refreshed.status).toBe(401);

    const again = await server.gql('demo', RESET, { t: token, p: 'Outra#Senha2024' });
    expect(again.errors?.[0]).toMatchObject({ message: auth.resetLinkInvalid, extensions: { code: 'RESET_INVALID' } });
  });

  it('refuses an expired link', async () => {
    await server.gql('demo', FORGOT, { e: 'ana@demo.local' });
    const token = tokenOfLastMail();
    await server.database.asOwner((db) => db.updateTable('password_resets').set({ expires_at: new Date(Date.now() - 1000) }).execute());
    expect((await server.gql('demo', RESET, { t: token, p: 'Nova#Senha2024' })).errors?.[0]?.message).toBe(auth.resetLinkInvalid);
  });

  it('refuses a short or weak password without using the link', async () => {
    await server.gql('demo', FORGOT, { e: 'ana@demo.local' });
    const token = tokenOfLastMail();
    const short = await server.gql('demo', RESET, { t: token, p: 'Ab#1' });
    expect(short.errors?.[0]).toMatchObject({
      message: 'Erro nos dados informados.',
      extensions: { code: 'VALIDATION', field: 'password', detail: auth.passwordTooWeak },
    });
    const weak = await server.gql('demo', RESET, { t: token, p: 'Abc12345' });
    expect(weak.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION', field: 'password' });
    expect((await server.gql('demo', RESET, { t: token, p: 'Boa#Senha2024' })).data).toEqual({ resetPassword: true });
  });
});

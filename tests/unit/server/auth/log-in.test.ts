import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '../../../../src/shared/i18n/pt-BR';
import { LOG_IN, openTestServer, type TestServer } from '../../../helpers/server';

const UNBLOCK = 'mutation ($id: ID!) { unblockUser(user_id: $id) }';

describe('logIn', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await openTestServer();
  });
  afterAll(() => server?.close());

  const logIn = (email: string, password: string) => server.gql<{ logIn: Record<string, unknown> }>('demo', LOG_IN, { email, password });
  const userRow = (email: string) =>
    server.database.asOwner((db) =>
      db.selectFrom('users').select(['id', 'attempts', 'blocked_at', 'is_connected']).where('email', '=', email).executeTakeFirstOrThrow(),
    );

  it('signs in with a token, a refresh token and the user with role, department and connections', async () => {
    const result = await logIn('Ana@Demo.Local', 'Pedbot@demo1');
    expect(result.errors).toBeUndefined();
    const payload = result.data?.logIn as {
      token: string;
      refresh_token: string;
      expires_in: number;
      two_factor_required: boolean;
      user: Record<string, unknown>;
    };
    expect(payload.token.split('.')).toHaveLength(3);
    expect(payload.refresh_token.length).toBeGreaterThan(30);
    expect(payload.expires_in).toBe(900);
    expect(payload.two_factor_required).toBe(false);
    expect(payload.user).toMatchObject({
      email: 'ana@demo.local',
      name: 'Ana Souza',
      role: { name: 'atendente', display_name: 'Atendente' },
      userDepartment: { name: 'Vendas', activated: true },
      userInstances: [{ name: 'WhatsApp Loja Demo' }, { name: 'Atendimento com robô' }],
    });
    expect((await userRow('ana@demo.local')).is_connected).toBe(true);
  });

  it('puts the user id, tenant id and role name in the access token', async () => {
    const { token } = await server.signIn('demo', 'admin@demo.local');
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
    const admin = await userRow('admin@demo.local');
    expect(claims).toMatchObject({ sub: String(admin.id), role: 'administrador' });
    expect(typeof claims.tid).toBe('number');
    expect(Number(claims.exp) - Number(claims.iat)).toBe(900);
  });

  it('answers the same error for a wrong password and an unknown e-mail, and counts the attempt', async () => {
    const wrong = await logIn('bruno@demo.local', 'errada123');
    const unknown = await logIn('ninguem@demo.local', 'errada123');
    expect(wrong.errors?.[0]?.message).toBe('Senha ou E-mail incorreto.');
    expect(unknown.errors?.[0]?.message).toBe('Senha ou E-mail incorreto.');
    expect(wrong.errors?.[0]?.extensions?.code).toBe(unknown.errors?.[0]?.extensions?.code);
    expect((await userRow('bruno@demo.local')).attempts).toBe(1);
    await server.signIn('demo', 'bruno@demo.local');
    expect((await userRow('bruno@demo.local')).attempts).toBe(0);
  });

  describe('lock', () => {
    const lock = async (email: string) => {
      const messages: string[] = [];
      for (let i = 0; i < 5; i++) messages.push((await logIn(email, 'errada123')).errors?.[0]?.message ?? '');
      return messages;
    };

    it('locks the account on the 5th failure with HTTP 429, even for the right password afterwards', async () => {
      const messages = await lock('bruno@demo.local');
      expect(messages.slice(0, 4)).toEqual(Array(4).fill(auth.loginFailed));
      expect(messages[4]).toBe('Muitas tentativas. Tente novamente em 30 minutos.');
      expect((await userRow('bruno@demo.local')).blocked_at).not.toBeNull();
      const right = await logIn('bruno@demo.local', 'Pedbot@demo1');
      expect(right.status).toBe(429);
      expect(right.errors?.[0]).toMatchObject({ message: 'Muitas tentativas. Tente novamente em 30 minutos.', extensions: { code: 'RATE_LIMITED' } });
    });

    it('locks an e-mail that matches no user exactly alike, so the lock tells nobody which e-mails exist', async () => {
      const messages = await lock('ninguem-aqui@demo.local');
      expect(messages.slice(0, 4)).toEqual(Array(4).fill(auth.loginFailed));
      expect(messages[4]).toBe('Muitas tentativas. Tente novamente em 30 minutos.');
      const again = await logIn('ninguem-aqui@demo.local', 'Pedbot@demo1');
      expect(again.status).toBe(429);
      expect(again.errors?.[0]).toMatchObject({ message: 'Muitas tentativas. Tente novamente em 30 minutos.', extensions: { code: 'RATE_LIMITED' } });
    });

    it('lets only an administrador unblock', async () => {
      const bruno = await userRow('bruno@demo.local');
      const ana = await server.signIn('demo', 'ana@demo.local');
      const refused = await server.gql('demo', UNBLOCK, { id: String(bruno.id) }, ana.token);
      expect(refused.status).toBe(403);
      expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

      const admin = await server.signIn('demo', 'admin@demo.local');
      const done = await server.gql('demo', UNBLOCK, { id: String(bruno.id) }, admin.token);
      expect(done.data).toEqual({ unblockUser: true });
      expect(await userRow('bruno@demo.local')).toMatchObject({ attempts: 0, blocked_at: null });
      await server.signIn('demo', 'bruno@demo.local');
    });

    it('unlocks by itself once LOGIN_LOCK_MINUTES have passed', async () => {
      await lock('bruno@demo.local');
      await server.database.asOwner((db) =>
        db.updateTable('users').set({ blocked_at: sql<Date>`now() - interval '29 minutes'` }).where('email', '=', 'bruno@demo.local').execute(),
      );
      expect((await logIn('bruno@demo.local', 'Pedbot@demo1')).errors?.[0]?.message).toBe('Muitas tentativas. Tente novamente em 1 minuto.');
      await server.database.asOwner((db) =>
        db.updateTable('users').set({ blocked_at: sql<Date>`now() - interval '31 minutes'` }).where('email', '=', 'bruno@demo.local').execute(),
      );
      // After the cool-down one wrong password does not lock again at once.
      expect((await logIn('bruno@demo.local', 'errada123')).errors?.[0]?.message).toBe(auth.loginFailed);
      await server.signIn('demo', 'bruno@demo.local');
      expect(await userRow('bruno@demo.local')).toMatchObject({ attempts: 0, blocked_at: null });
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestServer, type TestServer } from '../../../helpers/server';

const REFRESH = 'mutation ($t: String!) { refreshToken(refresh_token: $t) { token refresh_token expires_in } }';
const LOG_OUT = 'mutation ($t: String) { disconnected(refresh_token: $t) }';
const ME = '{ userInfos { email isConnected } }';

interface Refreshed {
  refreshToken: { token: string; refresh_token: string; expires_in: number };
}

describe('refresh tokens', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await openTestServer();
  });
  afterAll(() => server?.close());

  const refresh = (token: string) => server.gql<Refreshed>('demo', REFRESH, { t: token });

  it('rotates: the new pair works, stored only as hashes', async () => {
    const session = await server.signIn('demo', 'ana@demo.local');
    const rotated = await refresh(session.refreshToken);
    expect(rotated.errors).toBeUndefined();
    const next = rotated.data!.refreshToken;
    expect(next.refresh_token).not.toBe(session.refreshToken);
    expect(next.expires_in).toBe(900);
    expect((await server.gql('demo', ME, {}, next.token)).data).toEqual({ userInfos: { email: 'ana@demo.local', isConnected: true } });
    const stored = await server.database.asOwner((db) => db.selectFrom('refresh_tokens').select('token_hash').execute());
    expect(stored.map((row) => row.token_hash)).not.toContain(next.refresh_token);
    expect((await refresh(next.refresh_token)).errors).toBeUndefined();
  });

  it('revokes the whole family when a rotated token is used again', async () => {
    const session = await server.signIn('demo', 'bruno@demo.local');
    const second = (await refresh(session.refreshToken)).data!.refreshToken.refresh_token;

    const reuse = await refresh(session.refreshToken);
    expect(reuse.status).toBe(401);
    expect(reuse.errors?.[0]).toMatchObject({ message: 'Unauthorized', extensions: { code: 'UNAUTHORIZED' } });
    // The legitimate holder's newer token died with the family.
    expect((await refresh(second)).status).toBe(401);
    // Another sign-in (another family) is untouched.
    const other = await server.signIn('demo', 'bruno@demo.local');
    expect((await refresh(other.refreshToken)).errors).toBeUndefined();
  });

  it('refuses unknown and expired refresh tokens', async () => {
    expect((await refresh('not-a-token')).status).toBe(401);
    const session = await server.signIn('demo', 'admin@demo.local');
    await server.database.asOwner((db) => db.updateTable('refresh_tokens').set({ expires_at: new Date(Date.now() - 1000) }).execute());
    expect((await refresh(session.refreshToken)).status).toBe(401);
  });

  it('keeps a "remember me" session 30 days and a plain one a day', async () => {
    await server.database.asOwner((db) => db.deleteFrom('refresh_tokens').execute());
    for (const remember of [true, false]) {
      await server.gql('demo', 'mutation ($r: Boolean) { logIn(email: "ana@demo.local", password: "Pedbot@demo1", remember: $r) { token } }', {
        r: remember,
      });
    }
    const rows = await server.database.asOwner((db) => db.selectFrom('refresh_tokens').select(['remember', 'expires_at']).execute());
    const days = (remember: boolean) => {
      const row = rows.find((r) => r.remember === remember)!;
      return Math.round((row.expires_at.getTime() - Date.now()) / 86_400_000);
    };
    expect(days(true)).toBe(30);
    expect(days(false)).toBe(1);
  });

  it('signs out: the family is revoked, its access token ends at once, and the user shows offline', async () => {
    const session = await server.signIn('demo', 'ana@demo.local');
    const other = await server.signIn('demo', 'ana@demo.local');
    expect((await server.gql('demo', LOG_OUT, { t: session.refreshToken }, session.token)).data).toEqual({ disconnected: true });
    expect((await refresh(session.refreshToken)).status).toBe(401);
    expect((await server.gql('demo', ME, {}, session.token)).errors?.[0]?.message).toBe('Unauthorized');
    // Another sign-in of the same user is another session: it goes on.
    expect((await server.gql('demo', ME, {}, other.token)).data).toEqual({ userInfos: { email: 'ana@demo.local', isConnected: false } });
  });
});

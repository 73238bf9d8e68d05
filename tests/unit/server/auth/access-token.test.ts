import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTenant } from '../../../../src/server/modules/tenants/tenant-seed';
import { openTestServer, TEST_JWT_SECRET, LOG_IN, type TestServer } from '../../../helpers/server';

const ME = '{ userInfos { id email role { name } } }';

describe('access tokens and tenants', () => {
  let server: TestServer;
  let otherAdminId: number;
  beforeAll(async () => {
    server = await openTestServer();
    const other = await seedTenant(server.database, server.app.deps.services.passwords, {
      slug: 'outra-loja',
      name: 'Outra Loja',
      roles: [{ name: 'administrador', display_name: 'Administrador', routes: [] }],
      departments: [],
      users: [{ email: 'dona@outra.local', name: 'Dona da Outra', role: 'administrador', password: 'Outra@senha9' }],
      instances: [],
      features: [],
      settings: [],
    });
    otherAdminId = other.userIds['dona@outra.local']!;
  });
  afterAll(() => server?.close());

  const sign = (claims: Record<string, unknown>, exp: number, secret = TEST_JWT_SECRET) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject(String(claims.sub ?? '1')).setExpirationTime(exp).sign(new TextEncoder().encode(secret));
  const now = () => Math.floor(Date.now() / 1000);

  it('answers 401 "Token has expired" for an expired token (the client refreshes)', async () => {
    const demo = await server.app.contextFor({ tenantSlug: 'demo', ip: 'test' });
    const token = await sign({ tid: demo.tenant.id, role: 'administrador' }, now() - 5);
    const result = await server.gql('demo', ME, {}, token);
    expect(result.status).toBe(401);
    expect(result.errors?.[0]).toMatchObject({ message: 'Token has expired', extensions: { code: 'TOKEN_EXPIRED' } });
  });

  it('answers 401 "Unauthorized" for a missing, forged or malformed token', async () => {
    const demo = await server.app.contextFor({ tenantSlug: 'demo', ip: 'test' });
    const forged = await sign({ tid: demo.tenant.id, role: 'administrador' }, now() + 60, 'another-secret');
    for (const token of [undefined, forged, 'abc.def.ghi']) {
      const result = await server.gql('demo', ME, {}, token);
      expect(result.status).toBe(401);
      expect(result.errors?.[0]).toMatchObject({ message: 'Unauthorized', extensions: { code: 'UNAUTHORIZED' } });
    }
  });

  it('answers TENANT_INVALID for an unknown tenant', async () => {
    const result = await server.gql('loja-que-nao-existe', '{ tenant { name } }');
    expect(result.errors?.[0]?.extensions?.code).toBe('TENANT_INVALID');
    expect(result.data ?? null).toBeNull();
    expect((await server.gql('demo', '{ tenant { slug name } }')).data).toEqual({ tenant: { slug: 'demo', name: 'Loja Demo' } });
  });

  it('keeps tenants apart: no sign-in to, and no reading of, another tenant', async () => {
    const wrongTenant = await server.gql('outra-loja', LOG_IN, { email: 'admin@demo.local', password: 'Pedbot@demo1' });
    expect(wrongTenant.errors?.[0]?.message).toBe('Senha ou E-mail incorreto.');

    const demoAdmin = await server.signIn('demo', 'admin@demo.local');
    const crossRead = await server.gql('outra-loja', ME, {}, demoAdmin.token);
    expect(crossRead.status).toBe(401);
    expect(crossRead.errors?.[0]?.message).toBe('Unauthorized');

    const other = await server.signIn('outra-loja', 'dona@outra.local', 'Outra@senha9');
    const own = await server.gql<{ userInfos: { id: string; email: string } }>('outra-loja', ME, {}, other.token);
    expect(own.data?.userInfos).toMatchObject({ id: String(otherAdminId), email: 'dona@outra.local' });
    expect((await server.gql('demo', ME, {}, other.token)).status).toBe(401);
  });

  it('refuses an access token once its user is deleted', async () => {
    const session = await server.signIn('demo', 'bruno@demo.local');
    await server.database.asOwner((db) => db.updateTable('users').set({ deleted_at: new Date() }).where('email', '=', 'bruno@demo.local').execute());
    expect((await server.gql('demo', ME, {}, session.token)).status).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROUTES } from '../../../../src/shared/domain/routes';
import { auth } from '../../../../src/shared/i18n/pt-BR';
import { demoIntegrationToken } from '../../../../src/server/modules/tenants/demo-seed';
import { LOG_IN, openTestServer, TEST_JWT_SECRET, type TestServer } from '../../../helpers/server';

const INTEGRATION = 'mutation ($t: String!) { integrationLogIn(access_token: $t) { token user { email } } }';

describe('demo tenant seed', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await openTestServer();
  });
  afterAll(() => server?.close());

  it('seeds the three demo accounts, each signing in with Pedbot@demo1', async () => {
    const expected = [
      { email: 'admin@demo.local', name: 'Administrador Demo', role: 'administrador', department: null },
      { email: 'ana@demo.local', name: 'Ana Souza', role: 'atendente', department: 'Vendas' },
      { email: 'bruno@demo.local', name: 'Bruno Lima', role: 'atendente', department: 'Suporte' },
    ];
    for (const account of expected) {
      const result = await server.gql<{ logIn: { user: { name: string; role: { name: string }; userDepartment: { name: string } | null; userInstances: unknown[] } } }>(
        'demo',
        LOG_IN,
        { email: account.email, password: 'Pedbot@demo1' },
      );
      const user = result.data!.logIn.user;
      expect(user).toMatchObject({ name: account.name, role: { name: account.role } });
      expect(user.userDepartment?.name ?? null).toBe(account.department);
      expect(user.userInstances).toEqual([expect.objectContaining({ name: 'WhatsApp Loja Demo' }), expect.objectContaining({ name: 'Atendimento com robô' })]);
    }
  });

  it('fills in the store data that the help pages show to every user', async () => {
    const ana = await server.signIn('demo', 'ana@demo.local');
    const info = await server.gql<{ storeInfo: { name: string; phone: string; address: string; document: string } }>(
      'demo',
      '{ storeInfo { name phone address document } }',
      {},
      ana.token,
    );
    expect(info.errors).toBeUndefined();
    expect(info.data!.storeInfo).toEqual({ name: 'Loja Demo', phone: '1133334444', address: 'Rua das Flores, 100 - Centro, São Paulo - SP', document: '11222333000181' });
  });

  it('makes the administrador the first user (user id 1 on an empty database)', async () => {
    const users = await server.database.asOwner((db) => db.selectFrom('users').select(['id', 'email']).orderBy('id').execute());
    expect(users[0]?.email).toBe('admin@demo.local');
    expect(users[0]?.id).toBe(1);
  });

  it('gives administrador every route and atendente the attendance subset only', async () => {
    const roles = await server.database.asOwner((db) =>
      db.selectFrom('roles').select(['name', 'display_name', 'has_permission_routes']).orderBy('name').execute(),
    );
    const admin = roles.find((role) => role.name === 'administrador')!;
    const attendant = roles.find((role) => role.name === 'atendente')!;
    expect(admin.display_name).toBe('Administrador');
    expect([...admin.has_permission_routes].sort()).toEqual(APP_ROUTES.map((route) => route.name).sort());
    expect(attendant.display_name).toBe('Atendente');
    expect(attendant.has_permission_routes).toContain('chat-attendance');
    for (const denied of ['users-list', 'roles-list', 'roles-add', 'dashboard-analytics', 'instances-edit', 'meta-template-messages']) {
      expect(attendant.has_permission_routes).not.toContain(denied);
    }
  });

  it('checks routes server-side with the shared permission rule', async () => {
    const ana = await server.signIn('demo', 'ana@demo.local');
    const admin = await server.signIn('demo', 'admin@demo.local');
    const can = async (route: string, token: string) =>
      (await server.gql<{ verifyPermission: boolean }>('demo', 'mutation ($r: String!) { verifyPermission(route: $r) }', { r: route }, token)).data
        ?.verifyPermission;
    expect(await can('chat-attendance', ana.token)).toBe(true);
    expect(await can('users-list', ana.token)).toBe(false);
    expect(await can('help-support', ana.token)).toBe(true);
    expect(await can('users-list', admin.token)).toBe(true);
    expect(await can('no-such-route', admin.token)).toBe(false);
  });

  it('seeds the connections, features and the inbox-order setting', async () => {
    const [instances, settings] = await server.database.asOwner(async (db) => [
      await db.selectFrom('instances').select(['name', 'channel', 'phone_number', 'activated']).orderBy('id').execute(),
      await db.selectFrom('settings').select(['instance_id', 'key', 'value']).execute(),
    ]);
    expect(instances).toEqual([
      { name: 'WhatsApp Loja Demo', channel: 'sandbox', phone_number: '5511900000000', activated: true },
      { name: 'Atendimento com robô', channel: 'sandbox', phone_number: '5511900000001', activated: true },
    ]);
    expect(settings.filter((s) => s.key !== 'store_info')).toEqual([{ instance_id: null, key: 'older_inbox_chats_first', value: 'false' }]);
    const { token } = await server.signIn('demo', 'ana@demo.local');
    const features = await server.gql<{ getFeature: Array<{ name: string; enabled: boolean }> }>('demo', '{ getFeature { name enabled } }', {}, token);
    expect(features.data?.getFeature.length).toBeGreaterThan(0);
    const one = await server.gql('demo', '{ getFeature(name: "campaigns") { name enabled } }', {}, token);
    expect(one.data).toEqual({ getFeature: [{ name: 'campaigns', enabled: true }] });
  });

  it('signs the admin in with the integration token, and refuses a wrong one with the spec texts', async () => {
    const ok = await server.gql('demo', INTEGRATION, { t: demoIntegrationToken(TEST_JWT_SECRET) });
    expect(ok.data).toMatchObject({ integrationLogIn: { token: expect.any(String), user: { email: 'admin@demo.local' } } });
    const wrong = await server.gql('demo', INTEGRATION, { t: 'pbi_wrong' });
    expect(wrong.errors?.[0]).toMatchObject({
      message: auth.integrationFailedTitle,
      extensions: { code: 'INTEGRATION_TOKEN_INVALID', detail: auth.integrationFailedMessage },
    });
  });
});

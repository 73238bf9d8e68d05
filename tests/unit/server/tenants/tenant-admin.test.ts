import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStore, listStores, setStoreDisabled, STORE_DEPARTMENT } from '../../../../src/server/modules/tenants/tenant-admin';
import { openTestServer, type TestServer } from '../../../helpers/server';

const PASSWORD = 'Loja#Nova42x';

describe('tenant administration (npm run tenant)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await openTestServer();
  });
  afterAll(() => server?.close());

  const passwords = () => server.app.deps.services.passwords;

  it('creates a store whose administrator signs in and whose sandbox connection routes to its department', async () => {
    const store = await createStore(server.database, passwords(), { slug: 'padaria', name: 'Padaria Pão Quente', adminEmail: 'Dono@Padaria.test', adminPassword: PASSWORD });
    expect(store.slug).toBe('padaria');
    const { token } = await server.signIn('padaria', 'dono@padaria.test', PASSWORD);
    const me = await server.gql<{ userInfos: { role: { name: string } } }>('padaria', `query { userInfos { role { name } } }`, {}, token);
    expect(me.data?.userInfos.role.name).toBe('administrador');
    const roles = await server.gql<{ roles: Array<{ name: string }> }>('padaria', `query { roles { name } }`, {}, token);
    expect(roles.data?.roles.map((r) => r.name).sort()).toEqual(['administrador', 'atendente']);
    const instances = await server.gql<{ instances: Array<{ channel: string; activated: boolean; default_department_id: string; departments: Array<{ name: string }> }> }>(
      'padaria',
      `query { instances { channel activated default_department_id departments { name } } }`,
      {},
      token,
    );
    expect(instances.data?.instances).toEqual([expect.objectContaining({ channel: 'sandbox', activated: true, departments: [{ name: STORE_DEPARTMENT }] })]);
    expect(instances.data?.instances[0]?.default_department_id).toEqual(expect.any(String));
  });

  it('refuses a taken or reserved address, a bad e-mail and a weak password, creating nothing', async () => {
    const base = { name: 'Outra', adminEmail: 'a@b.test', adminPassword: PASSWORD };
    await expect(createStore(server.database, passwords(), { ...base, slug: 'padaria' })).rejects.toThrow('Já existe uma loja');
    await expect(createStore(server.database, passwords(), { ...base, slug: 'api' })).rejects.toThrow('endereço');
    await expect(createStore(server.database, passwords(), { ...base, slug: 'Com Espaço' })).rejects.toThrow('endereço');
    await expect(createStore(server.database, passwords(), { ...base, slug: 'nova', adminEmail: 'x' })).rejects.toThrow('e-mail');
    await expect(createStore(server.database, passwords(), { ...base, slug: 'nova', adminPassword: 'abc12345' })).rejects.toThrow();
    expect((await listStores(server.database)).map((s) => s.slug)).toEqual(['demo', 'padaria']);
  });

  it('disables a store: its address answers tenant-invalid and its tokens stop working; enabling brings it back', async () => {
    const { token } = await server.signIn('padaria', 'dono@padaria.test', PASSWORD);
    await setStoreDisabled(server.database, 'padaria', true);
    expect((await listStores(server.database)).find((s) => s.slug === 'padaria')?.disabled_at).toBeInstanceOf(Date);
    const page = await server.gql('padaria', `query { tenant { slug } }`);
    expect(page.errors?.[0]?.extensions?.code).toBe('TENANT_INVALID');
    const file = await server.app.fastify.inject({ method: 'GET', url: '/api/file/abcdefgh12.png', headers: { authorization: `Bearer ${token}` } });
    expect(file.statusCode).toBe(401);
    await expect(setStoreDisabled(server.database, 'nao-existe', true)).rejects.toThrow('Nenhuma loja');
    await setStoreDisabled(server.database, 'padaria', false);
    const me = await server.gql('padaria', `query { userInfos { email } }`, {}, token);
    expect(me.data).toEqual({ userInfos: { email: 'dono@padaria.test' } });
    // The demo store was never touched.
    expect((await server.gql('demo', `query { tenant { slug } }`)).data).toEqual({ tenant: { slug: 'demo' } });
  });
});

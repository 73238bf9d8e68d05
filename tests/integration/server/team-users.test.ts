import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantChangeChannel } from '../../../src/server/modules/tenant-changes/tenant-changes';
import { DEMO_PASSWORD } from '../../../src/server/modules/tenants/demo-seed';
import { openTeamServer, type TeamServer } from './support/team-server';

const USER = `id name email username image photo state isConnected last_seen_at blocked_at open_tickets
  role { id name } userDepartment { id name } userInstances { id instance_id name }`;
const USERS = `query ($f: UserFilters, $p: Int, $l: Int) { users(filters: $f, pagination_page: $p, pagination_limit: $l) { total total_pages items { ${USER} } } }`;
const NEW_USER = `mutation ($name: String!, $email: String!, $password: String!, $role: ID!, $dep: ID, $inst: [ID!], $username: String) {
  newUser(name: $name, email: $email, password: $password, role_id: $role, user_department_id: $dep, chosen_instances: $inst, username: $username) { ${USER} } }`;
const UPDATE_USER = `mutation ($id: ID!, $name: String, $email: String, $password: String, $role: ID, $dep: ID, $inst: [ID!], $image: String) {
  updateUser(id: $id, name: $name, email: $email, password: $password, role_id: $role, user_department_id: $dep, chosen_instances: $inst, image: $image) { ${USER} } }`;
const ME = `query { userInfos { id email } }`;
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('users administration (SPEC §7 users, newUser, updateUser, deleteUser, ...)', () => {
  let t: TeamServer;
  let ids: Awaited<ReturnType<TeamServer['demoIds']>>;
  const changes: unknown[] = [];
  beforeAll(async () => {
    t = await openTeamServer();
    ids = await t.demoIds();
    await t.server.app.deps.services.sync!.pubsub.subscribe(tenantChangeChannel(t.demoId), (event) => changes.push(event));
  });
  afterAll(() => t?.close());

  const names = (data: Data) => (data.users.items as Data[]).map((u) => u.name);
  const validationOf = async (query: string, variables: Record<string, unknown>) => (await t.call('admin', query, variables)).errors?.[0]?.extensions;

  it('lists the tenant’s users with role, department, connections and state, and filters them', async () => {
    const all = await t.ok('admin', USERS);
    expect(all.users.total).toBe(3);
    expect(names(all)).toEqual(['Administrador Demo', 'Ana Souza', 'Bruno Lima']);
    const ana = (all.users.items as Data[]).find((u) => u.name === 'Ana Souza')!;
    expect(ana).toMatchObject({ role: { name: 'atendente' }, userDepartment: { name: 'Vendas' }, userInstances: expect.arrayContaining([expect.objectContaining({ name: 'WhatsApp Loja Demo' })]), state: 'online' });
    expect(ana.last_seen_at).toEqual(expect.any(String));
    expect(names(await t.ok('admin', USERS, { f: { role_id: ids.roles.atendente } }))).toEqual(['Ana Souza', 'Bruno Lima']);
    expect(names(await t.ok('admin', USERS, { f: { user_department_id: ids.departments.Suporte } }))).toEqual(['Bruno Lima']);
    expect(names(await t.ok('admin', USERS, { f: { search: 'SOUZA' } }))).toEqual(['Ana Souza']);
    expect(names(await t.ok('admin', USERS, { f: { instance_id: String(t.demoInstanceId) } }))).toHaveLength(3);
    expect(names(await t.ok('admin', USERS, { f: { state: 'blocked' } }))).toEqual([]);
    const paged = await t.ok('admin', USERS, { p: 2, l: 2 });
    expect(paged.users).toMatchObject({ total: 3, total_pages: 2 });
    expect(names(paged)).toEqual(['Bruno Lima']);
  });

  it('refuses the list to an attendant without users/list and shows another tenant only its own users', async () => {
    expect(await t.code('ana', USERS)).toBe('FORBIDDEN');
    expect(names(await t.ok('other', USERS))).toEqual(['Admin Outra']);
    expect(await t.ok('other', `query ($u: ID!) { userInstances(user_id: $u) { id } }`, { u: ids.users.ana })).toEqual({ userInstances: [] });
    expect(await t.code('bruno', `query ($u: ID!) { userInstances(user_id: $u) { id } }`, { u: ids.users.ana })).toBe('FORBIDDEN');
    const own = await t.ok('ana', `query ($u: ID!) { userInstances(user_id: $u) { instance_id name } }`, { u: ids.users.ana });
    expect(own.userInstances).toContainEqual({ instance_id: String(t.demoInstanceId), name: 'WhatsApp Loja Demo' });
  });

  it('creates a user who signs in at once, keeping e-mails unique per tenant and passwords strong (SPEC §5)', async () => {
    changes.length = 0;
    const created = await t.ok('admin', NEW_USER, {
      name: 'Carla Dias',
      email: 'Carla@Demo.local',
      password: 'Carla#Forte9x',
      role: ids.roles.atendente,
      dep: ids.departments.Vendas,
      inst: [String(t.demoInstanceId)],
    });
    expect(created.newUser).toMatchObject({
      name: 'Carla Dias',
      email: 'carla@demo.local',
      username: 'carla',
      state: 'offline',
      userDepartment: { name: 'Vendas' },
      userInstances: [{ name: 'WhatsApp Loja Demo' }],
    });
    expect(changes).toContainEqual({ kind: 'users', id: created.newUser.id });
    expect((await t.server.signIn('demo', 'carla@demo.local', 'Carla#Forte9x')).token).toEqual(expect.any(String));

    const base = { name: 'Outra Carla', password: 'Carla#Forte9x', role: ids.roles.atendente };
    expect(await validationOf(NEW_USER, { ...base, email: 'CARLA@demo.local' })).toMatchObject({ code: 'VALIDATION', field: 'email', detail: 'E-mail já cadastrado.' });
    expect(await validationOf(NEW_USER, { ...base, email: 'c2@demo.local', password: 'abc12345' })).toMatchObject({ code: 'VALIDATION', field: 'password' });
    expect(await validationOf(NEW_USER, { ...base, email: 'c2@demo.local', password: 'Curta#1' })).toMatchObject({ code: 'VALIDATION', field: 'password' });
    expect(await validationOf(NEW_USER, { ...base, email: 'nao-e-email' })).toMatchObject({ code: 'VALIDATION', field: 'email', detail: 'Informe um e-mail válido.' });
    expect(await validationOf(NEW_USER, { ...base, email: 'c2@demo.local', name: '<script>' })).toMatchObject({ code: 'ATTACK' });
    // The same e-mail may exist in another tenant.
    const elsewhere = await t.ok('other', `query { roles { id name } }`);
    const otherRole = (elsewhere.roles as Data[]).find((r) => r.name === 'atendente')!.id;
    expect((await t.ok('other', NEW_USER, { ...base, email: 'carla@demo.local', role: otherRole })).newUser.email).toBe('carla@demo.local');
  });

  it('never lets a tenant reach another tenant’s roles, departments, connections or users, nor an attendant create anyone', async () => {
    const base = { name: 'Intrusa', email: 'intrusa@outra.test', password: 'Carla#Forte9x' };
    expect(await t.code('ana', NEW_USER, { ...base, role: ids.roles.atendente })).toBe('FORBIDDEN');
    const role = await t.call('other', NEW_USER, { ...base, role: ids.roles.administrador });
    expect(role.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION', field: 'role_id' });
    const roles = (await t.ok('other', `query { roles { id name } }`)).roles as Data[];
    const own = roles.find((r) => r.name === 'atendente')!.id;
    const department = await t.call('other', NEW_USER, { ...base, role: own, dep: ids.departments.Vendas });
    expect(department.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION', field: 'user_department_id' });
    const instance = await t.call('other', NEW_USER, { ...base, role: own, inst: [String(t.demoInstanceId)] });
    expect(instance.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION', field: 'chosen_instances' });
    for (const [query, variables] of [
      [UPDATE_USER, { id: ids.users.ana, name: 'Hackeada' }],
      [`mutation ($id: ID!) { deleteUser(id: $id) }`, { id: ids.users.ana }],
      [`mutation ($id: ID!) { disconnectUser(user_id: $id) }`, { id: ids.users.ana }],
      [`mutation ($id: ID!) { resetUserTwoFactor(user_id: $id) }`, { id: ids.users.ana }],
      [`mutation ($id: ID!) { unblockUser(user_id: $id) }`, { id: ids.users.ana }],
    ] as const) {
      expect(await t.code('other', query, variables)).toBe('NOT_FOUND');
      expect(await t.code('ana', query, variables)).toBe('FORBIDDEN');
    }
    const anaRow = (await t.ok('admin', USERS, { f: { search: 'ana souza' } })).users.items[0];
    expect(await t.code('other', `mutation ($id: ID!) { deleteUserInstance(id: $id) }`, { id: anaRow.userInstances[0].id })).toBe('VALIDATION');
    const untouched = (await t.ok('admin', USERS, { f: { search: 'ana souza' } })).users.items[0];
    expect(untouched.userInstances.map((i: Data) => i.id)).toEqual(anaRow.userInstances.map((i: Data) => i.id));
  });

  it('edits a user: department cleared with null, a photo stored as a tenant file, a new password ending the sessions', async () => {
    const carla = (await t.ok('admin', USERS, { f: { search: 'carla' } })).users.items[0];
    const session = await t.server.signIn('demo', 'carla@demo.local', 'Carla#Forte9x');
    const noDepartment = await t.ok('admin', UPDATE_USER, { id: carla.id, dep: null });
    expect(noDepartment.updateUser.userDepartment).toBeNull();
    const withPhoto = await t.ok('admin', UPDATE_USER, { id: carla.id, image: PNG, dep: ids.departments.Vendas });
    expect(withPhoto.updateUser.image).toMatch(/^\/api\/file\/\w+\.png$/);
    expect(withPhoto.updateUser.photo).toMatch(/^\/api\/file\/\w+\.png\?t=\d+&e=\d+&s=/);
    expect(withPhoto.updateUser.userDepartment).toMatchObject({ name: 'Vendas' });
    const kept = await t.ok('admin', UPDATE_USER, { id: carla.id, name: 'Carla D.', image: withPhoto.updateUser.image });
    expect(kept.updateUser).toMatchObject({ name: 'Carla D.', image: withPhoto.updateUser.image });
    expect(await validationOf(UPDATE_USER, { id: carla.id, image: 'data:text/plain;base64,AAAA' })).toMatchObject({ field: 'image' });
    expect(await validationOf(UPDATE_USER, { id: carla.id, email: 'ana@demo.local' })).toMatchObject({ field: 'email', detail: 'E-mail já cadastrado.' });
    expect((await t.server.gql('demo', ME, {}, session.token)).data?.userInfos).toMatchObject({ email: 'carla@demo.local' });
    await t.ok('admin', UPDATE_USER, { id: carla.id, password: 'Nova#Senha7k' });
    expect((await t.server.gql('demo', ME, {}, session.token)).errors?.[0]?.message).toBe('Unauthorized');
    expect((await t.server.signIn('demo', 'carla@demo.local', 'Nova#Senha7k')).token).toEqual(expect.any(String));
  });

  it('protects the principal user and the last administrator', async () => {
    const admin = ids.users.admin;
    expect(await validationOf(UPDATE_USER, { id: admin, role: ids.roles.atendente })).toMatchObject({ field: 'role_id', detail: expect.stringContaining('principal') });
    expect(await validationOf(`mutation ($id: ID!) { deleteUser(id: $id) }`, { id: admin })).toMatchObject({ field: 'id' });
    // A second administrator can be demoted while the principal one stays.
    const bruno = ids.users.bruno;
    await t.ok('admin', UPDATE_USER, { id: bruno, role: ids.roles.administrador });
    await t.ok('admin', UPDATE_USER, { id: bruno, role: ids.roles.atendente });
    expect((await t.ok('admin', USERS, { f: { role_id: ids.roles.administrador } })).users.total).toBe(1);
  });

  it('disconnects a user: refresh token and access token refused at once', async () => {
    const session = await t.server.signIn('demo', 'bruno@demo.local');
    expect(await t.ok('admin', `mutation ($id: ID!) { disconnectUser(user_id: $id, ip: "10.0.0.1") }`, { id: ids.users.bruno })).toEqual({ disconnectUser: true });
    expect((await t.server.gql('demo', ME, {}, session.token)).errors?.[0]?.message).toBe('Unauthorized');
    const refreshed = await t.server.gql('demo', `mutation ($r: String!) { refreshToken(refresh_token: $r) { token } }`, { r: session.refreshToken });
    expect(refreshed.errors?.[0]?.message).toBe('Unauthorized');
    expect((await t.ok('admin', USERS, { f: { search: 'bruno' } })).users.items[0].state).toBe('offline');
    expect((await t.server.signIn('demo', 'bruno@demo.local', DEMO_PASSWORD)).token).toEqual(expect.any(String));
  });

  it('resets two-factor and unblocks a user', async () => {
    await t.server.database.withTenant(t.demoId, (tx) =>
      tx.updateTable('users').set({ twofactor_activity: true, google2fa_secret: 'JBSWY3DPEHPK3PXP', blocked_at: new Date(), attempts: 5 }).where('id', '=', Number(ids.users.bruno)).execute(),
    );
    expect((await t.ok('admin', USERS, { f: { state: 'blocked' } })).users.items.map((u: Data) => u.name)).toEqual(['Bruno Lima']);
    await t.ok('admin', `mutation ($id: ID!) { resetUserTwoFactor(user_id: $id) }`, { id: ids.users.bruno });
    await t.ok('admin', `mutation ($id: ID!) { unblockUser(user_id: $id) }`, { id: ids.users.bruno });
    const row = await t.server.database.withTenant(t.demoId, (tx) =>
      tx.selectFrom('users').select(['twofactor_activity', 'google2fa_secret', 'blocked_at']).where('id', '=', Number(ids.users.bruno)).executeTakeFirstOrThrow(),
    );
    expect(row).toEqual({ twofactor_activity: false, google2fa_secret: null, blocked_at: null });
  });

  it('deletes a user softly: sessions end, open tickets move on with the attendant-removed notice, history keeps the name, the e-mail is free again', async () => {
    const session = await t.server.signIn('demo', 'ana@demo.local');
    const { ticketId } = await t.customerWrites('5511970001111', 'Quero falar com a Ana');
    await t.ok('ana', `mutation ($id: ID!) { pickChatTicket(id: $id) { id } }`, { id: String(ticketId) });
    expect(await validationOf(`mutation ($id: ID!) { deleteUser(id: $id) }`, { id: ids.users.admin })).toMatchObject({ field: 'id' });
    changes.length = 0;
    expect(await t.ok('admin', `mutation ($id: ID!) { deleteUser(id: $id) }`, { id: ids.users.ana })).toEqual({ deleteUser: true });
    expect(changes).toContainEqual({ kind: 'users', id: ids.users.ana });
    expect((await t.server.gql('demo', ME, {}, session.token)).errors?.[0]?.message).toBe('Unauthorized');
    const ticket = await t.server.database.withTenant(t.demoId, (tx) =>
      tx.selectFrom('chat_tickets').select(['user_id', 'inbox', 'inbox_department_id']).where('id', '=', ticketId).executeTakeFirstOrThrow(),
    );
    // Back in the Vendas Fila, although Carla (Vendas, same connection) could hold it: the department decides.
    expect(ticket).toMatchObject({ user_id: null, inbox: true, inbox_department_id: Number(ids.departments.Vendas) });
    expect(names(await t.ok('admin', USERS))).not.toContain('Ana Souza');
    const again = await t.ok('admin', NEW_USER, { name: 'Ana Nova', email: 'ana@demo.local', password: 'Ana#Nova77x', role: ids.roles.atendente });
    expect(again.newUser.email).toBe('ana@demo.local');
  });

  it('lets a non-administrador role that lists users/list manage attendants, but never make or touch an administrador', async () => {
    const role = await t.ok('admin', `mutation { createRole(display_name: "Gerente", has_permission_routes: ["users-list"]) { id } }`);
    await t.ok('admin', NEW_USER, { name: 'Gerson Gerente', email: 'gerson@demo.local', password: 'Gerson#Forte9', role: role.createRole.id });
    const { token } = await t.server.signIn('demo', 'gerson@demo.local', 'Gerson#Forte9');
    const asManager = (query: string, variables: Record<string, unknown>) => t.server.gql<Data>('demo', query, variables, token);
    expect((await asManager(USERS, {})).data?.users.total).toBeGreaterThan(0);
    const attendant = await asManager(NEW_USER, { name: 'Davi', email: 'davi@demo.local', password: 'Davi#Forte77', role: ids.roles.atendente });
    expect(attendant.data?.newUser.name).toBe('Davi');
    const promote = await asManager(NEW_USER, { name: 'Eva', email: 'eva@demo.local', password: 'Eva#Forte79x', role: ids.roles.administrador });
    expect(promote.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await asManager(UPDATE_USER, { id: attendant.data?.newUser.id, role: ids.roles.administrador })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await asManager(UPDATE_USER, { id: ids.users.admin, name: 'Trocado' })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await asManager(`mutation ($id: ID!) { deleteUser(id: $id) }`, { id: ids.users.admin })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await asManager(`query { roles { id } }`, {})).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROUTES } from '../../../src/shared/domain/routes';
import { tenantChangeChannel } from '../../../src/server/modules/tenant-changes/tenant-changes';
import { openTeamServer, type TeamServer } from './support/team-server';

const DEPARTMENTS = `query ($s: String, $a: Boolean) { userDepartments(search: $s, activated: $a) {
  id name activated open_tickets members { name } instances { name } default_of_instances { name } } }`;
const CREATE_DEPARTMENT = `mutation ($name: String!, $i: [ID!]) { createUserDepartment(name: $name, instance_ids: $i) { id name activated instances { name } } }`;
const UPDATE_DEPARTMENT = `mutation ($id: ID!, $name: String, $a: Boolean, $i: [ID!], $to: ID) {
  updateUserDepartment(id: $id, name: $name, activated: $a, instance_ids: $i, move_to_department_id: $to) { id name activated open_tickets members { name } default_of_instances { name } } }`;
const DELETE_DEPARTMENT = `mutation ($id: ID!, $to: ID) { deleteUserDepartment(id: $id, move_to_department_id: $to) }`;
const ROLES = `query { roles { id name display_name has_permission_routes users_count is_admin } }`;
const CREATE_ROLE = `mutation ($d: String!, $r: [String!]!, $n: String) { createRole(display_name: $d, has_permission_routes: $r, name: $n) { id name display_name has_permission_routes users_count is_admin } }`;
const UPDATE_ROLE = `mutation ($id: ID!, $d: String, $r: [String!], $n: String) { updateRole(id: $id, display_name: $d, has_permission_routes: $r, name: $n) { id name display_name has_permission_routes } }`;
const DELETE_ROLE = `mutation ($id: ID!) { deleteRole(id: $id) }`;

type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('departments and roles administration (issue 12)', () => {
  let t: TeamServer;
  let ids: Awaited<ReturnType<TeamServer['demoIds']>>;
  const changes: unknown[] = [];
  beforeAll(async () => {
    t = await openTeamServer();
    ids = await t.demoIds();
    await t.server.app.deps.services.sync!.pubsub.subscribe(tenantChangeChannel(t.demoId), (event) => changes.push(event));
  });
  afterAll(() => t?.close());

  const byName = (list: Data[], name: string) => list.find((d) => d.name === name)!;

  it('lists departments with members, connections, defaults and open tickets; searches ignoring accents', async () => {
    await t.customerWrites('5511970002001', 'Olá');
    const { userDepartments } = await t.ok('admin', DEPARTMENTS);
    expect(userDepartments.map((d: Data) => d.name)).toEqual(['Suporte', 'Vendas']);
    expect(byName(userDepartments, 'Vendas')).toMatchObject({
      activated: true,
      members: [{ name: 'Ana Souza' }],
      instances: expect.arrayContaining([{ name: 'WhatsApp Loja Demo' }]),
      default_of_instances: [{ name: 'WhatsApp Loja Demo' }],
    });
    expect(byName(userDepartments, 'Vendas').open_tickets).toBeGreaterThan(0);
    await t.ok('admin', CREATE_DEPARTMENT, { name: 'Cobrança' });
    expect((await t.ok('admin', DEPARTMENTS, { s: 'cobranca' })).userDepartments.map((d: Data) => d.name)).toEqual(['Cobrança']);
  });

  it('creates and renames departments with unique names and the connections they serve', async () => {
    changes.length = 0;
    const created = await t.ok('admin', CREATE_DEPARTMENT, { name: 'Financeiro', i: [String(t.demoInstanceId)] });
    expect(created.createUserDepartment).toMatchObject({ name: 'Financeiro', activated: true, instances: [{ name: 'WhatsApp Loja Demo' }] });
    expect(changes).toContainEqual({ kind: 'departments', id: created.createUserDepartment.id });
    const taken = await t.call('admin', CREATE_DEPARTMENT, { name: 'vendas' });
    expect(taken.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION', field: 'name', detail: 'Departamento já cadastrado.' });
    const empty = await t.call('admin', CREATE_DEPARTMENT, { name: '  ' });
    expect(empty.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION', field: 'name' });
    const renamed = await t.ok('admin', UPDATE_DEPARTMENT, { id: created.createUserDepartment.id, name: 'Finanças' });
    expect(renamed.updateUserDepartment.name).toBe('Finanças');
  });

  it('asks where open tickets, members and connection defaults go before deactivating or deleting, and orphans nothing', async () => {
    const { ticketId } = await t.customerWrites('5511970002002', 'Preciso de ajuda');
    const refused = await t.call('admin', UPDATE_DEPARTMENT, { id: ids.departments.Vendas, a: false });
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION', field: 'move_to_department_id' });
    const toItself = await t.call('admin', DELETE_DEPARTMENT, { id: ids.departments.Vendas, to: ids.departments.Vendas });
    expect(toItself.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION', field: 'move_to_department_id' });

    const off = await t.ok('admin', UPDATE_DEPARTMENT, { id: ids.departments.Vendas, a: false, to: ids.departments.Suporte });
    expect(off.updateUserDepartment).toMatchObject({ activated: false, open_tickets: 0, members: [], default_of_instances: [] });
    const { userDepartments } = await t.ok('admin', DEPARTMENTS);
    expect(byName(userDepartments, 'Suporte')).toMatchObject({
      members: [{ name: 'Ana Souza' }, { name: 'Bruno Lima' }],
      default_of_instances: [{ name: 'WhatsApp Loja Demo' }],
    });
    const ticket = await t.server.database.withTenant(t.demoId, (tx) => tx.selectFrom('chat_tickets').select('inbox_department_id').where('id', '=', ticketId).executeTakeFirstOrThrow());
    expect(String(ticket.inbox_department_id)).toBe(ids.departments.Suporte);
    // An inactive department takes nobody in.
    const inactive = await t.call('admin', DELETE_DEPARTMENT, { id: ids.departments.Suporte, to: ids.departments.Vendas });
    expect(inactive.errors?.[0]?.extensions).toMatchObject({ field: 'move_to_department_id' });

    expect(await t.ok('admin', DELETE_DEPARTMENT, { id: ids.departments.Vendas })).toEqual({ deleteUserDepartment: true });
    expect((await t.ok('admin', DEPARTMENTS)).userDepartments.map((d: Data) => d.name)).not.toContain('Vendas');
  });

  it('refuses departments to an attendant and keeps each tenant’s departments its own', async () => {
    expect(await t.code('ana', DEPARTMENTS)).toBe('FORBIDDEN');
    expect(await t.code('ana', CREATE_DEPARTMENT, { name: 'X' })).toBe('FORBIDDEN');
    expect(await t.code('ana', UPDATE_DEPARTMENT, { id: ids.departments.Suporte, name: 'X' })).toBe('FORBIDDEN');
    expect(await t.code('ana', DELETE_DEPARTMENT, { id: ids.departments.Suporte })).toBe('FORBIDDEN');
    expect((await t.ok('other', DEPARTMENTS)).userDepartments.map((d: Data) => d.name)).toEqual(['Geral']);
    expect(await t.code('other', UPDATE_DEPARTMENT, { id: ids.departments.Suporte, name: 'Invadido' })).toBe('NOT_FOUND');
    expect(await t.code('other', DELETE_DEPARTMENT, { id: ids.departments.Suporte })).toBe('NOT_FOUND');
    const foreignConnection = await t.call('other', CREATE_DEPARTMENT, { name: 'Roubo', i: [String(t.demoInstanceId)] });
    expect(foreignConnection.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION', field: 'instance_ids' });
    const geral = (await t.ok('other', DEPARTMENTS)).userDepartments[0].id;
    const crossMove = await t.call('other', UPDATE_DEPARTMENT, { id: geral, a: false, to: ids.departments.Suporte });
    expect(crossMove.errors?.[0]?.extensions).toMatchObject({ field: 'move_to_department_id' });
    expect((await t.ok('admin', DEPARTMENTS)).userDepartments.map((d: Data) => d.name)).toContain('Suporte');
  });

  it('lists roles with their users; administrador shows every route', async () => {
    const { roles } = await t.ok('admin', ROLES);
    expect(byName(roles, 'administrador')).toMatchObject({ is_admin: true, users_count: 1, has_permission_routes: APP_ROUTES.map((r) => r.name) });
    expect(byName(roles, 'atendente')).toMatchObject({ is_admin: false, users_count: 2 });
  });

  it('creates, edits and deletes a role with known routes only', async () => {
    changes.length = 0;
    const created = await t.ok('admin', CREATE_ROLE, { d: 'Líder de Vendas', r: ['chat-attendance', 'users-list', 'chat-attendance'] });
    expect(created.createRole).toMatchObject({ name: 'lider-de-vendas', has_permission_routes: ['chat-attendance', 'users-list'], users_count: 0 });
    expect(changes).toContainEqual({ kind: 'roles', id: created.createRole.id });
    const unknown = await t.call('admin', CREATE_ROLE, { d: 'Outro', r: ['not-a-route'] });
    expect(unknown.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION', field: 'has_permission_routes' });
    const taken = await t.call('admin', CREATE_ROLE, { d: 'Atendente 2', r: [], n: 'atendente' });
    expect(taken.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION', field: 'name' });
    const edited = await t.ok('admin', UPDATE_ROLE, { id: created.createRole.id, r: ['chat-attendance'], d: 'Líder' });
    expect(edited.updateRole).toMatchObject({ display_name: 'Líder', has_permission_routes: ['chat-attendance'] });
    expect(await t.ok('admin', DELETE_ROLE, { id: created.createRole.id })).toEqual({ deleteRole: true });
  });

  it('keeps administrador whole and never deletes a role in use', async () => {
    const admin = ids.roles.administrador;
    for (const variables of [{ id: admin, r: ['chat-attendance'] }, { id: admin, n: 'chefe' }]) {
      expect((await t.call('admin', UPDATE_ROLE, variables)).errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION' });
    }
    expect((await t.ok('admin', UPDATE_ROLE, { id: admin, d: 'Administração' })).updateRole.display_name).toBe('Administração');
    expect((await t.call('admin', DELETE_ROLE, { id: admin })).errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION', field: 'id' });
    const inUse = await t.call('admin', DELETE_ROLE, { id: ids.roles.atendente });
    expect(inUse.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION', detail: expect.stringContaining('2 usuários') });
  });

  it('refuses roles to an attendant and keeps each tenant’s roles its own', async () => {
    for (const [query, variables] of [
      [ROLES, {}],
      [CREATE_ROLE, { d: 'X', r: [] }],
      [UPDATE_ROLE, { id: ids.roles.atendente, d: 'X' }],
      [DELETE_ROLE, { id: ids.roles.atendente }],
    ] as const) {
      expect(await t.code('ana', query, variables)).toBe('FORBIDDEN');
    }
    expect((await t.ok('other', ROLES)).roles.map((r: Data) => r.name).sort()).toEqual(['administrador', 'atendente']);
    expect(await t.code('other', UPDATE_ROLE, { id: ids.roles.atendente, r: ['users-list'] })).toBe('NOT_FOUND');
    expect(await t.code('other', DELETE_ROLE, { id: ids.roles.atendente })).toBe('NOT_FOUND');
    expect(await t.code('other', `query ($id: ID!) { role(id: $id) { id } }`, { id: ids.roles.atendente })).toBe('NOT_FOUND');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTeamServer, type Caller, type TeamServer } from './support/team-server';

const INBOX = `query ($i: ID!) { chatTickets(instance_id: $i, inbox: true, pagination_limit: 100) { items { id inbox_department_id } } }`;
const UPDATE = `mutation ($id: ID!, $d: ID, $ds: [ID!]) {
  updateInstance(id: $id, default_department_id: $d, department_ids: $ds) { id default_department_id departments { id name } } }`;

describe('routing: every new ticket lands in its connection’s default department (issue 12)', () => {
  let t: TeamServer;
  let ids: Awaited<ReturnType<TeamServer['demoIds']>>;
  beforeAll(async () => {
    t = await openTeamServer();
    ids = await t.demoIds();
  });
  afterAll(() => t?.close());

  const inboxOf = async (who: Caller) =>
    ((await t.ok(who, INBOX, { i: String(t.demoInstanceId) })).chatTickets.items as Array<{ id: string }>).map((ticket) => ticket.id);

  it('the demo connection sends a new customer to Vendas: Ana’s Fila shows it, Bruno’s does not, the administrator’s does', async () => {
    const instance = await t.ok('admin', `query ($id: ID!) { instance(id: $id) { default_department_id departments { name } } }`, { id: String(t.demoInstanceId) });
    expect(instance.instance.default_department_id).toBe(ids.departments.Vendas);
    expect(instance.instance.departments.map((d: { name: string }) => d.name)).toEqual(['Suporte', 'Vendas']);
    const { ticketId, inboxDepartmentId } = await t.customerWrites('5511970000001', 'Olá, quero comprar');
    expect(String(inboxDepartmentId)).toBe(ids.departments.Vendas);
    expect(await inboxOf('ana')).toContain(String(ticketId));
    expect(await inboxOf('bruno')).not.toContain(String(ticketId));
    expect(await inboxOf('admin')).toContain(String(ticketId));
  });

  it('follows a new default set through updateInstance, and keeps tickets without a department visible to administrators', async () => {
    const moved = await t.ok('admin', UPDATE, { id: String(t.demoInstanceId), d: ids.departments.Suporte });
    expect(moved.updateInstance.default_department_id).toBe(ids.departments.Suporte);
    const toSupport = await t.customerWrites('5511970000002', 'Meu pedido não chegou');
    expect(await inboxOf('bruno')).toContain(String(toSupport.ticketId));
    expect(await inboxOf('ana')).not.toContain(String(toSupport.ticketId));

    const cleared = await t.ok('admin', UPDATE, { id: String(t.demoInstanceId), d: null });
    expect(cleared.updateInstance.default_department_id).toBeNull();
    const nowhere = await t.customerWrites('5511970000003', 'Alguém aí?');
    expect(nowhere.inboxDepartmentId).toBeNull();
    expect(await inboxOf('admin')).toContain(String(nowhere.ticketId));
    expect(await inboxOf('ana')).not.toContain(String(nowhere.ticketId));

    // The administrator's one-click "Definir departamento" and a transfer to a department.
    await t.ok('admin', `mutation ($id: ID!, $d: ID) { changeChatTicketDepartment(id: $id, inbox_department_id: $d) { id } }`, {
      id: String(nowhere.ticketId),
      d: ids.departments.Vendas,
    });
    expect(await inboxOf('ana')).toContain(String(nowhere.ticketId));
  });

  it('replacing the allowed departments without the default clears the default', async () => {
    await t.ok('admin', UPDATE, { id: String(t.demoInstanceId), d: ids.departments.Vendas });
    const only = await t.ok('admin', UPDATE, { id: String(t.demoInstanceId), ds: [ids.departments.Suporte] });
    expect(only.updateInstance).toMatchObject({ default_department_id: null, departments: [{ name: 'Suporte' }] });
    const restored = await t.ok('admin', UPDATE, { id: String(t.demoInstanceId), d: ids.departments.Vendas, ds: [ids.departments.Vendas, ids.departments.Suporte] });
    expect(restored.updateInstance.default_department_id).toBe(ids.departments.Vendas);
  });

  it('refuses an attendant, another tenant’s connection, and another tenant’s department', async () => {
    expect(await t.code('ana', UPDATE, { id: String(t.demoInstanceId), d: ids.departments.Suporte })).toBe('FORBIDDEN');
    expect(await t.code('other', UPDATE, { id: String(t.demoInstanceId), d: null })).toBe('NOT_FOUND');
    const result = await t.call('other', UPDATE, { id: String(t.otherInstanceId), d: ids.departments.Vendas });
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION', field: 'default_department_id' });
    const instance = await t.ok('admin', `query ($id: ID!) { instance(id: $id) { default_department_id } }`, { id: String(t.demoInstanceId) });
    expect(instance.instance.default_department_id).toBe(ids.departments.Vendas);
  });
});

describe('feature flags gate routes on the server too (verifyPermission)', () => {
  let t: TeamServer;
  beforeAll(async () => {
    t = await openTeamServer();
  });
  afterAll(() => t?.close());

  it('refuses a route of a disabled feature even to the administrador, and opens it again once enabled', async () => {
    const verify = `mutation { verifyPermission(route: "whatsapp-campaigns") }`;
    expect(await t.ok('admin', verify)).toEqual({ verifyPermission: true });
    const setCampaigns = (enabled: boolean) =>
      t.server.database.withTenant(t.demoId, (tx) => tx.updateTable('features').set({ enabled }).where('name', '=', 'campaigns').execute());
    await setCampaigns(false);
    expect(await t.ok('admin', verify)).toEqual({ verifyPermission: false });
    expect(await t.ok('admin', `mutation { verifyPermission(route: "chat-attendance") }`)).toEqual({ verifyPermission: true });
    await setCampaigns(true);
    expect(await t.ok('admin', verify)).toEqual({ verifyPermission: true });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSyncFixture, type SyncFixture } from './support/sync-fixture';
import { errorOf, giveRoutes, type Data } from './store-settings/fixture';

const OPEN = 'mutation ($c: ID!, $i: ID!) { openCustomerConversation(customer_id: $c, instance_id: $i) { id inbox user_id finished_ticket instance { id } } }';
const CREATE = 'mutation ($input: ContactInput!) { createContact(input: $input) { id } }';

/** customers/list's "Abrir conversa" (issue 14 §1): the contact's ticket on a chosen connection. */
describe('openCustomerConversation', () => {
  let f: SyncFixture;
  let phone = 11922220000;
  beforeAll(async () => {
    f = await openSyncFixture();
    // Carla: an ordinary attendant (no department) whose role opens the contacts and the attendance.
    await giveRoutes(f, f.alpha, 'carla', ['customers-list', 'chat-attendance']);
  });
  afterAll(() => f?.close());

  const contact = async () =>
    (await f.gql<Data>(f.alpha, 'admin', CREATE, { input: { name: `Contato ${++phone}`, phone_number: String(phone) } })).data!.createContact.id as string;
  const open = (person: 'admin' | 'ana' | 'carla', customerId: string, instanceId = f.alpha.instanceId) =>
    f.gql<Data>(f.alpha, person, OPEN, { c: customerId, i: String(instanceId) });

  it('opens a ticket held by the attendant, and answers the same ticket when asked again', async () => {
    const id = await contact();
    const first = await open('carla', id);
    expect(first.errors).toBeUndefined();
    expect(first.data!.openCustomerConversation).toMatchObject({ inbox: false, user_id: String(f.alpha.userIds.carla), finished_ticket: false, instance: { id: String(f.alpha.instanceId) } });
    const again = await open('carla', id);
    expect(again.data!.openCustomerConversation.id).toBe(first.data!.openCustomerConversation.id);
    const tickets = await f.database.withTenant(f.alpha.tenantId, (tx) => tx.selectFrom('chat_tickets').select('id').where('customer_id', '=', Number(id)).execute());
    expect(tickets).toHaveLength(1);
  });

  it("answers the customer's inbox ticket as it is, for the attendant to pick", async () => {
    const { ticketId, customerId } = await f.inbound(f.alpha, { from: String(++phone), name: 'Na fila', text: 'Oi' });
    const opened = await open('carla', String(customerId));
    expect(opened.data!.openCustomerConversation).toMatchObject({ id: String(ticketId), inbox: true, user_id: null });
  });

  it('refuses a customer another attendant is serving, and a blocked number, opening nothing', async () => {
    const served = await f.inbound(f.alpha, { from: String(++phone), name: 'Com o admin', text: 'Oi' });
    await f.gql(f.alpha, 'admin', 'mutation ($id: ID!) { pickChatTicket(id: $id) { id } }', { id: String(served.ticketId) });
    expect(errorOf(await open('carla', String(served.customerId)))).toMatchObject({ code: 'VALIDATION', field: 'customer_id', detail: 'Este cliente já está em atendimento com Admin.' });
    // The administrador sees every ticket: they get it.
    expect((await open('admin', String(served.customerId))).data!.openCustomerConversation.id).toBe(String(served.ticketId));

    const blocked = await contact();
    await f.gql(f.alpha, 'admin', 'mutation ($id: ID) { setNumberBlocked(id: $id, is_blacklisted: true) { id } }', { id: blocked });
    expect(errorOf(await open('carla', blocked))).toMatchObject({ code: 'VALIDATION', field: 'customer_id', detail: 'Este número está bloqueado para atendimento. Desbloqueie-o para conversar.' });
    expect(errorOf(await open('carla', '99999999'))).toMatchObject({ code: 'VALIDATION', field: 'customer_id', detail: 'Cliente não encontrado.' });
    expect(errorOf(await open('carla', 'abc'))).toMatchObject({ code: 'VALIDATION' });
    const none = await f.database.withTenant(f.alpha.tenantId, (tx) => tx.selectFrom('chat_tickets').select('id').where('customer_id', '=', Number(blocked)).execute());
    expect(none).toEqual([]);
  });

  it("refuses a connection the attendant does not work on, and a role without the contacts screen", async () => {
    const id = await contact();
    expect(errorOf(await open('carla', id, f.alpha.otherInstanceId))).toMatchObject({ code: 'FORBIDDEN' });
    expect(errorOf(await open('ana', id))).toMatchObject({ code: 'FORBIDDEN' });
    const none = await f.database.withTenant(f.alpha.tenantId, (tx) => tx.selectFrom('chat_tickets').select('id').where('customer_id', '=', Number(id)).execute());
    expect(none).toEqual([]);
  });

  it("never reaches another tenant's customers or connections", async () => {
    const id = await contact();
    // Beta's administrador, on beta's own connection, names alpha's customer: not found there.
    expect(errorOf(await f.gql(f.beta, 'admin', OPEN, { c: id, i: String(f.beta.instanceId) }))).toMatchObject({ code: 'VALIDATION', detail: 'Cliente não encontrado.' });
    expect(errorOf(await f.gql(f.beta, 'admin', OPEN, { c: id, i: String(f.alpha.instanceId) }))).toBeDefined();
    const withAlphaToken = await f.server.gql(f.beta.slug, OPEN, { c: id, i: String(f.alpha.instanceId) }, f.alpha.tokens.admin);
    expect(withAlphaToken.data).toBeFalsy();
    const tickets = await f.database.withTenant(f.alpha.tenantId, (tx) => tx.selectFrom('chat_tickets').select('id').where('customer_id', '=', Number(id)).execute());
    expect(tickets).toEqual([]);
  });
});

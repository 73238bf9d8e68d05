import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PedbotDatabase } from '../../../src/app/data/schema';
import { signedInCaller } from './support/admin-api';
import { startSyncServer, type SyncServer } from './support/sync-server';
import { eventually, startClient, type TestClient } from './support/sync-client';

/**
 * What each user's local database may hold (SPEC §4): inbox tickets by department, moved away
 * as tombstones that take their messages along, and nothing of another tenant, by pull or stream.
 * Clients open four collections each so that three fit under RxDB's 13-collection limit.
 */
const COLLECTIONS = ['customerchats', 'chattickets', 'customers', 'customerchatreactions'] as const;
const CHANGE_DEPARTMENT = `mutation ($id: ID!, $dep: ID) { changeChatTicketDepartment(id: $id, inbox_department_id: $dep) { id } }`;

let server: SyncServer;
const clients: TestClient[] = [];

beforeAll(async () => {
  server = await startSyncServer();
});
afterEach(async () => {
  for (const client of clients.splice(0)) await client.remove();
});
afterAll(async () => {
  await server?.close();
});

const client = async (email: string, tenant = 'demo') => {
  const c = await startClient({
    baseUrl: () => server.url,
    email,
    tenant,
    instanceId: await server.instanceId(tenant),
    collections: COLLECTIONS,
  });
  clients.push(c);
  return c;
};

const ticketIdOf = async (db: PedbotDatabase, phone: string) => {
  const customer = (await db.customers.find({ selector: { phone_number: phone } }).exec())[0];
  if (!customer) return undefined;
  return (await db.chattickets.find({ selector: { customer_id: customer.id } }).exec())[0]?.id;
};
const holds = async (db: PedbotDatabase, ticketId: string) => ({
  ticket: !!(await db.chattickets.findOne(ticketId).exec()),
  messages: (await db.customerchats.find({ selector: { ticket_key: ticketId } }).exec()).length,
});
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

describe('visibility of replicated data', () => {
  it('moves a ticket between departments as tombstones, taking its messages along', async () => {
    const phone = '5511976540001';
    await server.inbound(phone, 'Mensagem 1');
    await server.inbound(phone, 'Mensagem 2');
    const [admin, ana, bruno] = [await client('admin@demo.local'), await client('ana@demo.local'), await client('bruno@demo.local')];
    const ticketId = await eventually('the admin sees the new inbox ticket', () => ticketIdOf(admin.db, phone));
    await eventually('with its messages', async () => (await holds(admin.db, ticketId)).messages === 2);
    // The demo connection's default department is Vendas (Ana's).
    await eventually('Vendas (Ana) gets the new ticket', async () => {
      const held = await holds(ana.db, ticketId);
      return held.ticket && held.messages === 2;
    });
    await settle();
    expect(await holds(bruno.db, ticketId)).toEqual({ ticket: false, messages: 0 });

    const asAdmin = await signedInCaller(server.url, 'admin@demo.local');
    await asAdmin(CHANGE_DEPARTMENT, { id: ticketId, dep: bruno.user.departmentId });
    await eventually('Suporte (Bruno) gets the ticket and its earlier messages', async () => {
      const held = await holds(bruno.db, ticketId);
      return held.ticket && held.messages === 2;
    });
    await eventually('and it leaves Ana with its messages', async () => {
      const held = await holds(ana.db, ticketId);
      return !held.ticket && held.messages === 0;
    });
    await server.inbound(phone, 'Mensagem 3');
    await eventually('and the next message live', async () => (await holds(bruno.db, ticketId)).messages === 3);
    expect(await holds(ana.db, ticketId)).toEqual({ ticket: false, messages: 0 });

    await asAdmin(CHANGE_DEPARTMENT, { id: ticketId, dep: ana.user.departmentId });
    await eventually('the ticket leaves Bruno with its messages', async () => {
      const held = await holds(bruno.db, ticketId);
      return !held.ticket && held.messages === 0;
    });
    await eventually('and reaches Ana with all of them', async () => {
      const held = await holds(ana.db, ticketId);
      return held.ticket && held.messages === 3;
    });
    expect(await holds(admin.db, ticketId)).toEqual({ ticket: true, messages: 3 });
  });

  it('never replicates another tenant, neither by pull nor by stream', async () => {
    await server.seedTenant('outra');
    await server.inbound('5511976540002', 'Cliente da outra loja', { tenant: 'outra' });
    await server.inbound('5511976540003', 'Cliente da demo');
    const demoAdmin = await client('admin@demo.local');
    const otherAdmin = await client('admin@outra.local', 'outra');
    await eventually('each admin sees its own tenant', async () =>
      !!(await ticketIdOf(demoAdmin.db, '5511976540003')) && !!(await ticketIdOf(otherAdmin.db, '5511976540002')),
    );
    await server.inbound('5511976540002', 'Mais uma da outra loja', { tenant: 'outra' });
    const otherTicket = (await ticketIdOf(otherAdmin.db, '5511976540002'))!;
    await eventually('the live message in its tenant', async () => (await holds(otherAdmin.db, otherTicket)).messages === 2);
    await settle();
    expect(await ticketIdOf(demoAdmin.db, '5511976540002')).toBeUndefined();
    expect(await demoAdmin.db.customerchats.find({ selector: { instance_id: await server.instanceId('outra') } }).exec()).toHaveLength(0);
    expect(await ticketIdOf(otherAdmin.db, '5511976540003')).toBeUndefined();
    const otherInstance = await server.instanceId('outra');
    const foreign = await otherAdmin.db.chattickets.find({ selector: { instance_id: { $ne: otherInstance } } }).exec();
    expect(foreign).toHaveLength(0);
  });

  it('refuses to replicate a connection of another tenant', async () => {
    await server.seedTenant('terceira');
    const pulled = startClient({
      baseUrl: () => server.url,
      email: 'admin@demo.local',
      instanceId: await server.instanceId('terceira'),
      collections: ['chattickets'],
    });
    const c = await pulled;
    clients.push(c);
    await settle();
    expect(await c.db.chattickets.find().exec()).toHaveLength(0);
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/database';
import type { InboundInput, InboundResult } from '../../../src/server/modules/messages/inbound';
import { applyAckBatch } from '../../../src/server/modules/messages/acks';
import { receiveInboundBatch, storeInboundBatch } from '../../../src/server/modules/messages/inbound-batch';
import { ACK } from '../../../src/shared/domain/messages';
import { seedTenant } from '../../../src/server/modules/tenants/tenant-seed';
import { createMemoryPubSub } from '../../../src/server/pubsub/memory';
import { openTestDatabase, testServerUrl } from '../../helpers/test-database';

const cheapHasher = { hash: async () => 'x', verify: async () => false, verifyNothing: async () => undefined };

describe('receiveInboundBatch (one transaction for many inbound messages)', () => {
  let database: Database;
  let tenantId: number;
  let instanceId: number;
  let otherInstanceId: number;
  const pubsub = createMemoryPubSub();
  const events: unknown[] = [];
  beforeAll(async () => {
    database = await openTestDatabase();
    const seeded = await seedTenant(database, cheapHasher, {
      slug: 'lote',
      name: 'Lote',
      roles: [{ name: 'administrador', display_name: 'Administrador', routes: [] }],
      departments: [],
      users: [{ email: 'a@lote.test', name: 'A', role: 'administrador', password: 'x' }],
      instances: [
        { name: 'Principal', channel: 'sandbox', phone_number: '5511900000009', activated: true },
        { name: 'Filial', channel: 'sandbox', phone_number: '5511900000008', activated: true },
      ],
      features: [],
      settings: [],
    });
    tenantId = seeded.tenantId;
    instanceId = seeded.instanceIds[0]!;
    otherInstanceId = seeded.instanceIds[1]!;
    await pubsub.subscribe(`changes:${tenantId}`, (event) => events.push(event));
  });
  afterAll(async () => {
    await pubsub.close();
    await database.close();
  });

  const input = (over: Partial<InboundInput> & { from: string; providerMessageId: string }): InboundInput => ({ tenantId, instanceId, text: 'oi', ...over });
  const write = (inputs: InboundInput[]) => receiveInboundBatch({ database, pubsub }, tenantId, instanceId, inputs);
  const query = <T>(fn: Parameters<Database['withTenant']>[1]) => database.withTenant(tenantId, fn) as Promise<T>;

  it('stores a batch across customers: one inbox ticket each, unseen counted, last message the latest', async () => {
    const t0 = Date.now() - 60_000;
    const results = await write([
      input({ from: '5511911110001', name: 'Ana', providerMessageId: 'b1', sentAt: t0, text: 'primeira' }),
      input({ from: '5511911110002', name: 'Beto', providerMessageId: 'b2', sentAt: t0 + 1000 }),
      input({ from: '5511911110001', providerMessageId: 'b3', sentAt: t0 + 2000, text: 'segunda' }),
      // The same provider id twice in one batch is one message.
      input({ from: '5511911110001', providerMessageId: 'b3', sentAt: t0 + 2000, text: 'segunda' }),
    ]);
    expect(results.map((r) => r.duplicate)).toEqual([false, false, false, false]);
    expect(results[2]!.messageId).toBe(results[3]!.messageId);
    expect(results[0]!.ticketId).toBe(results[2]!.ticketId);
    expect(results[0]!.customerId).not.toBe(results[1]!.customerId);
    const ticket = await query<{ unseen_msg: number; last_msg_preview: string; inbox: boolean; is_not_responded: boolean }>((tx) =>
      tx.selectFrom('chat_tickets').selectAll().where('id', '=', results[0]!.ticketId!).executeTakeFirstOrThrow(),
    );
    expect(ticket).toMatchObject({ unseen_msg: 2, last_msg_preview: 'segunda', inbox: true, is_not_responded: true });
    const customer = await query<{ name: string }>((tx) => tx.selectFrom('customers').selectAll().where('id', '=', results[0]!.customerId).executeTakeFirstOrThrow());
    expect(customer.name).toBe('Ana');
    expect(events).toEqual(expect.arrayContaining([expect.objectContaining({ collection: 'customerchats', instanceId }), expect.objectContaining({ collection: 'chattickets', instanceId })]));
    // Every announcement names the writing transaction: the change position of what it wrote.
    const written = await query<{ position: string }>((tx) =>
      tx.selectFrom('customer_chats').select(sql<string>`change_xid::text`.as('position')).where('id', '=', results[0]!.messageId).executeTakeFirstOrThrow(),
    );
    expect(new Set((events as Array<{ position: number }>).map((e) => e.position))).toEqual(new Set([Number(written.position)]));
  });

  it('answers redelivered ids as duplicates without writing, and finds 12-digit wa_ids under the ninth digit', async () => {
    const [again] = await write([input({ from: '5511911110001', providerMessageId: 'b1', text: 'reenviada' })]);
    expect(again).toMatchObject({ duplicate: true });
    const stored = await query<{ message: string }>((tx) => tx.selectFrom('customer_chats').select('message').where('id', '=', again!.messageId).executeTakeFirstOrThrow());
    expect(stored.message).toBe('primeira');
    const twelve = await write([input({ from: '551181110003', providerMessageId: 'b5' })]);
    const thirteen = await write([input({ from: '5511981110003', providerMessageId: 'b6' })]);
    expect(thirteen[0]!.customerId).toBe(twelve[0]!.customerId);
    const unseen = await query<{ unseen_msg: number }>((tx) => tx.selectFrom('chat_tickets').select('unseen_msg').where('id', '=', twelve[0]!.ticketId!).executeTakeFirstOrThrow());
    expect(unseen.unseen_msg).toBe(2);
  });

  it('keeps a blocked customer\u2019s messages without a ticket, and links replies within the batch', async () => {
    const [first] = await write([input({ from: '5511911110009', providerMessageId: 'c1' })]);
    await query((tx) => tx.updateTable('customers').set({ is_blacklisted: true }).where('id', '=', first!.customerId).execute());
    await query((tx) => tx.updateTable('chat_tickets').set({ finished_ticket: true, inbox: false }).where('id', '=', first!.ticketId!).execute());
    const blocked = await write([input({ from: '5511911110009', providerMessageId: 'c2' })]);
    expect(blocked[0]).toMatchObject({ duplicate: false, ticketId: null });

    const replies = await write([
      input({ from: '5511911110010', providerMessageId: 'r1', text: 'pergunta' }),
      input({ from: '5511911110010', providerMessageId: 'r2', text: 'resposta', replyToProviderId: 'r1' }),
      input({ from: '5511911110010', providerMessageId: 'r3', replyToProviderId: 'b2' }),
    ]);
    const b2 = await query<{ id: number }>((tx) => tx.selectFrom('customer_chats').select('id').where('whatsapp_message_id', '=', 'b2').executeTakeFirstOrThrow());
    const rows = await query<Array<{ whatsapp_message_id: string; parent_id: number | null }>>((tx) =>
      tx.selectFrom('customer_chats').select(['whatsapp_message_id', 'parent_id']).where('whatsapp_message_id', 'in', ['r2', 'r3']).orderBy('id').execute(),
    );
    expect(rows).toEqual([
      { whatsapp_message_id: 'r2', parent_id: replies[0]!.messageId },
      { whatsapp_message_id: 'r3', parent_id: b2.id },
    ]);
  });
  /**
   * Runs `work` while another transaction holds what `hold` takes (released after 3 s at the latest);
   * answers whether `work` finished before that transaction ended. The holder is rolled back.
   */
  async function finishesWhileHeld(hold: Parameters<Database['withTenant']>[1], work: () => Promise<unknown>): Promise<boolean> {
    let holding = true;
    let held!: () => void;
    const taken = new Promise<void>((resolve) => (held = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const holder = query(async (tx) => {
      await hold(tx);
      held();
      await released;
      throw new Error('rolled back on purpose');
    });
    await taken;
    const timer = setTimeout(() => {
      holding = false;
      release();
    }, 3000);
    await work();
    const finishedWhileHeld = holding;
    clearTimeout(timer);
    release();
    await expect(holder).rejects.toThrow('rolled back on purpose');
    return finishedWhileHeld;
  }

  it('writes to a ticket that another transaction references meanwhile (the report job writing its cells) without waiting for it', async (ctx) => {
    if (!testServerUrl) ctx.skip(true, 'needs two connections: run the postgres project (PEDBOT_TEST_DATABASE_URL); PGlite is a single connection');
    // The rollup job's cells reference their ticket: a foreign-key check locks the ticket's key. When
    // the inbound batch locked its tickets FOR UPDATE, that check and the batch waited on each other
    // (PostgreSQL broke the cycle after deadlock_timeout, a second, and failed one of them).
    const [first] = await write([input({ from: '5511911110040', providerMessageId: 'k1' })]);
    let second: InboundResult | undefined;
    const unhindered = await finishesWhileHeld(
      (tx) => sql`
        insert into report_ticket_cells (tenant_id, chat_ticket_id, day, hour, instance_id, department_id, user_id, campaign_id, category_id, reason_id, metric, count, total)
        values (${tenantId}, ${first!.ticketId}, current_date, 0, ${instanceId}, 0, 0, 0, 0, 0, 'probe', 1, 0)`.execute(tx),
      async () => ([second] = await write([input({ from: '5511911110040', providerMessageId: 'k2', text: 'de novo' })])),
    );
    expect(unhindered).toBe(true);
    expect(second!.ticketId).toBe(first!.ticketId);
  });

  it('applies a status to a message that a reply being stored meanwhile references, without waiting for it', async (ctx) => {
    if (!testServerUrl) ctx.skip(true, 'needs two connections: run the postgres project (PEDBOT_TEST_DATABASE_URL); PGlite is a single connection');
    const [original] = await write([input({ from: '5511911110041', providerMessageId: 'q1' })]);
    const status = { tenantId, instanceId, providerMessageId: 'q1', ack: ACK.read, reason: null };
    // FOR KEY SHARE is what the foreign-key check of a reply (parent_id) takes on its parent.
    const unhindered = await finishesWhileHeld(
      (tx) => sql`select 1 from customer_chats where tenant_id = ${tenantId} and id = ${original!.messageId} for key share`.execute(tx),
      async () => expect(await applyAckBatch({ database, pubsub }, tenantId, instanceId, [status])).toEqual([true]),
    );
    expect(unhindered).toBe(true);
    const stored = await query<{ ack: number }>((tx) => tx.selectFrom('customer_chats').select('ack').where('id', '=', original!.messageId).executeTakeFirstOrThrow());
    expect(stored.ack).toBe(ACK.read);
  });

  it('creates the same new customers from two connections at once, whatever order each batch names them in', async (ctx) => {
    if (!testServerUrl) ctx.skip(true, 'needs two connections: run the postgres project (PEDBOT_TEST_DATABASE_URL); PGlite is a single connection');
    // Each connection has its own batcher, so two batches of one tenant commit concurrently.
    for (let round = 0; round < 20; round++) {
      const phones = Array.from({ length: 40 }, (_, i) => `55119${String(round).padStart(2, '0')}${String(i).padStart(6, '0')}`);
      const batch = (instance: number, order: string[]) =>
        receiveInboundBatch({ database, pubsub }, tenantId, instance, order.map((from, i) => ({ tenantId, instanceId: instance, from, providerMessageId: `d${round}-${instance}-${i}`, text: 'oi' })));
      const [here, there] = await Promise.all([batch(instanceId, phones), batch(otherInstanceId, [...phones].reverse())]);
      expect(new Set(here.map((r) => r.customerId)).size).toBe(phones.length);
      expect([...there].reverse().map((r) => r.customerId)).toEqual(here.map((r) => r.customerId));
    }
  });

  it('stores a batch before announcing it, so the senders can be answered ahead of the subscribers', async () => {
    events.length = 0;
    const tick = () => new Promise((resolve) => setImmediate(resolve));
    const { results, announce } = await storeInboundBatch({ database, pubsub }, tenantId, instanceId, [input({ from: '5511911110030', providerMessageId: 'a1' })]);
    await tick();
    expect(events).toEqual([]);
    const stored = await query<{ id: number }>((tx) => tx.selectFrom('customer_chats').select('id').where('whatsapp_message_id', '=', 'a1').executeTakeFirstOrThrow());
    expect(stored.id).toBe(results[0]!.messageId);
    await announce();
    await tick();
    expect(events).toEqual(expect.arrayContaining([expect.objectContaining({ collection: 'customerchats', instanceId })]));
    // A redelivery writes nothing, so it has nothing to announce.
    events.length = 0;
    const again = await storeInboundBatch({ database, pubsub }, tenantId, instanceId, [input({ from: '5511911110030', providerMessageId: 'a1' })]);
    expect(again.results[0]).toMatchObject({ duplicate: true, messageId: stored.id });
    await again.announce();
    await tick();
    expect(events).toEqual([]);
  });

  it('applies a batch of statuses in one transaction: forward only, in order per message, unknown ids reported', async () => {
    await write([input({ from: '5511911110020', providerMessageId: 's1' }), input({ from: '5511911110021', providerMessageId: 's2' })]);
    events.length = 0;
    const status = (providerMessageId: string, ack: (typeof ACK)[keyof typeof ACK], reason: string | null = null) => ({ tenantId, instanceId, providerMessageId, ack, reason });
    const found = await applyAckBatch({ database, pubsub }, tenantId, instanceId, [
      status('s1', ACK.read),
      // Late and repeated: changes nothing.
      status('s1', ACK.delivered),
      status('s2', ACK.failed, 'recusada'),
      status('desconhecida', ACK.sent),
    ]);
    expect(found).toEqual([true, true, true, false]);
    const rows = await query<Array<{ whatsapp_message_id: string; ack: number; failure_reason: string | null }>>((tx) =>
      tx.selectFrom('customer_chats').select(['whatsapp_message_id', 'ack', 'failure_reason']).where('whatsapp_message_id', 'in', ['s1', 's2']).orderBy('id').execute(),
    );
    expect(rows).toEqual([
      { whatsapp_message_id: 's1', ack: ACK.read, failure_reason: null },
      { whatsapp_message_id: 's2', ack: ACK.failed, failure_reason: 'recusada' },
    ]);
    expect(events).toEqual([expect.objectContaining({ collection: 'customerchats', instanceId })]);
  });
});

import type { Client } from 'graphql-ws';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../../src/server/db/database';
import { startServer } from '../../../src/server/main';
import { AutoTransferJob } from '../../../src/server/modules/transfers/auto-transfer-job';
import { NO_RESPONSE_SETTING } from '../../../src/server/modules/transfers/auto-transfer';
import { testConfig } from '../../helpers/server';
import { streamQuery } from './support/operations';
import { openSyncFixture, type SyncFixture } from './support/sync-fixture';
import { subscribeStream, wsClient } from './support/ws-client';

interface TransferRow {
  previous_user_id: number | null;
  next_user_id: number;
  created_by: number | null;
  cause: string;
  transfer_at: Date | null;
}

interface TicketEventPayload {
  kind: string;
  ticket_id: string;
  previous_user_id: string | null;
  next_user_id: string | null;
  trigger_user_id: string | null;
  attendant_removed: boolean;
}

const TICKET_EVENTS = `subscription ($instance_id: ID!) {
  ticketEvents(instance_id: $instance_id) { kind ticket_id previous_user_id next_user_id trigger_user_id attendant_removed }
}`;

describe('automatic transfers (SPEC §4: lack of response, attendant removed)', () => {
  let f: SyncFixture;
  let job: AutoTransferJob;
  let phones = 0;
  const clients: Client[] = [];

  beforeAll(async () => {
    f = await openSyncFixture();
    job = new AutoTransferJob({ database: f.database, pubsub: f.sync.pubsub, intervalMs: 60_000 });
  });
  afterEach(async () => {
    // Every test starts with no open ticket, so the job only sees the tickets the test makes.
    await f.database.withTenant(f.alpha.tenantId, (tx) =>
      tx.updateTable('chat_tickets').set({ finished_ticket: true }).where('tenant_id', '=', f.alpha.tenantId).where('finished_ticket', '=', false).execute(),
    );
  });
  afterAll(async () => {
    await job?.stop();
    await Promise.all(clients.map((c) => c.dispose()));
    await f?.close();
  });

  const tenantId = () => f.alpha.tenantId;
  const inTenant = <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => f.database.withTenant(tenantId(), fn);

  async function addAttendant(name: string, departmentId: number | null, online = false): Promise<number> {
    return inTenant(async (tx) => {
      const role = await tx.selectFrom('roles').select('id').where('name', '=', 'atendente').executeTakeFirstOrThrow();
      const user = await tx
        .insertInto('users')
        .values({ tenant_id: tenantId(), email: `${name}-${Date.now()}@alpha.test`, name, password_hash: 'x', role_id: role.id, user_department_id: departmentId, is_connected: online })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx.insertInto('user_instances').values({ tenant_id: tenantId(), user_id: user.id, instance_id: f.alpha.instanceId }).execute();
      return user.id;
    });
  }

  /** A ticket held by `holder` whose customer has waited `minutesAgo` (message and assignment backdated). */
  async function heldTicket(holder: number, departmentId: number | null, minutesAgo = 20): Promise<number> {
    const { ticketId } = await f.inbound(f.alpha, { from: `119333${String(++phones).padStart(5, '0')}`, text: 'alguém aí?' });
    await inTenant(async (tx) => {
      await tx.updateTable('chat_tickets').set({ user_id: holder, inbox: false, inbox_department_id: departmentId }).where('tenant_id', '=', tenantId()).where('id', '=', ticketId).execute();
      const since = new Date(Date.now() - minutesAgo * 60_000);
      await sql`update chat_tickets set last_msg = ${since}, assigned_at = ${since} where tenant_id = ${tenantId()} and id = ${ticketId}`.execute(tx);
    });
    return ticketId;
  }

  const ticket = (id: number) =>
    inTenant((tx) => tx.selectFrom('chat_tickets').select(['user_id', 'previous_user_id', 'inbox', 'inbox_department_id']).where('id', '=', id).executeTakeFirstOrThrow());

  const transfersOf = (id: number) =>
    inTenant(async (tx) => (await sql<TransferRow>`select previous_user_id, next_user_id, created_by, cause, transfer_at from ticket_transfers where chat_ticket_id = ${id} order by id`.execute(tx)).rows);

  const setAnswerTime = (instanceId: number | null, value: string) =>
    inTenant((tx) =>
      tx
        .insertInto('settings')
        .values({ tenant_id: tenantId(), instance_id: instanceId, key: NO_RESPONSE_SETTING, value })
        .onConflict((oc) => oc.columns(['tenant_id', 'instance_id', 'key']).doUpdateSet({ value }))
        .execute(),
    );

  const clearAnswerTime = () => inTenant((tx) => tx.deleteFrom('settings').where('key', '=', NO_RESPONSE_SETTING).execute());

  it('moves an unanswered ticket to an attendant of its department, online first, after the default 15 minutes', async () => {
    const { ana } = f.alpha.userIds;
    const vendas = f.alpha.departments.vendas;
    // Diana is offline with the lower id; Elisa is online.
    await addAttendant('Diana', vendas);
    const online = await addAttendant('Elisa', vendas, true);
    const late = await heldTicket(ana, vendas, 16);
    const inTime = await heldTicket(ana, vendas, 14);
    const answered = await heldTicket(ana, vendas, 60);
    await inTenant((tx) => tx.updateTable('chat_tickets').set({ is_not_responded: false }).where('id', '=', answered).execute());

    expect(await job.run()).toBe(1);
    expect(await ticket(late)).toMatchObject({ user_id: online, previous_user_id: ana, inbox: false, inbox_department_id: vendas });
    const [transfer, ...more] = await transfersOf(late);
    expect(more).toEqual([]);
    expect(transfer).toMatchObject({ previous_user_id: ana, next_user_id: online, created_by: null, cause: 'no_response' });
    expect(transfer!.transfer_at).not.toBeNull();
    expect((await ticket(inTime)).user_id).toBe(ana);
    expect((await ticket(answered)).user_id).toBe(ana);
    // The new holder's time runs from when the ticket reached them.
    expect(await job.run()).toBe(0);
  });

  it('counts from the assignment: an old message picked up just now is not overdue', async () => {
    const { ana, carla } = f.alpha.userIds;
    const picked = await heldTicket(ana, null, 60);
    // A new holder (a pick or a transfer) restarts the clock: the database stamps assigned_at.
    await inTenant((tx) => tx.updateTable('chat_tickets').set({ user_id: carla }).where('id', '=', picked).execute());
    expect(await job.run()).toBe(0);
    expect((await ticket(picked)).user_id).toBe(carla);
  });

  it('reads the time to answer per connection, else per tenant; 0 turns it off', async () => {
    const { ana } = f.alpha.userIds;
    try {
      await setAnswerTime(null, '0');
      const waiting = await heldTicket(ana, null, 120);
      expect(await job.run()).toBe(0);
      await setAnswerTime(f.alpha.instanceId, ' 30 ');
      const recent = await heldTicket(ana, null, 20);
      expect(await job.run()).toBe(1);
      expect((await ticket(waiting)).user_id).not.toBe(ana);
      expect((await ticket(recent)).user_id).toBe(ana);
    } finally {
      await clearAnswerTime();
    }
  });

  it('sends the ticket back to its department inbox when no other attendant may take it', async () => {
    const suporte = f.alpha.departments.suporte;
    const lone = await heldTicket(f.alpha.userIds.bruno, suporte, 30);
    expect(await job.run()).toBe(1);
    expect(await ticket(lone)).toMatchObject({ user_id: null, inbox: true, inbox_department_id: suporte, previous_user_id: f.alpha.userIds.bruno });
    expect(await transfersOf(lone)).toEqual([]);
  });

  it('transfers each ticket once when two job runs (two replicas) race', async () => {
    const holder = await addAttendant('Fabio', null);
    const tickets = [await heldTicket(holder, null), await heldTicket(holder, null), await heldTicket(holder, null), await heldTicket(holder, null)];
    const replica = new AutoTransferJob({ database: f.database, pubsub: f.sync.pubsub, intervalMs: 60_000 });
    const [a, b] = await Promise.all([job.run(), replica.run()]);
    expect(a + b).toBe(tickets.length);
    for (const id of tickets) {
      const transfers = await transfersOf(id);
      expect(transfers).toHaveLength(1);
      expect(transfers[0]).toMatchObject({ previous_user_id: holder, cause: 'no_response' });
      expect((await ticket(id)).user_id).toBe(transfers[0]!.next_user_id);
    }
    await replica.stop();
  });

  it("puts a deleted attendant's open tickets back in their department's Fila (issue 12 §3)", async () => {
    const vendas = f.alpha.departments.vendas;
    const gone = await addAttendant('Gabi', vendas);
    const inVendas = await heldTicket(gone, vendas, 0);
    const noDepartment = await heldTicket(gone, null, 0);
    await inTenant((tx) => tx.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', gone).execute());
    expect(await job.run()).toBe(1);
    for (const id of [inVendas, noDepartment]) {
      expect(await transfersOf(id)).toEqual([]);
      expect(await ticket(id)).toMatchObject({ user_id: null, inbox: true });
    }
    expect((await ticket(inVendas)).inbox_department_id).toBe(vendas);
  });

  it('transfers only the tickets of the department or connection the attendant left', async () => {
    const { vendas, suporte } = f.alpha.departments;
    const moved = await addAttendant('Hugo', vendas);
    const ofVendas = await heldTicket(moved, vendas, 0);
    const kept = await heldTicket(moved, null, 0);
    await inTenant((tx) => tx.updateTable('users').set({ user_department_id: suporte }).where('id', '=', moved).execute());
    expect(await job.run()).toBe(1);
    expect(await transfersOf(ofVendas)).toMatchObject([{ previous_user_id: moved, cause: 'attendant_removed' }]);
    expect((await ticket(kept)).user_id).toBe(moved);

    // Off the connection: every ticket of it goes.
    await inTenant((tx) => tx.deleteFrom('user_instances').where('user_id', '=', moved).where('instance_id', '=', f.alpha.instanceId).execute());
    expect(await job.run()).toBe(1);
    expect(await transfersOf(kept)).toMatchObject([{ previous_user_id: moved, cause: 'attendant_removed' }]);
  });

  it('moves nothing when an edit removes and re-adds a connection at once', async () => {
    const stays = await addAttendant('Iara', null);
    const held = await heldTicket(stays, null, 0);
    await inTenant(async (tx) => {
      await tx.deleteFrom('user_instances').where('user_id', '=', stays).execute();
      await tx.insertInto('user_instances').values({ tenant_id: tenantId(), user_id: stays, instance_id: f.alpha.instanceId }).execute();
    });
    expect(await job.run()).toBe(1);
    expect((await ticket(held)).user_id).toBe(stays);
    expect(await transfersOf(held)).toEqual([]);
    expect(await inTenant(async (tx) => (await sql<{ n: number }>`select count(*)::int as n from attendant_removals`.execute(tx)).rows[0]?.n)).toBe(0);
  });

  it('reaches connected consoles through the change feed and the ticket events, like a manual transfer', async () => {
    const baseUrl = await f.listen();
    // A department of its own, so Julia is the only one who may receive.
    const { id: financeiro } = await inTenant((tx) =>
      tx.insertInto('user_departments').values({ tenant_id: tenantId(), name: 'Financeiro' }).returning('id').executeTakeFirstOrThrow(),
    );
    const { ana } = f.alpha.userIds;
    const receiver = await addAttendant('Julia', financeiro, true);
    const token = await f.server.app.deps.services.accessTokens.sign({ userId: receiver, tenantId: tenantId(), role: 'atendente' });
    const client = wsClient(baseUrl, f.alpha.slug, token);
    clients.push(client);
    const variables = { instance_id: String(f.alpha.instanceId) };
    const stream = subscribeStream(client, streamQuery('ChatTicket'), variables);
    await stream.next();
    const events: TicketEventPayload[] = [];
    client.subscribe<{ ticketEvents: TicketEventPayload }>({ query: TICKET_EVENTS, variables }, {
      next: (result) => {
        if (result.data) events.push(result.data.ticketEvents);
      },
      error: () => undefined,
      complete: () => undefined,
    });
    const waitFor = async (predicate: (e: TicketEventPayload) => boolean) => {
      for (let i = 0; i < 100 && !events.some(predicate); i++) await new Promise((resolve) => setTimeout(resolve, 50));
      return events.find(predicate);
    };
    // Events only cover transfers after the subscription started: give it a moment to register.
    await new Promise((resolve) => setTimeout(resolve, 300));

    const late = await heldTicket(ana, financeiro, 30);
    expect(await job.run()).toBe(1);
    // Setting the ticket up may send a tombstone first; then the transfer brings it in.
    const arrived = await stream.until((b) => b.documents.some((d) => d.id === String(late) && !d._deleted));
    expect(arrived.at(-1)!.documents.find((d) => d.id === String(late))).toMatchObject({ user_id: String(receiver), inbox: false });
    expect(await waitFor((e) => e.ticket_id === String(late))).toEqual({
      kind: 'transferred',
      ticket_id: String(late),
      previous_user_id: String(ana),
      next_user_id: String(receiver),
      trigger_user_id: null,
      attendant_removed: false,
    });

    const leaving = await addAttendant('Karen', financeiro);
    const orphan = await heldTicket(leaving, financeiro, 0);
    await inTenant((tx) => tx.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', leaving).execute());
    expect(await job.run()).toBe(1);
    await stream.until((b) => b.documents.some((d) => d.id === String(orphan) && d.user_id === null && d.inbox === true));
    expect(await waitFor((e) => e.ticket_id === String(orphan))).toMatchObject({
      previous_user_id: String(leaving),
      next_user_id: null,
      trigger_user_id: null,
      attendant_removed: true,
    });

    // Moved out of the department, not deleted: still the attendant-removed notice.
    const movedOut = await addAttendant('Lia', financeiro);
    const left = await heldTicket(movedOut, financeiro, 0);
    await inTenant((tx) => tx.updateTable('users').set({ user_department_id: null }).where('id', '=', movedOut).execute());
    expect(await job.run()).toBe(1);
    expect(await waitFor((e) => e.ticket_id === String(left))).toMatchObject({ previous_user_id: String(movedOut), trigger_user_id: null, attendant_removed: true });
    await stream.close();
  });

  it('runs in the server process from start to close, at AUTO_TRANSFER_INTERVAL_MS', async () => {
    const late = await heldTicket(f.alpha.userIds.ana, null, 30);
    const server = await startServer({
      database: f.database,
      port: 0,
      quiet: true,
      config: { ...testConfig(), host: '127.0.0.1', autoTransferIntervalMs: 50 },
    });
    try {
      expect(server.autoTransfers).not.toBeNull();
      for (let i = 0; i < 100 && (await ticket(late)).user_id === f.alpha.userIds.ana; i++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await transfersOf(late)).toMatchObject([{ previous_user_id: f.alpha.userIds.ana, cause: 'no_response' }]);
    } finally {
      await server.close();
    }
  });
});

import { sql } from 'kysely';
import { sendMessageTo } from '../../../../src/app/data/messages/outgoing';
import { viewedTicketEdit } from '../../../../src/app/data/replication/documents';
import type { ReplicatedName } from '../../../../src/app/data/schema';
import { signedInCaller } from './admin-api';
import { newPushFaults, withPushFaults, type PushFaults } from './faults';
import { schedule, type Step } from './schedule';
import { diffViews, localView, serverView } from './server-view';
import { startSyncServer, type SyncServer } from './sync-server';
import { signIn, startClient, type ClientSession, type TestClient } from './sync-client';

/**
 * The real-server convergence run (issue 3 §4), shared by the convergence test files. One server
 * and database per file, one tenant with three users (administrador, Vendas, Suporte) signed in
 * once; each seed gets a connection of its own (SPEC §4: a client holds one connection's data), so
 * it starts from empty databases at the cost of one insert. Three clients run the real data module
 * (RxDB memory storage, the replication, reconciliation, outbox) through a seeded schedule of
 * sends, customer messages, offline/online flips, lost and duplicated push answers, client
 * restarts, server restarts and department moves. Nothing sleeps: a `pause` step waits until the
 * online clients are in sync, every other step only yields once.
 */
export const COLLECTIONS: ReplicatedName[] = ['customerchats', 'chattickets', 'customers'];
const CHANGE_DEPARTMENT = `mutation ($id: ID!, $dep: ID) { changeChatTicketDepartment(id: $id, inbox_department_id: $dep) { id } }`;
const TIMING = { reconnectMs: 30, sendRetryMs: 30, sendRetries: 10, delayedReconnectMs: 60 };
const USERS = ['admin', 'ana', 'bruno'] as const;
/** Shorter than the model's schedules: the real server costs ~100 ms of CPU per step, and seeds add coverage. */
export const REAL_SCHEDULE = { min: 4, spread: 6 };

export interface ConvergenceRig {
  server: SyncServer;
  slug: string;
  tenantId: number;
  userIds: number[];
  sessions: ClientSession[];
  departments: string[];
  asAdmin: Awaited<ReturnType<typeof signedInCaller>>;
  moves: boolean;
  /** CPU milliseconds per phase (and step kind) over the seeds run, to see where the time goes. */
  phases: Map<string, number>;
  close(): Promise<void>;
}

/**
 * The seeds of one half: PEDBOT_CONVERGENCE_SEEDS (default 300) from PEDBOT_CONVERGENCE_SEED
 * (default 1), odd ones in one file and even ones in the other, so that a failure's replay command
 * (its file, its seed) runs that seed alone. The seeds that once failed (161, 245: lost ticket
 * updates in the sync protocol) are within the default count. PEDBOT_CONVERGENCE_TRACE=1 adds the
 * clients' ticket and message arrivals and removals to a failure's message.
 */
export function convergenceSeeds(half: 0 | 1): number[] {
  const count = Number(process.env.PEDBOT_CONVERGENCE_SEEDS ?? 300);
  const first = Number(process.env.PEDBOT_CONVERGENCE_SEED ?? 1);
  return Array.from({ length: count }, (_, i) => first + i).filter((seed) => seed % 2 === (half === 0 ? 1 : 0));
}

/** PEDBOT_CONVERGENCE_MOVES=off leaves department moves out of the schedules. */
export async function startConvergenceRig(moves = process.env.PEDBOT_CONVERGENCE_MOVES !== 'off'): Promise<ConvergenceRig> {
  const server = await startSyncServer({ sandboxAckStepMs: 2 });
  const slug = `cv${process.pid}`;
  const tenantId = await server.seedTenant(slug);
  const sessions = await Promise.all(USERS.map((user) => signIn(server.url, `${user}@${slug}.local`, slug)));
  const departments: string[] = [];
  for (const session of sessions.slice(1)) departments.push(session.user.departmentId ?? '');
  return {
    server,
    slug,
    tenantId,
    userIds: sessions.map((s) => Number(s.user.id)),
    sessions,
    departments,
    asAdmin: await signedInCaller(server.url, `admin@${slug}.local`, slug),
    moves,
    phases: new Map(),
    close: () => server.close(),
  };
}

interface Sent {
  hash: string;
  text: string;
  client: number;
}

const yieldOnce = () => new Promise<void>((resolve) => setImmediate(resolve));

async function within<T>(ms: number, promise: Promise<T>): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)));
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function until(what: string, check: () => Promise<string[]>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let problems = await check();
  // Each check costs the server a dozen pulls: back off rather than poll at a fixed pace.
  let waitMs = 10;
  while (problems.length) {
    if (Date.now() > deadline) throw new Error(`${what} not reached in ${timeoutMs} ms\n${problems.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, waitMs));
    waitMs = Math.min(waitMs * 2, 200);
    problems = await check();
  }
}

/** A fresh connection of the rig's tenant that every user works on; returns its id. */
async function newConnection(rig: ConvergenceRig, seed: number): Promise<string> {
  return rig.server.database.asOwner(async (db) => {
    const row = await db
      .insertInto('instances')
      .values({ tenant_id: rig.tenantId, name: `Convergência ${seed}`, channel: 'sandbox', phone_number: '5511911110000', activated: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('user_instances')
      .values(rig.userIds.map((user_id) => ({ tenant_id: rig.tenantId, user_id, instance_id: row.id })))
      .execute();
    return String(row.id);
  });
}

export async function runConvergenceSeed(rig: ConvergenceRig, seed: number): Promise<void> {
  const { server, slug, tenantId } = rig;
  let phaseAt = process.cpuUsage();
  const phase = (name: string) => {
    const now = process.cpuUsage();
    rig.phases.set(name, (rig.phases.get(name) ?? 0) + Math.round((now.user + now.system - phaseAt.user - phaseAt.system) / 1000));
    phaseAt = now;
  };
  const instanceId = await newConnection(rig, seed);
  const phones = [0, 1].map((n) => `5521${String(process.pid % 1000).padStart(3, '0')}${String(seed).padStart(5, '0')}${n}`);
  for (const phone of phones) await server.inbound(phone, 'Olá', { tenant: slug, instanceId });
  const tickets = await server.database.asOwner((db) =>
    db
      .selectFrom('chat_tickets')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('instance_id', '=', Number(instanceId))
      .orderBy('id')
      .execute(),
  );
  const ticketIds = tickets.map((t) => String(t.id));
  if (ticketIds.length !== 2) throw new Error(`expected 2 tickets on connection ${instanceId}, found ${ticketIds.length}`);
  for (const [i, ticket] of ticketIds.entries()) await rig.asAdmin(CHANGE_DEPARTMENT, { id: ticket, dep: rig.departments[i % 2] });
  phase('connection and conversations');

  const faults: PushFaults[] = [];
  const clients: TestClient[] = [];
  const online = [true, true, true];
  for (const [index, session] of rig.sessions.entries()) {
    const pushFaults = newPushFaults();
    faults.push(pushFaults);
    clients.push(
      await startClient({
        baseUrl: () => server.url,
        email: `${USERS[index]}@${slug}.local`,
        session,
        tenant: slug,
        instanceId,
        storage: 'memory',
        name: `cv${process.pid}s${seed}c${index}`,
        collections: COLLECTIONS,
        wrap: (transport) => withPushFaults(transport, pushFaults),
        socketTiming: TIMING,
        retryTime: 30,
        visibleTicketDelayMs: 10,
        // One client takes the path of a fresh sign-in: SPEC §9's window first, the first pulls held for it.
        initialWindow: index === 0,
      }),
    );
  }
  phase('client starts');
  const trace: string[] = [];
  const t0 = Date.now();
  const note = (line: string) => trace.push(`${Date.now() - t0} ${line}`);
  const watchTrace = () => {
    for (const [index, client] of clients.entries()) {
      const session = client.engine.leader();
      for (const name of ['chattickets', 'customerchats'] as const) {
        session?.replications.get(name)?.state.received$.subscribe((d) => {
          const doc = d as unknown as { id: string; _deleted: boolean; updatedAt: number; chat_ticket_id?: string; inbox_department_id?: string };
          note(`c${index} recv ${name} ${doc.id} del=${doc._deleted} upd=${doc.updatedAt} t=${doc.chat_ticket_id ?? ''} dep=${doc.inbox_department_id ?? ''}`);
        });
      }
      client.db.customerchats.remove$.subscribe((e) => note(`c${index} removed msg ${e.documentId}`));
      client.db.customerchats.insert$.subscribe((e) => note(`c${index} inserted msg ${e.documentId}`));
    }
  };
  if (process.env.PEDBOT_CONVERGENCE_TRACE) watchTrace();

  const settle = async () => {
    const done = await within(2_000, Promise.all(clients.map((c, i) => (online[i] ? c.engine.leader()?.awaitInSync() : undefined))));
    if (!done) rig.phases.set('settle timeouts', (rig.phases.get('settle timeouts') ?? 0) + 1);
  };

  const sent: Sent[] = [];
  let texts = 0;
  try {
    for (const step of schedule(seed, rig.moves, REAL_SCHEDULE)) {
      await runStep(step);
      await yieldOnce();
      phase(`step ${step.kind}`);
    }

    for (const [index, client] of clients.entries()) {
      online[index] = true;
      client.setOnline(true);
    }
    const endpoint = `${server.url}/${slug}/graphql`;
    const unsettled = async (): Promise<string[]> => {
      const problems: string[] = [];
      for (const [index, client] of clients.entries()) {
        const pending = await client.db.customerchats.count({ selector: { is_temp: true, ack: { $gte: 0 } } }).exec();
        if (pending) problems.push(`client ${index}: ${pending} sends still waiting`);
      }
      if (problems.length) return problems;
      await settle();
      for (const [index, client] of clients.entries()) {
        for (const name of COLLECTIONS) {
          const diff = diffViews(await serverView(endpoint, client.token, instanceId, name), await localView(client.db, name));
          if (diff.length) problems.push(`client ${index} ${name}:\n${diff.slice(0, 4).join('\n')}`);
        }
      }
      return problems;
    };
    await until('convergence', unsettled, 20_000).catch((error: Error) => {
      throw new Error(`${error.message}\n${trace.join('\n')}`);
    });
    phase('convergence');

    const removals = clients.map((c, i) => `client ${i} ticket removals: ${c.ticketRemovals.join(' ') || 'none'}`).join('\n');
    const stored =
      sent.length === 0
        ? []
        : await server.database.asOwner((db) =>
            db
              .selectFrom('customer_chats')
              .select(['hash', sql<number>`count(*)::int`.as('n')])
              .where('tenant_id', '=', tenantId)
              .where('hash', 'in', sent.map((s) => s.hash))
              .groupBy('hash')
              .execute(),
          );
    const storedCount = new Map(stored.map((row) => [row.hash, Number(row.n)]));
    const accepted = sent.filter((s) => storedCount.has(s.hash));
    for (const send of sent) {
      const count = storedCount.get(send.hash) ?? 0;
      if (count > 1) throw new Error(`send ${send.text} stored ${count} times`);
      if (count === 0) {
        const db = clients[send.client]!.db;
        const [local] = await db.customerchats.storageInstance.findDocumentsById([`tmp:${send.hash}`], true);
        const ticketGone = !(await db.chattickets.findOne(local?.ticket_key ?? '').exec());
        // Refused: shown as failed, or gone with a ticket that left this user's list.
        if (local?.ack !== -1 || (local._deleted && !ticketGone)) {
          throw new Error(`send ${send.text} is neither on the server nor refused; locally: ${JSON.stringify(local ?? null)}\n${removals}`);
        }
      }
    }
    const handed = async () => {
      const outbox = await server.outbox(slug, instanceId);
      return accepted.map((s) => outbox.filter((m) => m.text === s.text).length);
    };
    await until('every accepted send handed to the channel', async () => ((await handed()).every((n) => n >= 1) ? [] : [JSON.stringify(await handed())]), 10_000);
    // The channel's acks (2 ms apart) come last: once they are in, no second hand-off is under way.
    await settle();
    const counts = await handed();
    if (counts.some((n) => n !== 1)) throw new Error(`channel sends per message: ${JSON.stringify(counts)}`);
    phase('exactly-once checks');
  } finally {
    for (const client of clients) await client.remove();
    phase('client removal');
  }

  async function runStep(step: Step): Promise<void> {
    switch (step.kind) {
      case 'send': {
        const client = clients[step.client]!;
        const open = await client.db.chattickets.find({ selector: { finished_ticket: false } }).exec();
        const ticket = open[step.pick % Math.max(open.length, 1)];
        if (!ticket) return;
        const text = `s${seed} m${texts++}`;
        const temp = await sendMessageTo(client.db, { ticket, text }, { userId: client.user.id });
        sent.push({ hash: temp.hash, text, client: step.client });
        return;
      }
      case 'inbound':
        await server.inbound(phones[step.customer]!, `cliente ${texts++}`, { tenant: slug, instanceId });
        return;
      case 'offline':
      case 'online':
        online[step.client] = step.kind === 'online';
        clients[step.client]!.setOnline(step.kind === 'online');
        return;
      case 'drop':
        faults[step.client]!.dropNextAnswer += 1;
        return;
      case 'duplicate':
        faults[step.client]!.duplicateNext += 1;
        return;
      case 'restart':
        await clients[step.client]!.restart();
        clients[step.client]!.setOnline(online[step.client]!);
        return;
      case 'view': {
        const held = await clients[step.client]!.db.chattickets.find().exec();
        const ticket = held[step.pick % Math.max(held.length, 1)];
        if (ticket && ticket.unseenMsg > 0) await ticket.incrementalPatch(viewedTicketEdit());
        return;
      }
      case 'move':
        note(`move ticket ${ticketIds[step.ticket]} to ${rig.departments[(seed + texts) % 2]}`);
        await rig.asAdmin(CHANGE_DEPARTMENT, { id: ticketIds[step.ticket], dep: rig.departments[(seed + texts++) % 2] });
        return;
      case 'server-restart':
        await server.restart();
        return;
      case 'pause':
        await settle();
        return;
    }
  }
}

/** Runs seeds in order; a failure names its seed and the command that replays it alone. */
export async function runConvergenceSeeds(rig: ConvergenceRig, seeds: number[], file: string): Promise<number> {
  const started = Date.now();
  let converged = 0;
  for (const seed of seeds) {
    try {
      await runConvergenceSeed(rig, seed);
      converged += 1;
    } catch (error) {
      throw new Error(
        `convergence failed for seed ${seed}; replay it alone with:\n` +
          `  PEDBOT_CONVERGENCE_SEED=${seed} PEDBOT_CONVERGENCE_SEEDS=1 npx vitest run --project convergence ${file}\n` +
          `schedule: ${JSON.stringify(schedule(seed, rig.moves, REAL_SCHEDULE))}\n${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
  }
  const cpu = [...rig.phases].map(([name, ms]) => `${name} ${ms}`).join(', ');
  console.log(`convergence: ${converged} seeds in ${Date.now() - started} ms; CPU ms by phase: ${cpu}`);
  return converged;
}

/**
 * Server sync benchmark (issue 3 §2), run by `npm run bench` or
 *
 *   npx tsx tests/bench/server-sync.ts [tickets] [messagesPerTicket] [latencySamples]
 *
 * On the real server in-process (embedded PGlite, or PostgreSQL when DATABASE_URL is set), over
 * loopback HTTP and graphql-ws, it prints:
 * 1. bulk seeding time of the tickets and messages (set-based SQL, tests/helpers/seed-bulk.ts);
 * 2. full pull throughput of an administrador: every document of chattickets, customers and
 *    customerchats through pull<X> pages of 1,000, in documents per second;
 * 3. the time from an inbound message written on the server to its document in a graphql-ws
 *    stream<X> subscriber, p50/p95/p99 over N messages (written one after the other);
 * 4. the server's CPU per inbound message streamed to S subscribers of the same view (an
 *    administrador's full message documents, bulks of 20), the subscribers in a child process:
 *    each subscriber's bulk mapped through its own operation (A, as before the stream events were
 *    shared: operations named apart are never shared; A also pays the shared path's probe, about
 *    20 us a bulk) against one mapping for all (B), in interleaved rounds, less the CPU of the same
 *    writes with no subscriber.
 *
 *   npx tsx tests/bench/server-sync.ts [tickets] [messagesPerTicket] [latencySamples] [streamSubscribers] [streamMessages]
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { startServer } from '../../src/server/main';
import { receiveInbound } from '../../src/server/modules/messages/inbound';
import { receiveInboundBatch } from '../../src/server/modules/messages/inbound-batch';
import { seedBulk } from '../helpers/seed-bulk';
import { MESSAGE_FIELDS } from '../integration/server/support/operations';

const TICKETS = Number(process.argv[2] ?? 10_000);
const PER_TICKET = Number(process.argv[3] ?? 10);
const SAMPLES = Number(process.argv[4] ?? 1_000);
const STREAM_SUBSCRIBERS = Number(process.argv[5] ?? 20);
const STREAM_MESSAGES = Number(process.argv[6] ?? 400);
const STREAM_BULK = 20;
const STREAM_ROUNDS = 5;
const PAGE = 1_000;
const CLIENTS_FLAG = '--stream-clients';

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const ms = (n: number) => `${n.toFixed(1)} ms`;

interface Bulk {
  documents: Array<{ id: string }>;
  checkpoint: { id: string; position: number } | null;
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'pedbot-bench-server-'));
  const server = await startServer({
    port: 0,
    demo: true,
    quiet: true,
    config: { dataDir, staticDir: '/nonexistent', logLevel: 'silent', argon2MemoryKib: 1024, argon2TimeCost: 2 },
  });
  try {
    const { tenantId, instanceId, adminId } = await server.database.asOwner(async (db) => {
      const tenant = await db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();
      const instance = await db.selectFrom('instances').select('id').where('tenant_id', '=', tenant.id).orderBy('id').executeTakeFirstOrThrow();
      const admin = await db.selectFrom('users').select('id').where('tenant_id', '=', tenant.id).where('email', '=', 'admin@demo.local').executeTakeFirstOrThrow();
      return { tenantId: tenant.id, instanceId: instance.id, adminId: admin.id };
    });
    const token = await server.app.deps.services.accessTokens.sign({ userId: adminId, tenantId, role: 'administrador' });
    console.log(`database: ${server.database.kind}`);

    const seeded = await seedBulk(server.database, tenantId, instanceId, { tickets: TICKETS, messagesPerTicket: PER_TICKET, userId: adminId });
    console.log(`\n1. seeded ${seeded.tickets} tickets, ${seeded.customers} customers, ${seeded.messages} messages in ${(seeded.ms / 1000).toFixed(1)} s`);

    const pull = async (type: string, fields: string, checkpoint: Bulk['checkpoint']): Promise<Bulk> => {
      const response = await fetch(`${server.url}/demo/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          query: `query ($c: ${type}CheckpointInput, $i: ID!) { pull${type}(checkpoint: $c, limit: ${PAGE}, instance_id: $i) { documents { ${fields} } checkpoint { id position } } }`,
          variables: { c: checkpoint, i: String(instanceId) },
        }),
      });
      const body = (await response.json()) as { data?: Record<string, Bulk>; errors?: unknown };
      const bulk = body.data?.[`pull${type}`];
      if (!bulk) throw new Error(`pull${type}: ${JSON.stringify(body.errors)}`);
      return bulk;
    };
    const FIELDS: Record<string, string> = {
      ChatTicket: 'id instance_id user_id customer_id inbox inbox_department_id finished_ticket is_campaign unseenMsg last_msg last_msg_preview createdAt updatedAt _deleted',
      Customer: 'id name phone_number is_favorite group_of_customer { name color_tag } updatedAt _deleted',
      CustomerChat: 'id hash customer_id chat_ticket_id instance_id type message ack from_me is_temp unseen_msg sent_at user_sending_id updatedAt _deleted',
    };
    console.log(`\n2. full pull as administrador (pages of ${PAGE}):`);
    let total = 0;
    const pullStarted = performance.now();
    for (const type of ['ChatTicket', 'Customer', 'CustomerChat']) {
      const started = performance.now();
      let checkpoint: Bulk['checkpoint'] = null;
      let count = 0;
      for (;;) {
        const bulk = await pull(type, FIELDS[type]!, checkpoint);
        count += bulk.documents.length;
        checkpoint = bulk.checkpoint;
        if (bulk.documents.length < PAGE) break;
      }
      const seconds = (performance.now() - started) / 1000;
      total += count;
      console.log(`   ${type.padEnd(13)} ${String(count).padStart(7)} docs in ${seconds.toFixed(2)} s = ${Math.round(count / seconds)} docs/s`);
    }
    const allSeconds = (performance.now() - pullStarted) / 1000;
    console.log(`   all           ${String(total).padStart(7)} docs in ${allSeconds.toFixed(2)} s = ${Math.round(total / allSeconds)} docs/s`);

    const client = createClient({
      url: `${server.url.replace(/^http/, 'ws')}/demo/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { headers: { Authorization: `Bearer ${token}` } },
      retryAttempts: 0,
    });
    const arrived = new Map<string, number>();
    let resynced!: () => void;
    const ready = new Promise<void>((resolve) => (resynced = resolve));
    const dispose = client.subscribe<{ streamCustomerChat: { documents: Array<{ id: string; message: string }>; resync: boolean } }>(
      { query: `subscription ($i: ID!) { streamCustomerChat(instance_id: $i) { documents { id message } checkpoint { id position } resync } }`, variables: { i: String(instanceId) } },
      {
        next: ({ data }) => {
          const bulk = data?.streamCustomerChat;
          if (bulk?.resync) resynced();
          for (const doc of bulk?.documents ?? []) arrived.set(doc.message, performance.now());
        },
        error: (error) => console.error('stream error', error),
        complete: () => undefined,
      },
    );
    await ready;
    const sync = server.app.deps.services.sync!;
    const latencies: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const text = `latência ${i}`;
      const before = performance.now();
      await receiveInbound(sync.messaging, { tenantId, instanceId, from: `55119888${String(i % 50).padStart(5, '0')}`, text, providerMessageId: `bench.${i}` });
      while (!arrived.has(text) && performance.now() - before < 5_000) await new Promise((resolve) => setImmediate(resolve));
      const at = arrived.get(text);
      if (at !== undefined) latencies.push(at - before);
    }
    dispose();
    await client.dispose();
    const sorted = latencies.sort((a, b) => a - b);
    console.log(`\n3. inbound write -> stream subscriber over ${sorted.length}/${SAMPLES} messages (loopback graphql-ws):`);
    console.log(`   p50 ${ms(percentile(sorted, 50))}, p95 ${ms(percentile(sorted, 95))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1) ?? 0)}`);

    await streamCpu(sync.messaging, { url: server.url, token, tenantId, instanceId });
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

type ClientCommand = { type: 'open'; subscribers: number; shared: boolean; url: string; token: string; instanceId: number } | { type: 'close' };
type ClientReport = { type: 'ready' } | { type: 'all'; text: string } | { type: 'closed' } | { type: 'error'; error: string };

/** Section 4's subscribers, in a process of their own so that their CPU is not the server's. */
function streamClients(): void {
  const clients: Client[] = [];
  const unsubscribes: Array<() => void> = [];
  const received = new Map<string, number>();
  const report = (message: ClientReport) => process.send?.(message);
  process.on('disconnect', () => process.exit(0));
  process.on('message', (command: ClientCommand) => {
    if (command.type === 'close') {
      unsubscribes.splice(0).forEach((unsubscribe) => unsubscribe());
      void Promise.all(clients.splice(0).map((client) => client.dispose())).then(() => report({ type: 'closed' }));
      return;
    }
    received.clear();
    let resynced = 0;
    for (let k = 0; k < command.subscribers; k++) {
      const client = createClient({
        url: `${command.url.replace(/^http/, 'ws')}/demo/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: { headers: { Authorization: `Bearer ${command.token}` } },
        retryAttempts: 0,
      });
      clients.push(client);
      // Yoga parses one query text into one document: a name of its own makes another operation.
      const name = command.shared ? 'Stream' : `Stream${k}`;
      const query = `subscription ${name}($i: ID!) { streamCustomerChat(instance_id: $i) { documents { ${MESSAGE_FIELDS} } checkpoint { id position } resync } }`;
      type Stream = { streamCustomerChat: { documents: Array<{ message: string }>; resync: boolean } };
      unsubscribes.push(
        client.subscribe<Stream>(
          { query, variables: { i: String(command.instanceId) } },
          {
            next: ({ data }) => {
              const bulk = data?.streamCustomerChat;
              if (bulk?.resync && ++resynced === command.subscribers) report({ type: 'ready' });
              for (const { message } of bulk?.documents ?? []) {
                const count = (received.get(message) ?? 0) + 1;
                received.set(message, count);
                if (count === command.subscribers) report({ type: 'all', text: message });
              }
            },
            error: (error) => report({ type: 'error', error: String(error) }),
            complete: () => undefined,
          },
        ),
      );
    }
  });
}

interface StreamTarget {
  url: string;
  token: string;
  tenantId: number;
  instanceId: number;
}

function reportOf(child: ChildProcess, wanted: (report: ClientReport) => boolean): Promise<ClientReport> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error('the stream clients did not answer within 60 s')), 60_000);
    const onMessage = (report: ClientReport) => {
      if (report.type === 'error') done(new Error(report.error));
      else if (wanted(report)) done(null, report);
    };
    const done = (error: Error | null, report?: ClientReport) => {
      clearTimeout(timer);
      child.off('message', onMessage);
      if (error) reject(error);
      else resolve(report!);
    };
    child.on('message', onMessage);
  });
}

async function streamCpu(messaging: Parameters<typeof receiveInboundBatch>[0], target: StreamTarget): Promise<void> {
  const child = fork(fileURLToPath(import.meta.url), [CLIENTS_FLAG], { execArgv: ['--import', 'tsx'] });
  const batches = Math.max(1, Math.round(STREAM_MESSAGES / STREAM_BULK));
  const messages = batches * STREAM_BULK;
  let written = 0;
  /** Server CPU (ms) per message while `messages` inbound messages reach `subscribers` subscribers. */
  const round = async (subscribers: number, shared: boolean): Promise<number> => {
    if (subscribers > 0) {
      const ready = reportOf(child, (r) => r.type === 'ready');
      child.send({ type: 'open', subscribers, shared, ...target } satisfies ClientCommand);
      await ready;
    }
    const started = process.cpuUsage();
    for (let b = 0; b < batches; b++) {
      const texts = Array.from({ length: STREAM_BULK }, (_, j) => `fluxo ${written}.${b}.${j}`);
      const delivered = subscribers > 0 ? reportOf(child, (r) => r.type === 'all' && r.text === texts.at(-1)) : null;
      const { tenantId, instanceId } = target;
      await receiveInboundBatch(
        messaging,
        tenantId,
        instanceId,
        texts.map((text, j) => ({ tenantId, instanceId, from: `55119777${String(j).padStart(5, '0')}`, text, providerMessageId: `bench.stream.${written}.${b}.${j}` })),
      );
      await delivered;
    }
    const used = process.cpuUsage(started);
    written++;
    if (subscribers > 0) {
      const closed = reportOf(child, (r) => r.type === 'closed');
      child.send({ type: 'close' } satisfies ClientCommand);
      await closed;
    }
    return (used.user + used.system) / 1000 / messages;
  };
  try {
    await round(0, false); // creates the customers and tickets the rounds write to
    const runs = { none: [] as number[], perSubscriber: [] as number[], shared: [] as number[] };
    for (let r = 0; r < STREAM_ROUNDS; r++) {
      // Rotating the order spreads the machine's other load over the three alike.
      const order = (['none', 'perSubscriber', 'shared'] as const).map((_, i, all) => all[(i + r) % all.length]!);
      for (const kind of order) runs[kind].push(await round(kind === 'none' ? 0 : STREAM_SUBSCRIBERS, kind === 'shared'));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const none = median(runs.none);
    const perMessage = (kind: 'perSubscriber' | 'shared') => {
      const stream = median(runs[kind]) - none;
      return `${(median(runs[kind]) * 1000).toFixed(0).padStart(5)} us/msg, stream ${(stream * 1000).toFixed(0).padStart(5)} us/msg = ${((stream * 1000) / STREAM_SUBSCRIBERS).toFixed(1).padStart(5)} us/msg/subscriber`;
    };
    console.log(
      `\n4. server CPU per inbound message, ${STREAM_SUBSCRIBERS} subscribers of one view, bulks of ${STREAM_BULK}, median of ${STREAM_ROUNDS} rounds of ${messages} (load ${loadavg().map((l) => l.toFixed(2)).join(' ')}):`,
    );
    console.log(`   writes only, no subscriber             ${(none * 1000).toFixed(0).padStart(5)} us/msg`);
    console.log(`   A: one mapping per subscriber          ${perMessage('perSubscriber')}`);
    console.log(`   B: one mapping per view (shared)       ${perMessage('shared')}`);
  } finally {
    child.kill();
  }
}

if (process.argv[2] === CLIENTS_FLAG) streamClients();
else await main();

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
 *    stream<X> subscriber, p50/p95/p99 over N messages (written one after the other).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { startServer } from '../../src/server/main';
import { receiveInbound } from '../../src/server/modules/messages/inbound';
import { seedBulk } from '../helpers/seed-bulk';

const TICKETS = Number(process.argv[2] ?? 10_000);
const PER_TICKET = Number(process.argv[3] ?? 10);
const SAMPLES = Number(process.argv[4] ?? 1_000);
const PAGE = 1_000;

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
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();

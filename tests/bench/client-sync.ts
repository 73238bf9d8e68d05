/**
 * Client sync benchmark (issue 3 §4), run by `npm run bench` or
 *
 *   npx tsx tests/bench/client-sync.ts [tickets] [messagesPerTicket] [latencySamples]
 *
 * On the real server (embedded PGlite, in-process, loopback HTTP and graphql-ws) it prints:
 * 1. initial sync of a fresh client: documents applied per second (customers + tickets + messages)
 *    until every replication is in sync (target >= 5,000 docs/s);
 * 2. the time from a write on the server (a customer message through the sandbox API) to the
 *    document in a subscribed client's RxDB, p50/p95/p99 over N messages (target p99 <= 100 ms);
 * 3. local query time of the attendance lists with that data: each tab's first page and counts,
 *    and a conversation (target <= 50 ms).
 * The client runs RxDB's memory storage here (Node has no IndexedDB worth measuring); the Dexie
 * path is measured in Chromium by tests/e2e/sync.e2e.ts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstValueFrom, filter } from 'rxjs';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import WebSocket from 'ws';
import { openPedbotDatabase } from '../../src/app/data/database/open-database';
import { conversation$ } from '../../src/app/data/queries/message-queries';
import { ticketCounts$, ticketList$ } from '../../src/app/data/queries/ticket-queries';
import { startSyncEngine } from '../../src/app/data/replication/sync-engine';
import { createHttpTransport } from '../../src/app/data/replication/transport';
import { REPLICATED, type CustomerChatDoc } from '../../src/app/data/schema';
import { TAB_COMBINATIONS } from '../../src/shared/domain/tickets';
import { startServer } from '../../src/server/main';
import { seedSyncBench, signInDemoAdmin } from './_sync-seed';

const TICKETS = Number(process.argv[2] ?? 10_000);
const PER_TICKET = Number(process.argv[3] ?? 10);
const SAMPLES = Number(process.argv[4] ?? 1_000);

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'pedbot-bench-client-'));
  const server = await startServer({
    port: 0,
    demo: true,
    quiet: true,
    config: { dataDir, staticDir: '/nonexistent', logLevel: 'silent', argon2MemoryKib: 1024, argon2TimeCost: 2, sandboxAckStepMs: 60_000 },
  });
  try {
    const { instanceId } = await seedSyncBench(server.database, TICKETS, PER_TICKET);
    const { token, userId } = await signInDemoAdmin(server.url);
    const db = await openPedbotDatabase({ storage: getRxStorageMemory(), name: 'bench', multiInstance: false });
    const transport = createHttpTransport({ endpoint: `${server.url}/demo/graphql`, getToken: async () => token, webSocketImpl: WebSocket });

    const started = Date.now();
    const engine = startSyncEngine({ db, transport, scope: { tenant: 'demo', userId, instanceId: String(instanceId) } });
    await firstValueFrom(engine.state$.pipe(filter((s) => s.status === 'online')));
    await engine.leader()?.awaitInSync();
    const syncMs = Date.now() - started;
    const counts = await Promise.all(REPLICATED.map(async (name) => (await db[name].find().exec()).length));
    const applied = counts.reduce((a, b) => a + b, 0);
    console.log(`\n1. initial sync: ${applied} documents (${REPLICATED.map((n, i) => `${n} ${counts[i]}`).join(', ')})`);
    console.log(`   in ${(syncMs / 1000).toFixed(2)} s = ${Math.round(applied / (syncMs / 1000))} docs/s applied (target >= 5000)`);

    const latencies: number[] = [];
    const phone = '5511977770000';
    const pending = new Map<string, number>();
    const sub = db.customerchats.insert$.subscribe((event) => {
      const doc = event.documentData as CustomerChatDoc;
      const at = doc.message ? pending.get(doc.message) : undefined;
      if (at !== undefined) {
        latencies.push(performance.now() - at);
        pending.delete(doc.message!);
      }
    });
    for (let i = 0; i < SAMPLES; i++) {
      const text = `latência ${i}`;
      const before = performance.now();
      pending.set(text, before);
      const response = await fetch(`${server.url}/api/sandbox/demo/${instanceId}/inbound`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ from: phone, text }),
      });
      if (response.status !== 202) throw new Error(`inbound answered ${response.status}`);
      while (pending.has(text) && performance.now() - before < 5_000) await new Promise((resolve) => setTimeout(resolve, 1));
    }
    sub.unsubscribe();
    const sorted = [...latencies].sort((a, b) => a - b);
    console.log(`\n2. server write -> document in RxDB over ${sorted.length}/${SAMPLES} messages:`);
    console.log(`   p50 ${ms(percentile(sorted, 50))}, p95 ${ms(percentile(sorted, 95))}, p99 ${ms(percentile(sorted, 99))} (target p99 <= 100 ms)`);

    // Two cores shared with other work skew the worst of 5 first: the load says how much.
    const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');
    console.log(`\n3. local queries with that data (first result, best of 5 / worst of 5; load ${load()}):`);
    const time = async (label: string, run: () => Promise<unknown>) => {
      const runs: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        await run();
        runs.push(performance.now() - t0);
      }
      console.log(`   ${label.padEnd(42)} ${ms(Math.min(...runs))} / ${ms(Math.max(...runs))}`);
    };
    for (const { tab, is_campaign } of TAB_COMBINATIONS) {
      await time(`tab ${tab}${is_campaign ? ' (campanha)' : ''}, 50 rows + customers`, () =>
        firstValueFrom(ticketList$(db, { instanceId: String(instanceId), tab, isCampaign: is_campaign, userId, limit: 50 })),
      );
    }
    await time('tab counts (8 index counts)', () => firstValueFrom(ticketCounts$(db, String(instanceId), userId)));
    await time('search "Cliente 99" in inbox', () =>
      firstValueFrom(ticketList$(db, { instanceId: String(instanceId), tab: 'inbox', isCampaign: false, userId, search: 'Cliente 99', limit: 50 })),
    );
    await time('search "(12) 90000-0099" (a phone) in inbox', () =>
      firstValueFrom(ticketList$(db, { instanceId: String(instanceId), tab: 'inbox', isCampaign: false, userId, search: '(12) 90000-0099', limit: 50 })),
    );
    const someTicket = (await db.chattickets.findOne().exec())!;
    await time('conversation (latest 200 + reactions)', () => firstValueFrom(conversation$(db, someTicket.customer_id, String(instanceId))));
    console.log(`   (load ${load()})`);

    await engine.stop();
    await db.remove();
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

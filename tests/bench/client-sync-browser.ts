/**
 * Client sync in headless Chromium (issue 3 §4), run by `npm run bench` or
 *
 *   npx tsx tests/bench/client-sync-browser.ts [tickets] [messagesPerTicket]
 *
 * The initial sync of a fresh client as a browser runs it: the data module's database on Dexie
 * (real IndexedDB), its replication (pull by checkpoint, graphql-ws) against the real server on
 * embedded PGlite over loopback. Prints documents applied per second until every replication is
 * in sync (target: 8,000 docs/s or 85% of the
 * same run's Node pull ceiling, whichever is lower), and where the time went: waiting for pull answers (server and
 * network) versus applying them (RxDB and IndexedDB writes), per collection. A small page is
 * generated and built into a temporary directory that the server serves as its static app, so
 * the page and GraphQL share an origin. tests/bench/client-sync.ts is the Node (memory) baseline.
 * Wall-clock rates depend on what else the machine runs, so it also prints the CPU time the sync
 * cost, per process (Chromium's renderer runs the page, its browser process IndexedDB's storage;
 * this process runs the server), which load changes far less.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Session } from 'node:inspector/promises';
import { chromium, type Page } from 'playwright-core';
import { CUSTOMERCHATS_INDEXES, measurePuts } from './_indexeddb-floor';
import { build } from 'vite';
import { startServer } from '../../src/server/main';
import { refreshRollups } from '../../src/server/modules/reports/rollup-refresh';
import { seedSyncBench, signInDemoAdmin } from './_sync-seed';

const TICKETS = Number(process.argv[2] ?? 10_000);
const PER_TICKET = Number(process.argv[3] ?? 10);
const dataModule = fileURLToPath(new URL('../../src/app/data/', import.meta.url));

interface PullStat {
  requests: number;
  docs: number;
  waitMs: number;
  firstAt: number;
  doneAt: number;
}

interface SyncResult {
  ms: number;
  firstScreenMs: number;
  /** When that ticket was listed, before its conversation was there. */
  firstTicketMs: number;
  counts: Record<string, number>;
  pulls: Record<string, PullStat>;
  writes: Record<string, { calls: number; docs: number; ms: number }>;
  requests: Record<string, number>;
}

/** CPU seconds so far of this process and of every Chromium process it started, by Chromium's process type. */
function cpuSeconds(): Record<string, number> {
  // /proc counts in clock ticks, 100 a second on Linux.
  const ticks = 100;
  const read = (path: string): string | null => {
    try {
      return readFileSync(path, 'utf8');
    } catch {
      // The process ended meanwhile.
      return null;
    }
  };
  const stats = new Map<string, string[]>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const stat = read(`/proc/${pid}/stat`);
    if (stat) stats.set(pid, stat.split(') ')[1]!.split(' '));
  }
  const ours = (pid: string): boolean => {
    for (let at: string | undefined = pid; at && at !== '1'; at = stats.get(at)?.[1]) if (at === String(process.pid)) return true;
    return false;
  };
  const own = process.cpuUsage();
  const out: Record<string, number> = { 'server (this process)': (own.user + own.system) / 1e6 };
  for (const [pid, stat] of stats) {
    if (pid === String(process.pid) || !ours(pid)) continue;
    const cmdline = read(`/proc/${pid}/cmdline`);
    if (cmdline === null) continue;
    const type = /--type=([a-z-]+)/.exec(cmdline)?.[1] ?? 'browser';
    const name = type === 'renderer' ? 'Chromium renderer (the page)' : type === 'browser' ? 'Chromium browser (IndexedDB)' : `Chromium ${type}`;
    out[name] = (out[name] ?? 0) + (Number(stat[11]) + Number(stat[12])) / ticks;
  }
  return out;
}

/** The same pulls from Node without applying anything: what the server and loopback alone allow. */
async function serverOnlyRate(url: string, token: string, instanceId: string): Promise<{ docs: number; ms: number }> {
  const { REPLICATED_SPECS } = await import('../../src/app/data/replication/documents');
  const { PULL_BATCH_SIZE } = await import('../../src/app/data/replication/replicate-collection');
  let docs = 0;
  const started = performance.now();
  for (const name of ['customers', 'chattickets', 'customerchats'] as const) {
    const spec = REPLICATED_SPECS[name];
    const query = `query ($checkpoint: ${spec.typeName}CheckpointInput, $limit: Int!, $instance_id: ID!) {
      pull${spec.typeName}(checkpoint: $checkpoint, limit: $limit, instance_id: $instance_id) { documents { ${spec.fields} } checkpoint { id position } } }`;
    let checkpoint: unknown = null;
    for (;;) {
      const response = await fetch(`${url}/demo/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query, variables: { checkpoint, limit: PULL_BATCH_SIZE, instance_id: instanceId } }),
      });
      const body = (await response.json()) as { data: Record<string, { documents: unknown[]; checkpoint: unknown }> };
      const bulk = body.data[`pull${spec.typeName}`]!;
      docs += bulk.documents.length;
      if (bulk.documents.length < PULL_BATCH_SIZE) break;
      checkpoint = bulk.checkpoint;
    }
  }
  return { docs, ms: performance.now() - started };
}

/** The page: the data module's own database, transport and sync engine, nothing else. */
const PAGE_SCRIPT = `
import { firstValueFrom, filter } from 'rxjs';
import { pedbotDexieStorage } from '${dataModule}database/dexie-storage';
import { openPedbotDatabase } from '${dataModule}database/open-database';
import { startSyncEngine } from '${dataModule}replication/sync-engine';
import { createHttpTransport } from '${dataModule}replication/transport';
import { REPLICATED } from '${dataModule}schema';
import { ticketListQuery } from '${dataModule}queries/ticket-queries';
import { conversationQuery } from '${dataModule}queries/message-queries';

// Every storage write timed per collection (replication checkpoints land in rx-replication-meta).
const writes = {};
// IndexedDB requests by kind and store (a put writes the record and one entry per index): the work the sync
// asks of the storage, independent of how busy the machine is. Counted per request at the bottom
// of Dexie's stack, where each one goes to IndexedDB; wrapping IndexedDB's own methods instead made
// the page about 8% slower than the app.
const requests = {};
const count = (kind, n) => {
  if (n > 0) requests[kind] = (requests[kind] ?? 0) + n;
};
// Each collection is a Dexie database of its own ('rxdb-dexie-<db>--<version>--<collection>').
const storeOf = (db) => {
  const name = db.name.split('--').pop();
  return name.startsWith('rx-replication-meta') ? 'replication meta' : name.replace(/-$/, '');
};
const countRequests = (db) => {
  const store = storeOf(db);
  db.use({
    stack: 'dbcore',
    name: 'BenchRequestCount',
    level: -2,
    create: (down) => ({
      ...down,
      table: (name) => {
        const table = down.table(name);
        return {
          ...table,
          mutate: (req) => {
            count(req.type + ' ' + store, req.values?.length ?? req.keys?.length ?? 1);
            return table.mutate(req);
          },
          get: (req) => {
            count('get ' + store, 1);
            return table.get(req);
          },
          getMany: (req) => {
            count('get ' + store, req.keys.length);
            return table.getMany(req);
          },
          query: (req) => {
            count((req.query.index.isPrimaryKey ? '' : 'index ') + (req.values ? 'getAll' : 'getAllKeys'), 1);
            return table.query(req);
          },
          openCursor: (req) => {
            count('cursor', 1);
            return table.openCursor(req);
          },
          count: (req) => {
            count('count', 1);
            return table.count(req);
          },
        };
      },
    }),
  });
};
// The app's batched queries read indexes with IndexedDB itself (a few hundred requests a sync).
for (const method of ['get', 'getAll', 'getAllKeys', 'count', 'openCursor', 'openKeyCursor']) {
  const original = IDBIndex.prototype[method];
  IDBIndex.prototype[method] = function (...args) {
    count('index ' + method, 1);
    return original.apply(this, args);
  };
}
const dexie = pedbotDexieStorage({ addons: [countRequests] });
const storage = {
  ...dexie,
  createStorageInstance: async (params) => {
    const instance = await dexie.createStorageInstance(params);
    const bulkWrite = instance.bulkWrite.bind(instance);
    const key = params.collectionName.startsWith('rx-replication-meta') ? 'replication meta (checkpoints)' : params.collectionName;
    instance.bulkWrite = async (rows, context) => {
      const at = performance.now();
      try {
        return await bulkWrite(rows, context);
      } finally {
        const stat = (writes[key] ??= { calls: 0, docs: 0, ms: 0 });
        stat.calls += 1;
        stat.docs += rows.length;
        stat.ms += performance.now() - at;
      }
    };
    return instance;
  },
};

window.runSync = async (token, userId, instanceId) => {
  const db = await openPedbotDatabase({ storage, name: 'benchsync', multiInstance: false });
  for (const key of Object.keys(writes)) delete writes[key];
  for (const key of Object.keys(requests)) delete requests[key];
  const base = createHttpTransport({ endpoint: location.origin + '/demo/graphql', getToken: async () => token });
  const pulls = {};
  const started = performance.now();
  const transport = {
    ...base,
    request: async (query, variables, operation) => {
      const at = performance.now();
      const data = await base.request(query, variables, operation);
      const name = Object.keys(data)[0] ?? '?';
      const stat = (pulls[name] ??= { requests: 0, docs: 0, waitMs: 0, firstAt: at - started, doneAt: 0 });
      stat.requests += 1;
      stat.docs += data[name]?.documents?.length ?? 0;
      stat.waitMs += performance.now() - at;
      stat.doneAt = performance.now() - started;
      return data;
    },
  };
  // A fresh scope, as after sign-in: the initial window (SPEC §9) first, then the feed.
  const engine = startSyncEngine({ db, transport, scope: { tenant: 'demo', userId, instanceId }, needsInitialWindow: async () => true });
  // The first screen's data: the newest open ticket listed, with its conversation.
  let firstScreenMs = null;
  let firstTicketMs = null;
  const firstScreen = (async () => {
    while (firstScreenMs === null) {
      const [ticket] = await ticketListQuery(db, { instanceId, tab: 'opened', isCampaign: false, userId, limit: 1 }).exec();
      if (ticket) firstTicketMs ??= performance.now() - started;
      const messages = ticket ? await conversationQuery(db, ticket.customer_id, instanceId, 1).exec() : [];
      if (messages.length > 0) firstScreenMs = performance.now() - started;
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  await firstValueFrom(engine.state$.pipe(filter((s) => s.status === 'online')));
  await engine.leader().awaitInSync();
  const ms = performance.now() - started;
  await firstScreen;
  const counted = { ...requests };
  const counts = {};
  for (const name of REPLICATED) counts[name] = await db[name].count().exec();
  await engine.stop();
  await db.remove();
  return { ms, firstScreenMs, firstTicketMs, counts, pulls, writes, requests: counted };
};
window.benchReady = true;
`;

/**
 * BENCH_PROFILE=<dir>: CPU profiles of the sync, the page's (page.cpuprofile, built unminified so
 * its functions keep their names) and the server's main thread (server.cpuprofile).
 */
const PROFILE_DIR = process.env.BENCH_PROFILE;

async function startProfiles(page: Page): Promise<{ stop(): Promise<void> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.start');
  const server = new Session();
  server.connect();
  await server.post('Profiler.enable');
  await server.post('Profiler.start');
  return {
    async stop() {
      const [{ profile: pageProfile }, { profile: serverProfile }] = await Promise.all([cdp.send('Profiler.stop'), server.post('Profiler.stop')]);
      await writeFile(join(PROFILE_DIR!, 'page.cpuprofile'), JSON.stringify(pageProfile));
      await writeFile(join(PROFILE_DIR!, 'server.cpuprofile'), JSON.stringify(serverProfile));
      server.disconnect();
    },
  };
}

async function buildPage(outDir: string): Promise<void> {
  // Inside the repository, so the page's bare imports (rxdb, rxjs) resolve from its node_modules.
  const cache = fileURLToPath(new URL('../../node_modules/.cache/', import.meta.url));
  await mkdir(cache, { recursive: true });
  const root = await mkdtemp(join(cache, 'pedbot-bench-sync-page-'));
  try {
    await writeFile(join(root, 'index.html'), '<!doctype html><html lang="pt-BR"><body><script type="module" src="./main.js"></script></body></html>');
    await writeFile(join(root, 'main.js'), PAGE_SCRIPT);
    await build({
      root,
      configFile: false,
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true, target: 'es2022', minify: !PROFILE_DIR },
    });
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const outDir = await mkdtemp(join(tmpdir(), 'pedbot-bench-sync-dist-'));
  const dataDir = await mkdtemp(join(tmpdir(), 'pedbot-bench-sync-data-'));
  const started = Date.now();
  await buildPage(outDir);
  console.log(`page built in ${Date.now() - started} ms`);
  const server = await startServer({
    port: 0,
    demo: true,
    quiet: true,
    config: { dataDir, staticDir: outDir, logLevel: 'silent', argon2MemoryKib: 1024, argon2TimeCost: 2, sandboxAckStepMs: 60_000 },
  });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const { tenantId, instanceId } = await seedSyncBench(server.database, TICKETS, PER_TICKET);
    if (process.env.BENCH_ROLLUP_BACKLOG !== '1') {
      // The seed marks all its tickets for the report rollups at once, as only a bulk import would,
      // and the job's recomputation of them then took about half the server's CPU for the whole
      // sync. A server that has been running has done that long before a new tablet syncs, so the
      // backlog is drained first (BENCH_ROLLUP_BACKLOG=1 measures with it, as before session 22).
      const started = performance.now();
      const tickets = await refreshRollups(server.database, tenantId, { batch: 500, maxPasses: Infinity });
      console.log(`report rollups of the seeded tickets brought up to date before measuring: ${tickets} tickets in ${Math.round(performance.now() - started)} ms`);
    }
    const admin = await signInDemoAdmin(server.url);

    const baseline = await serverOnlyRate(server.url, admin.token, String(instanceId));
    console.log(
      `baseline, the same pulls from Node without applying: ${baseline.docs} docs in ${(baseline.ms / 1000).toFixed(2)} s = ` +
        `${Math.round(baseline.docs / (baseline.ms / 1000))} docs/s (the ceiling the server and loopback allow in this run)`,
    );
    const page = await browser.newPage();
    page.on('pageerror', (error) => console.log(`page error: ${error.message}`));
    await page.goto(`${server.url}/index.html`);
    await page.waitForFunction(() => (window as unknown as { benchReady?: boolean }).benchReady === true);
    const profiles = PROFILE_DIR ? await startProfiles(page) : null;
    const cpuBefore = cpuSeconds();
    const result = await page.evaluate(
      ([token, userId, instance]) =>
        (window as unknown as { runSync: (t: string, u: string, i: string) => Promise<SyncResult> }).runSync(token, userId, instance),
      [admin.token, admin.userId, String(instanceId)] as const,
    );
    const cpuAfter = cpuSeconds();
    await profiles?.stop();
    const applied = Object.values(result.counts).reduce((a, b) => a + b, 0);
    const seconds = result.ms / 1000;
    console.log(`\ninitial sync in Chromium (Dexie on IndexedDB): ${applied} documents`);
    console.log(`  ${Object.entries(result.counts).map(([n, c]) => `${n} ${c}`).join(', ')}`);
    // Issue 18: 8,000 docs/s, or 85% of the same run's Node pull ceiling when that is lower.
    const ceiling = baseline.docs / (baseline.ms / 1000);
    const target = Math.round(Math.min(8000, 0.85 * ceiling));
    const rate = Math.round(applied / seconds);
    console.log(
      `  in ${seconds.toFixed(2)} s = ${rate} docs/s applied (target >= ${target}: the lower of 8000 and 85% of the ceiling; ` +
        `${rate >= target ? 'ok' : 'UNDER TARGET'}, ${Math.round((100 * rate) / ceiling)}% of the ceiling)`,
    );
    console.log(
      `  the first screen's data (the newest open ticket listed, its conversation) stored after ${Math.round(result.firstScreenMs)} ms (target <= 2000 ms; the ticket listed after ${Math.round(result.firstTicketMs)} ms)`,
    );
    const requestTotal = Object.values(result.requests).reduce((a, b) => a + b, 0);
    console.log(
      `  IndexedDB requests: ${requestTotal} = ${(requestTotal / applied).toFixed(2)} per document ` +
        `(${Object.entries(result.requests).sort((a, b) => b[1] - a[1]).map(([kind, n]) => `${kind} ${n}`).join(', ')})`,
    );
    // After the sync, on a page of its own (the harness page counts IndexedDB requests), so the
    // floor is measured on the same host in the same minutes as the rate it is compared with.
    const floorPage = await browser.newPage();
    await floorPage.goto(`${server.url}/index.html?floor`);
    const floor = await measurePuts(floorPage, CUSTOMERCHATS_INDEXES, 20_000, 'bench-floor');
    await floorPage.close();
    const floorRate = Math.round(1e6 / floor.committedUs);
    console.log(
      `  IndexedDB alone in this Chromium, same run: ${floorRate} docs/s (20,000 message-shaped documents with customerchats' two indexes, ` +
        `1,000 a transaction, one after another, nothing else running); the applied rate is ${Math.round((100 * rate) / floorRate)}% of it`,
    );
    console.log('\nCPU time of the sync (also spent by the server\'s part, while the page waits for answers):');
    let cpuTotal = 0;
    for (const [name, after] of Object.entries(cpuAfter)) {
      const spent = after - (cpuBefore[name] ?? 0);
      if (spent < 0.05) continue;
      cpuTotal += spent;
      console.log(`  ${name.padEnd(32)} ${spent.toFixed(1).padStart(6)} s = ${((spent * 1e6) / applied).toFixed(0).padStart(4)} µs per document`);
    }
    console.log(`  ${'total'.padEnd(32)} ${cpuTotal.toFixed(1).padStart(6)} s = ${((cpuTotal * 1e6) / applied).toFixed(0).padStart(4)} µs per document`);
    console.log('\nwhere the time went, per pull operation (ms from start):');
    for (const [name, s] of Object.entries(result.pulls)) {
      const span = s.doneAt - s.firstAt;
      console.log(
        `  ${name.padEnd(24)} ${String(s.requests).padStart(4)} requests, ${String(s.docs).padStart(6)} docs, ` +
          `${s.firstAt.toFixed(0)}–${s.doneAt.toFixed(0)} ms; waiting for answers ${s.waitMs.toFixed(0)} ms, ` +
          `applying between them ${Math.max(0, span - s.waitMs).toFixed(0)} ms`,
      );
    }
    console.log('\nstorage writes (Dexie bulkWrite, awaited time; overlaps the next pull):');
    for (const [name, w] of Object.entries(result.writes)) {
      if (!w.calls) continue;
      console.log(`  ${name.padEnd(32)} ${String(w.calls).padStart(5)} writes, ${String(w.docs).padStart(6)} docs (${(w.docs / w.calls).toFixed(0)} per write), ${w.ms.toFixed(0)} ms`);
    }
  } finally {
    await browser.close();
    await server.close();
    await rm(outDir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

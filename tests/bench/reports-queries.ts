/**
 * `npm run bench -- reports-queries`: each dashboard's queries for a 30-day period, on PGlite and on the
 * PostgreSQL of DATABASE_URL (skipped when it does not answer), over tickets and messages spread
 * across 30 days: picked, some transferred, most closed, a third graded, most tagged with CRM
 * categories (some with two).
 *
 *   npx tsx tests/bench/reports-queries.ts [tickets=2000] [messages=20000] [inbound=2000]
 *   full size (issue 17): npm run bench -- reports-queries 100000 1000000
 *   BENCH_DB=pglite|postgres to run one database only.
 *
 * Prints the seed time, the time to build the rollups from nothing (the refresher's cost per
 * ticket), per dashboard the median of 5 runs of all its queries at once and of each query alone,
 * in ms beside the target (500 ms on PostgreSQL), and the cost of the rollups on the inbound path:
 * inbound messages per second through receiveInboundBatch without the report triggers ("before")
 * and with them and the rollup job running ("after"), alternated in rounds on the same data, and
 * how long the job then took to catch up.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../../src/server/db/database';
import { lastDays, previousPeriod } from '../../src/shared/domain/metrics';
import { securityCounts, securityEvents } from '../../src/server/modules/audit/security-events';
import { liveQueue, surveyAnswers } from '../../src/server/modules/reports/report-lookups';
import type { Dimension } from '../../src/server/modules/reports/inputs';
import { reportSums, type ScopedFilter } from '../../src/server/modules/reports/report-sums';
import { refreshRollups } from '../../src/server/modules/reports/rollup-refresh';
import { ReportRollupJob } from '../../src/server/modules/reports/rollup-job';
import { receiveInboundBatch } from '../../src/server/modules/messages/inbound-batch';
import { createMemoryPubSub } from '../../src/server/pubsub/memory';
import { seedTenant } from '../../src/server/modules/tenants/tenant-seed';

const TICKETS = Number(process.argv[2] ?? 2000);
const MESSAGES = Number(process.argv[3] ?? TICKETS * 10);
const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const INBOUND = Number(process.argv[4] ?? 2000);
const ONLY = process.env.BENCH_DB;
const RUNS = 5;
/** Issue 17: each dashboard's queries for 30 days within this on PostgreSQL. */
const TARGET_MS = 500;
const INBOUND_ROUNDS = 3;
const INBOUND_BATCH = 20;
const INBOUND_CONCURRENCY = 4;
/** The report triggers (0160, 0163) that the "before" rounds turn off. */
const REPORT_TRIGGERS = [
  ['chat_tickets', 'chat_tickets_report_insert'],
  ['chat_tickets', 'chat_tickets_report_update'],
  ['customer_chats', 'customer_chats_report_insert'],
  ['ticket_categories', 'ticket_categories_report'],
] as const;

const cheapHasher = { hash: async () => 'x', verify: async () => false, verifyNothing: async () => undefined };

async function seed(database: Database): Promise<{ tenantId: number; instanceId: number; ms: number }> {
  const started = Date.now();
  const seeded = await seedTenant(database, cheapHasher, {
    slug: 'bench',
    name: 'Bench',
    roles: [{ name: 'administrador', display_name: 'Administrador', routes: [] }],
    departments: ['Vendas', 'Suporte'],
    users: Array.from({ length: 20 }, (_, i) => ({ email: `a${i}@bench.test`, name: `Atendente ${i}`, role: 'administrador', password: 'x' })),
    instances: [{ name: 'Principal', channel: 'sandbox', phone_number: '5511900000001', activated: true }],
    features: [],
    settings: [],
  });
  const tenantId = seeded.tenantId;
  const instanceId = seeded.instanceIds[0] ?? 0;
  const users = Object.values(seeded.userIds);
  const perTicket = Math.max(2, Math.round(MESSAGES / TICKETS));
  await database.asOwner((db) =>
    db.transaction().execute(async (tx) => {
      await sql`insert into customers (tenant_id, name, phone_number)
        select ${tenantId}, 'Cliente ' || g, '5512' || lpad(g::text, 9, '0') from generate_series(1, ${TICKETS}) g`.execute(tx);
      // Opened across the last 30 days, at any hour; the department by parity.
      await sql`insert into chat_tickets (tenant_id, instance_id, customer_id, inbox, inbox_department_id, protocol, created_at, started_at)
        select c.tenant_id, ${instanceId}, c.id, true, (select min(id) + (c.id % 2) from user_departments where tenant_id = ${tenantId}),
               'R' || c.id, now() - ((c.id * 7919) % (30 * 86400) || ' seconds')::interval, now()
        from customers c where c.tenant_id = ${tenantId}`.execute(tx);
      await sql`insert into customer_chats (tenant_id, instance_id, customer_id, chat_ticket_id, hash, message, from_me, user_sending_id, sent_at)
        select t.tenant_id, t.instance_id, t.customer_id, t.id, 'r:' || t.id || ':' || g, 'Mensagem ' || g, g % 2 = 0,
               case when g % 2 = 0 then (${sql.raw(`array[${users.join(',')}]`)})[1 + t.id % ${users.length}] end,
               t.created_at + (g * 90 || ' seconds')::interval
        from chat_tickets t, generate_series(1, ${perTicket}) g where t.tenant_id = ${tenantId}`.execute(tx);
    }),
  );
  // Transitions through the app's own triggers: picked, a tenth transferred, 90 % closed, a third graded.
  await database.withTenant(tenantId, async (tx) => {
    await sql`update chat_tickets set user_id = (${sql.raw(`array[${users.join(',')}]`)})[1 + id % ${users.length}], inbox = false where tenant_id = ${tenantId}`.execute(tx);
    await sql`update chat_tickets set user_id = (${sql.raw(`array[${users.join(',')}]`)})[1 + (id + 1) % ${users.length}] where tenant_id = ${tenantId} and id % 10 = 0`.execute(tx);
    await sql`update chat_tickets set finished_ticket = true, finished_at = created_at + interval '40 minutes', is_research = true where tenant_id = ${tenantId} and id % 10 <> 1`.execute(tx);
    await sql`update chat_tickets set grade = 1 + id % 5, is_research = false where tenant_id = ${tenantId} and finished_ticket and id % 3 = 0`.execute(tx);
    // CRM categories: 70 % of the tickets tagged, one in seven of those with a second category.
    await sql`insert into categories (tenant_id, name, color) select ${tenantId}, 'Categoria ' || g, '#228be6' from generate_series(1, 8) g`.execute(tx);
    await sql`insert into ticket_categories (tenant_id, chat_ticket_id, category_id)
      select t.tenant_id, t.id, c.id from chat_tickets t
      join categories c on c.tenant_id = t.tenant_id and (c.id - (select min(id) from categories where tenant_id = ${tenantId})) = t.id % 8
      where t.tenant_id = ${tenantId} and t.id % 10 < 7`.execute(tx);
    await sql`insert into ticket_categories (tenant_id, chat_ticket_id, category_id)
      select t.tenant_id, t.id, c.id from chat_tickets t
      join categories c on c.tenant_id = t.tenant_id and (c.id - (select min(id) from categories where tenant_id = ${tenantId})) = (t.id + 1) % 8
      where t.tenant_id = ${tenantId} and t.id % 10 = 0`.execute(tx);
  });
  return { tenantId, instanceId, ms: Date.now() - started };
}

async function buildRollups(database: Database, tenantId: number): Promise<number> {
  const started = Date.now();
  await refreshRollups(database, tenantId, { maxPasses: Infinity });
  return Date.now() - started;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

type Query = () => Promise<unknown>;

/** Median ms of RUNS runs after one warm-up. */
async function medianMs(run: Query): Promise<number> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return Math.round(median(times));
}

/**
 * Each dashboard's queries, all at once as the screen asks for them (the figure held to the target),
 * and each alone, so a slow dashboard shows which query makes it slow.
 */
async function timeDashboards(database: Database, tenantId: number): Promise<{ dashboards: Record<string, number>; queries: Array<{ dashboard: string; query: string; ms: number }> }> {
  const period = lastDays(30);
  const filter: ScopedFilter = { ...period, instances: null };
  const before: ScopedFilter = { ...previousPeriod(period), instances: null };
  const survey = ['survey_sent', 'survey_answered'];
  const sums = (name: string, f: ScopedFilter, groupBy: Dimension[], metrics: string[] | null): [string, Query] => [name, () => reportSums(database, tenantId, f, groupBy, metrics)];
  const dashboards: Record<string, Array<[string, Query]>> = {
    analytics: [
      sums('sums', filter, [], null),
      sums('sums, previous period', before, [], null),
      sums('sums by day', filter, ['day'], null),
      sums('opened/closed by hour', filter, ['hour'], ['opened', 'closed']),
      ['live queue', () => liveQueue(database, tenantId, null)],
    ],
    analytics2: [sums('sums', filter, [], null), sums('sums by day', filter, ['day'], null)],
    'analytics2 by category': [sums('sums, category "none"', { ...filter, category_ids: [0] }, [], null), sums('sums by category', filter, ['category'], null)],
    'analytics2 opening hours': [sums('sums', { ...filter, business_hours: true }, [], null), sums('sums by day', { ...filter, business_hours: true }, ['day'], null)],
    report: [sums('by attendant', filter, ['user'], ['picked', 'closed', 'transferred', 'msg_out', 'first_response', 'reply', 'resolution', 'survey_answered'])],
    'report-nps': [
      sums('survey sums', filter, [], survey),
      sums('by day', filter, ['day'], survey),
      sums('by attendant', filter, ['user'], survey),
      sums('by department', filter, ['department'], survey),
      ['answers and comments (500)', () => surveyAnswers(database, tenantId, filter, null, 500)],
    ],
    'security-report': [
      ['events (1000)', () => securityEvents(database, tenantId, { period, actions: null, userId: null, ip: null, limit: 1000, offset: 0 })],
      ['counts by user', () => securityCounts(database, tenantId, period, 'user')],
      ['counts by ip', () => securityCounts(database, tenantId, period, 'ip')],
    ],
    'report-new': [sums('closed by attendant and day', filter, ['user', 'day'], ['closed']), sums('first response by category and day', filter, ['category', 'day'], ['first_response'])],
  };
  const totals: Record<string, number> = {};
  const queries: Array<{ dashboard: string; query: string; ms: number }> = [];
  for (const [dashboard, list] of Object.entries(dashboards)) {
    totals[dashboard] = await medianMs(() => Promise.all(list.map(([, run]) => run())));
    queries.push({ dashboard, query: 'all, at once', ms: totals[dashboard] });
    for (const [query, run] of list) queries.push({ dashboard, query, ms: await medianMs(run) });
  }
  return { dashboards: totals, queries };
}

async function setReportTriggers(database: Database, enabled: boolean): Promise<void> {
  await database.asOwner(async (db) => {
    for (const [table, trigger] of REPORT_TRIGGERS) await sql.raw(`alter table ${table} ${enabled ? 'enable' : 'disable'} trigger ${trigger}`).execute(db);
  });
}

/**
 * Inbound messages per second through receiveInboundBatch: batches of INBOUND_BATCH, INBOUND_CONCURRENCY
 * at a time; half to customers with tickets, half from new customers (a new ticket each).
 */
async function inboundRate(database: Database, tenantId: number, instanceId: number, round: string): Promise<number> {
  const deps = { database, pubsub: createMemoryPubSub() };
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    for (;;) {
      const first = next;
      next += INBOUND_BATCH;
      if (first >= INBOUND) return;
      const inputs = Array.from({ length: Math.min(INBOUND_BATCH, INBOUND - first) }, (_, i) => {
        const n = first + i;
        const from = n % 2 === 0 ? `5512${String(1 + ((n * 7919) % TICKETS)).padStart(9, '0')}` : `5513${round}${String(n).padStart(7, '0')}`;
        return { tenantId, instanceId, from, text: `Mensagem ${round}-${n}`, providerMessageId: `wamid.bench.${round}.${n}` };
      });
      await receiveInboundBatch(deps, tenantId, instanceId, inputs);
    }
  };
  await Promise.all(Array.from({ length: INBOUND_CONCURRENCY }, worker));
  return Math.round(INBOUND / ((performance.now() - started) / 1000));
}

async function inboundCost(database: Database, tenantId: number, instanceId: number) {
  const before: number[] = [];
  const after: number[] = [];
  let catchUpMs = 0;
  // A warm-up round, not counted, so the first measured round does not pay for cold caches.
  await inboundRate(database, tenantId, instanceId, 'w');
  for (let round = 0; round < INBOUND_ROUNDS; round++) {
    await setReportTriggers(database, false);
    before.push(await inboundRate(database, tenantId, instanceId, `${round}0`));
    await setReportTriggers(database, true);
    // The server's job, at its default interval, recomputing alongside the inbound load.
    const job = new ReportRollupJob({ database, intervalMs: 5000 });
    job.start();
    after.push(await inboundRate(database, tenantId, instanceId, `${round}1`));
    await job.stop();
    const started = Date.now();
    await refreshRollups(database, tenantId, { maxPasses: Infinity });
    catchUpMs += Date.now() - started;
  }
  const b = median(before);
  const a = median(after);
  return { before, after, 'msg/s before': b, 'msg/s after': a, 'cost %': Math.round(((b - a) / b) * 1000) / 10, 'catch-up ms/round': Math.round(catchUpMs / INBOUND_ROUNDS) };
}

async function runOn(kind: 'pglite' | 'postgres'): Promise<Record<string, unknown> | null> {
  let database: Database;
  let cleanup: () => Promise<void>;
  if (kind === 'pglite') {
    const dir = await mkdtemp(join(tmpdir(), 'pedbot-bench-reports-'));
    database = await openDatabase({ pgliteDir: dir });
    cleanup = async () => {
      await database.close();
      await rm(dir, { recursive: true, force: true });
    };
  } else {
    const name = `pedbot_bench_${randomBytes(4).toString('hex')}`;
    try {
      const admin = await openDatabase({ databaseUrl: PG_URL, migrate: false });
      await admin.asOwner((db) => sql.raw(`create database ${name}`).execute(db));
      await admin.close();
    } catch {
      console.log('PostgreSQL does not answer: skipped');
      return null;
    }
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: url.toString() });
    cleanup = async () => {
      await database.close();
      const admin = await openDatabase({ databaseUrl: PG_URL, migrate: false });
      await admin.asOwner((db) => sql.raw(`drop database if exists ${name} with (force)`).execute(db));
      await admin.close();
    };
  }
  try {
    const { tenantId, instanceId, ms } = await seed(database);
    console.log(`[${kind}] seeded in ${ms} ms (load average ${loadavg()[0]?.toFixed(1)})`);
    const rollupMs = await buildRollups(database, tenantId);
    // What the server's upkeep does after bulk writes (autovacuum on PostgreSQL, table-maintenance.ts
    // on PGlite): without statistics the planner nests loops over a million rows.
    await database.asOwner((db) => sql`analyze`.execute(db));
    const counts = await database.asOwner(async (db) => {
      const { rows } = await sql<{ m: number; t: number; r: number; c: number }>`select (select count(*) from customer_chats)::int as m, (select count(*) from chat_tickets)::int as t,
        (select count(*) from report_rollups)::int as r, (select count(*) from report_category_rollups)::int as c`.execute(db);
      return rows[0];
    });
    console.log(`[${kind}] rollups built in ${rollupMs} ms: ${JSON.stringify(counts)} (load average ${loadavg()[0]?.toFixed(1)})`);
    const { dashboards: times, queries } = await timeDashboards(database, tenantId);
    console.log(`[${kind}] 30-day dashboards, median of ${RUNS} runs (load average ${loadavg()[0]?.toFixed(1)}):`);
    console.table(
      queries.map(({ dashboard, query, ms }) => ({
        dashboard,
        query,
        ms,
        'target ms (PostgreSQL)': TARGET_MS,
        within: ms <= TARGET_MS ? 'yes' : kind === 'postgres' ? 'NO' : 'no (PGlite)',
      })),
    );
    const inbound = INBOUND > 0 ? await inboundCost(database, tenantId, instanceId) : null;
    if (inbound) console.log(`[${kind}] inbound path (${INBOUND} messages a round, ${INBOUND_ROUNDS} rounds):`, inbound, `(load average ${loadavg()[0]?.toFixed(1)})`);
    return {
      database: kind,
      tickets: counts?.t,
      messages: counts?.m,
      'rollup rows': counts?.r,
      'category rollup rows': counts?.c,
      'seed ms': ms,
      'rollups built ms': rollupMs,
      ...times,
      ...(inbound ? { 'inbound msg/s before': inbound['msg/s before'], 'inbound msg/s after': inbound['msg/s after'], 'inbound cost %': inbound['cost %'] } : {}),
    };
  } finally {
    await cleanup();
  }
}

const rows: Array<Record<string, unknown>> = [];
for (const kind of ['pglite', 'postgres'] as const) {
  if (ONLY && ONLY !== kind) continue;
  const row = await runOn(kind);
  if (row) rows.push(row);
}
console.table(rows);

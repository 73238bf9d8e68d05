/**
 * `npm run bench -- reports`: each dashboard's queries for a 30-day period, on PGlite and on the
 * PostgreSQL of DATABASE_URL (skipped when it does not answer), over tickets and messages spread
 * across 30 days: picked, some transferred, most closed, a third graded.
 *
 *   npx tsx tests/bench/reports-queries.ts [tickets=2000] [messages=20000]
 *   full size (issue 17): npx tsx tests/bench/reports-queries.ts 100000 1000000
 *   BENCH_DB=pglite|postgres to run one database only.
 *
 * Prints the seed time, the time to build the rollups from nothing (the refresher's cost per
 * ticket), and per dashboard the median of 5 runs of all its queries, in ms.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../../src/server/db/database';
import { lastDays, previousPeriod } from '../../src/shared/domain/metrics';
import { securityCounts, securityEvents } from '../../src/server/modules/audit/security-events';
import { liveQueue, surveyAnswers } from '../../src/server/modules/reports/report-lookups';
import { reportSums, type ScopedFilter } from '../../src/server/modules/reports/report-sums';
import { refreshRollupsOnce } from '../../src/server/modules/reports/rollup-refresh';
import { seedTenant } from '../../src/server/modules/tenants/tenant-seed';

const TICKETS = Number(process.argv[2] ?? 2000);
const MESSAGES = Number(process.argv[3] ?? TICKETS * 10);
const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ONLY = process.env.BENCH_DB;
const RUNS = 5;

const cheapHasher = { hash: async () => 'x', verify: async () => false, verifyNothing: async () => undefined };

async function seed(database: Database): Promise<{ tenantId: number; ms: number }> {
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
  });
  return { tenantId, ms: Date.now() - started };
}

async function buildRollups(database: Database, tenantId: number): Promise<number> {
  const started = Date.now();
  while ((await refreshRollupsOnce(database, tenantId, true)) > 0);
  return Date.now() - started;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function timeDashboards(database: Database, tenantId: number): Promise<Record<string, number>> {
  const period = lastDays(30);
  const filter: ScopedFilter = { ...period, instances: null };
  const before: ScopedFilter = { ...previousPeriod(period), instances: null };
  const survey = ['survey_sent', 'survey_answered'];
  const dashboards: Record<string, () => Promise<unknown>> = {
    analytics: () =>
      Promise.all([
        reportSums(database, tenantId, filter, [], null),
        reportSums(database, tenantId, before, [], null),
        reportSums(database, tenantId, filter, ['day'], null),
        reportSums(database, tenantId, filter, ['hour'], ['opened', 'closed']),
        liveQueue(database, tenantId, null),
      ]),
    analytics2: () => Promise.all([reportSums(database, tenantId, filter, [], null), reportSums(database, tenantId, filter, ['day'], null)]),
    report: () => reportSums(database, tenantId, filter, ['user'], ['picked', 'closed', 'transferred', 'msg_out', 'first_response', 'reply', 'resolution', 'survey_answered']),
    'report-nps': () =>
      Promise.all([
        reportSums(database, tenantId, filter, [], survey),
        reportSums(database, tenantId, filter, ['day'], survey),
        reportSums(database, tenantId, filter, ['user'], survey),
        reportSums(database, tenantId, filter, ['department'], survey),
        surveyAnswers(database, tenantId, filter, null, 500),
      ]),
    'security-report': () =>
      Promise.all([
        securityEvents(database, tenantId, { period, actions: null, userId: null, ip: null, limit: 1000, offset: 0 }),
        securityCounts(database, tenantId, period, 'user'),
        securityCounts(database, tenantId, period, 'ip'),
      ]),
    'report-new': () => reportSums(database, tenantId, filter, ['user', 'day'], ['closed']),
  };
  const result: Record<string, number> = {};
  for (const [name, run] of Object.entries(dashboards)) {
    await run();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await run();
      times.push(performance.now() - started);
    }
    result[name] = Math.round(median(times));
  }
  return result;
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
    const { tenantId, ms } = await seed(database);
    const rollupMs = await buildRollups(database, tenantId);
    const counts = await database.asOwner(async (db) => {
      const { rows } = await sql<{ m: number; r: number }>`select (select count(*) from customer_chats)::int as m, (select count(*) from report_rollups)::int as r`.execute(db);
      return rows[0];
    });
    return { database: kind, tickets: TICKETS, messages: counts?.m, 'rollup rows': counts?.r, 'seed ms': ms, 'rollups built ms': rollupMs, ...(await timeDashboards(database, tenantId)) };
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

/**
 * A WhatsApp campaign on the sandbox at the unlimited tier (issue 15 §5): sends per second
 * sustained, the attendance screen's list query latency while it runs (against the same query
 * idle, the same-run baseline), and the server's CPU per send. PGlite in-process, or PostgreSQL in
 * a fresh database when DATABASE_URL names a server (e.g. postgres://postgres@127.0.0.1:5432/postgres).
 *
 *   npm run bench -- campaign-send                       (2,000 recipients)
 *   npx tsx tests/bench/campaign-send.ts 10000            (the full size)
 *   CAMPAIGN_BENCH_RECIPIENTS=10000 npm run bench -- campaign-send
 *
 * The connection's throughput is set to 1,000 messages/s (Meta's upgraded per-number figure) so
 * the figure is what PedBot sustains, not the pacing; the target is Meta's default 80/s. The
 * sandbox steps every message to delivered and read at once (SANDBOX_ACK_STEP_MS 0), so those
 * statuses load the database during the run too. CPU is the whole process's (HTTP, job queue,
 * dispatcher, sandbox, the PGlite thread and this script's polling), not PostgreSQL's server.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { openDatabase } from '../../src/server/db/database';
import { startServer } from '../../src/server/main';

const RECIPIENTS = Number(process.argv[2] ?? process.env.CAMPAIGN_BENCH_RECIPIENTS ?? 2000);
const THROUGHPUT = 1000;
const TARGET_SENDS_PER_SECOND = 80;
const TARGET_ATTENDANCE_P95_MS = 300;

type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const round = (n: number, digits = 1) => Number(n.toFixed(digits));
const latency = (values: number[]) => ({ p50: round(percentile(values, 50)), p95: round(percentile(values, 95)), p99: round(percentile(values, 99)), max: round(Math.max(...values)) });

/** A fresh PostgreSQL database for the demo tenant, when DATABASE_URL names a server. */
async function freshDatabase(): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  const server = process.env.DATABASE_URL;
  if (!server) return { url: undefined, drop: async () => undefined };
  const name = `pedbot_bench_campaign_${randomBytes(4).toString('hex')}`;
  const admin = await openDatabase({ databaseUrl: server, migrate: false });
  await admin.asOwner((db) => sql.raw(`create database ${name}`).execute(db));
  await admin.close();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = await openDatabase({ databaseUrl: server, migrate: false });
      await cleanup.asOwner((db) => sql.raw(`drop database if exists ${name} with (force)`).execute(db));
      await cleanup.close();
    },
  };
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'pedbot-bench-campaign-'));
  const database = await freshDatabase();
  const server = await startServer({
    port: 0,
    demo: true,
    quiet: true,
    config: {
      dataDir,
      databaseUrl: database.url,
      staticDir: '/nonexistent-pedbot-dist',
      logLevel: 'silent',
      sandboxAckStepMs: 0,
      argon2MemoryKib: 1024,
      argon2TimeCost: 2,
    },
  });
  try {
    const gql = async (query: string, variables: Record<string, unknown> = {}, token?: string): Promise<Data> => {
      const response = await fetch(`${server.url}/demo/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await response.json()) as { data?: Data; errors?: unknown };
      if (body.errors) throw new Error(JSON.stringify(body.errors));
      return body.data!;
    };
    const token = (await gql('mutation { logIn(email: "admin@demo.local", password: "Pedbot@demo1") { token } }')).logIn.token as string;
    const instances = (await gql('{ instances { id name } }', {}, token)).instances as Array<{ id: string; name: string }>;
    const instanceId = instances.find((i) => i.name === 'WhatsApp Loja Demo')!.id;
    await gql('mutation ($id: ID!) { updateInstance(id: $id, messaging_send: 1000, messaging_limit: "UNLIMITED") { id } }', { id: instanceId }, token);

    const ATTENDANCE = `query ($i: ID!) { chatTickets(instance_id: $i, all_users: true, pagination_page: 1, pagination_limit: 10, is_campaign: false) { total_pages items { id } } }`;
    const attendanceOnce = async () => {
      const t = performance.now();
      await gql(ATTENDANCE, { i: instanceId }, token);
      return performance.now() - t;
    };
    const idle: number[] = [];
    for (let i = 0; i < 100; i++) idle.push(await attendanceOnce());

    const csv = ['nome;telefone', ...Array.from({ length: RECIPIENTS }, (_, i) => `Bench ${i};5521977${String(i).padStart(6, '0')}`)].join('\n');
    const createdAt = performance.now();
    const created = (
      await gql(
        'mutation ($input: CampaignInput!) { createCampaign(input: $input) { id counts { total } } }',
        { input: { name: 'Bench', instance_id: instanceId, message: 'Oferta para {{nome}}', audience: { csv } } },
        token,
      )
    ).createCampaign;
    const createMs = performance.now() - createdAt;
    if (created.counts.total !== RECIPIENTS) throw new Error(`audience has ${created.counts.total} recipients`);

    const COUNTS = 'query ($id: ID!) { campaign(id: $id) { status counts { queued sent delivered read failed } } }';
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    await gql('mutation ($id: ID!) { startCampaign(id: $id) { id } }', { id: created.id }, token);
    const busy: number[] = [];
    // When a tenth and nine tenths of the recipients had their message sent: the rate in between is
    // the sustained one, without the start (first job, first slice) and the tail (last acks).
    let tenthAt = 0;
    let nineTenthsAt = 0;
    let done: Data;
    for (;;) {
      busy.push(await attendanceOnce());
      done = (await gql(COUNTS, { id: created.id }, token)).campaign;
      const left = RECIPIENTS - done.counts.queued;
      if (!tenthAt && left >= RECIPIENTS / 10) tenthAt = performance.now();
      if (!nineTenthsAt && left >= (RECIPIENTS * 9) / 10) nineTenthsAt = performance.now();
      if (done.counts.queued === 0) break;
      if (performance.now() - started > 30 * 60_000) throw new Error('campaign did not finish in 30 minutes');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const cpuMsPerSend = (cpu.user + cpu.system) / 1000 / RECIPIENTS;
    const sendsPerSecond = RECIPIENTS / seconds;
    const sustained = nineTenthsAt > tenthAt ? (RECIPIENTS * 0.8) / ((nineTenthsAt - tenthAt) / 1000) : sendsPerSecond;

    const engine = database.url ? 'PostgreSQL' : 'PGlite, in-process';
    console.log(`campaign-send: ${RECIPIENTS} recipients on the sandbox, unlimited tier, connection throughput ${THROUGHPUT}/s (${engine})`);
    console.table([
      {
        recipients: RECIPIENTS,
        'create campaign (s)': round(createMs / 1000, 2),
        'send (s)': round(seconds, 2),
        'sends/s overall': round(sendsPerSecond),
        'sends/s sustained (10–90 %)': round(sustained),
        'target sends/s': `>= ${TARGET_SENDS_PER_SECOND}`,
        'CPU ms/send (this process)': round(cpuMsPerSend, 2),
        failed: done.counts.failed,
      },
    ]);
    console.table([
      { attendance: 'idle (same-run baseline)', samples: idle.length, ...latency(idle) },
      { attendance: 'while sending', samples: busy.length, ...latency(busy) },
      { attendance: 'target', samples: 0, p50: 0, p95: TARGET_ATTENDANCE_P95_MS, p99: 0, max: 0 },
    ]);
  } finally {
    await server.close();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();

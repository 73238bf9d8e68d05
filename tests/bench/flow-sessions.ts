/**
 * `npm run bench -- flow-sessions`: many chat-flow sessions answering at once (issue 16 §3), on
 * the real server in-process (embedded PGlite; PostgreSQL with BENCH_DB=postgres), through the
 * sandbox's inbound HTTP API, the inbound pipeline, the job queue (flows.advance) and the engine.
 *
 *   npx tsx tests/bench/flow-sessions.ts [sessions=200]
 *   full size (issue 16): npx tsx tests/bench/flow-sessions.ts 1000
 *
 * Each customer of the robot connection writes first (the flow greets and asks "1 ou 2"); once
 * every session waits, all of them answer at the same instant. Printed: inbound → bot reply in ms
 * (from the instant the wave's customers all write to the moment each bot reply is stored and
 * queued for sending), p50/p99/max, for the greeting wave and the answer wave, the waves'
 * throughput, and when the last inbound request was answered.
 * Target (issue 16): 1,000 sessions answered; the figure to watch is the answer wave's p99.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../../src/server/db/database';
import { startServer, type RunningServer } from '../../src/server/main';
import { createFlow, publishFlow } from '../../src/server/modules/flows/flow-store';
import { ROBOT_INSTANCE_NAME } from '../../src/server/modules/tenants/demo-seed';
import type { FlowDefinition } from '../../src/shared/domain/flows/flow-schema';

const SESSIONS = Number(process.argv[2] ?? 200);
const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REPLY = 'Você escolheu';
/** Inbound HTTP requests in flight at once. */
const IN_FLIGHT = 100;

const at = { x: 0, y: 0 };
const BENCH_FLOW: FlowDefinition = {
  nodes: [
    { id: 's', type: 'start', position: at, data: { trigger: 'message' } },
    { id: 'q', type: 'ask', position: at, data: { question: 'Olá! Responda 1 ou 2.', answer: 'option', options: ['Vendas', 'Suporte'], retries: 1, save_to: { scope: 'variable', key: 'setor' } } },
    { id: 'm', type: 'message', position: at, data: { text: `${REPLY} {{setor}}. Obrigado!`, buttons: [] } },
    { id: 'e', type: 'end', position: at, data: { closing_message: null } },
  ],
  edges: [
    { id: '1', source: 's', target: 'q' },
    { id: '2', source: 'q', target: 'm', sourceHandle: 'option-0' },
    { id: '3', source: 'q', target: 'm', sourceHandle: 'option-1' },
    { id: '4', source: 'm', target: 'e' },
  ],
};

const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

interface Wave {
  /** When every inbound POST had been answered (stored, job queued), s after the wave began. */
  accepted: number;
  p50: number;
  p99: number;
  max: number;
  seconds: number;
}

async function run(label: string, databaseUrl: string | undefined): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'pedbot-bench-flows-'));
  let server: RunningServer | null = null;
  try {
    server = await startServer({
      port: 0,
      demo: true,
      quiet: true,
      config: { dataDir, databaseUrl, staticDir: '/nonexistent', logLevel: 'silent', argon2MemoryKib: 1024, argon2TimeCost: 2, sandboxAckStepMs: 0, host: '127.0.0.1' },
    });
    const running = server;
    const { tenantId, robotId } = await running.database.asOwner(async (db) => {
      const tenant = await db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();
      const robot = await db.selectFrom('instances').select('id').where('tenant_id', '=', tenant.id).where('name', '=', ROBOT_INSTANCE_NAME).executeTakeFirstOrThrow();
      return { tenantId: tenant.id, robotId: robot.id };
    });
    await running.database.withTenant(tenantId, async (tx) => {
      const admin = await tx.selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('email', '=', 'admin@demo.local').executeTakeFirstOrThrow();
      const flowId = await createFlow(tx, tenantId, admin.id, 'passive', { name: 'Bench', draft: BENCH_FLOW });
      if ((await publishFlow(tx, tenantId, flowId, admin.id)).length > 0) throw new Error('bench flow does not publish');
      await tx.updateTable('instances').set({ passive_flow_id: flowId }).where('tenant_id', '=', tenantId).where('id', '=', robotId).execute();
    });

    const phoneOf = (i: number) => `55119${String(80_000_000 + i).padStart(8, '0')}`;
    const post = async (i: number, text: string) => {
      const response = await fetch(`${running.url}/api/sandbox/demo/${robotId}/inbound`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ from: phoneOf(i), name: `Cliente ${i}`, text }),
      });
      if (response.status !== 202) throw new Error(`inbound answered ${response.status}`);
    };
    /** The first bot message matching `pattern` per customer, stored after `since`, by phone. */
    const replies = async (pattern: string, since: Date) => {
      const { rows } = await running.database.asOwner((db) =>
        sql<{ phone_number: string; at: Date }>`
          select c.phone_number, min(m.sent_at) as at from customer_chats m
          join customers c on c.tenant_id = m.tenant_id and c.id = m.customer_id
          where m.tenant_id = ${tenantId} and m.instance_id = ${robotId} and m.is_bot_message and m.message like ${pattern} and m.sent_at >= ${since}
          group by c.phone_number`.execute(db),
      );
      return new Map(rows.map((row) => [row.phone_number, new Date(row.at).getTime()]));
    };

    /**
     * Every customer writes `text` at the same instant, the wave's start: each reply is timed from
     * it. The posts go out over IN_FLIGHT connections (a thousand sockets at once overflow the
     * listen backlog), so the time a post waits for a connection counts too.
     */
    const wave = async (text: string, pattern: string): Promise<Wave> => {
      const since = new Date(Date.now() - 1000);
      const wallStart = Date.now();
      const started = performance.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: Math.min(IN_FLIGHT, SESSIONS) }, async () => {
          while (next < SESSIONS) await post(next++, text);
        }),
      );
      const accepted = (performance.now() - started) / 1000;
      const deadline = Date.now() + 10 * 60_000;
      let got = new Map<string, number>();
      while (got.size < SESSIONS) {
        if (Date.now() > deadline) throw new Error(`only ${got.size} of ${SESSIONS} replies in 10 minutes`);
        await new Promise((resolve) => setTimeout(resolve, 100));
        got = await replies(pattern, since);
      }
      const seconds = (performance.now() - started) / 1000;
      const times = [...got.values()].map((replied) => replied - wallStart).sort((a, b) => a - b);
      return { accepted, p50: percentile(times, 50), p99: percentile(times, 99), max: times.at(-1) ?? 0, seconds };
    };

    const greeting = await wave('Oi', 'Olá! Responda 1 ou 2.%');
    const answer = await wave('2', `${REPLY} Suporte%`);
    const row = (name: string, w: Wave) =>
      `${label.padEnd(10)} ${name.padEnd(22)} ${String(SESSIONS).padStart(8)} ${w.p50.toFixed(0).padStart(8)} ${w.p99.toFixed(0).padStart(8)} ${w.max.toFixed(0).padStart(8)} ${(SESSIONS / w.seconds).toFixed(0).padStart(8)} ${w.accepted.toFixed(1).padStart(10)}`;
    console.log(row('first message→greeting', greeting));
    console.log(row('answer "2"→bot reply', answer));
  } finally {
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function postgresUrl(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  try {
    const admin = await openDatabase({ databaseUrl: PG_URL, migrate: false });
    const name = `pedbot_bench_flows_${Date.now()}`;
    await admin.asOwner((db) => sql.raw(`create database ${name}`).execute(db));
    await admin.close();
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      drop: async () => {
        const cleanup = await openDatabase({ databaseUrl: PG_URL, migrate: false });
        await cleanup.asOwner((db) => sql.raw(`drop database if exists ${name} with (force)`).execute(db));
        await cleanup.close();
      },
    };
  } catch {
    console.log(`PostgreSQL at ${PG_URL} does not answer: skipped`);
    return null;
  }
}

async function main(): Promise<void> {
  console.log(`flow sessions answering at once: ${SESSIONS} (full size: 1000) · load average ${loadavg()[0]?.toFixed(1)}`);
  console.log(`${'database'.padEnd(10)} ${'wave'.padEnd(22)} ${'sessions'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'per s'.padStart(8)} ${'inbound s'.padStart(10)}`);
  const which = process.env.BENCH_DB;
  if (which !== 'postgres') await run('pglite', undefined);
  if (which !== 'pglite') {
    const pg = await postgresUrl();
    if (pg) {
      try {
        await run('postgres', pg.url);
      } finally {
        await pg.drop();
      }
    }
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

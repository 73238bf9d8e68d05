/**
 * The embedded database's thread with relation file sizes remembered (pglite-worker.ts) against
 * the same engine asking the file system at every seek to a file's end (the baseline, same run):
 * small write transactions shaped like an inbound message (a customer upserted, a message inserted
 * under a unique hash and two indexes, the conversation's latest lines read back).
 *
 *   npx tsx tests/bench/pglite-file-sizes.ts [transactions per round=1000] [rounds per variant=6]
 *
 * The two engines run on two data folders, in rounds alternated ABBA so that the tables' growth
 * and the machine's drift fall on both alike; the figure is each variant's median round.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PgliteEngine } from '../../src/server/db/pglite-engine';

const PER_ROUND = Number(process.argv[2] ?? 1000);
const ROUNDS = Number(process.argv[3] ?? 6);

const SCHEMA = `
  create table customers (id serial primary key, tenant_id int not null, phone text not null unique, last_message_at timestamptz);
  create table messages (id bigserial primary key, tenant_id int not null, customer_id int not null, body text, sent_at timestamptz not null default now(), hash text not null unique);
  create index on messages (tenant_id, customer_id, sent_at);`;

async function transaction(engine: PgliteEngine, n: number): Promise<void> {
  const phone = String(5511900000000 + (n % 300));
  await engine.exec('begin');
  const [customer] = (await engine.query(
    'insert into customers (tenant_id, phone, last_message_at) values (1, $1, now()) on conflict (phone) do update set last_message_at = now() returning id',
    [phone],
    true,
    false,
  )).rows as { id: number }[];
  await engine.query('insert into messages (tenant_id, customer_id, body, hash) values (1, $1, $2, $3)', [customer!.id, `mensagem ${n}`, `h${n}`], true, false);
  await engine.query('select id, body from messages where tenant_id = 1 and customer_id = $1 order by sent_at desc limit 5', [customer!.id], true, false);
  await engine.exec('commit');
}

async function round(engine: PgliteEngine, from: number): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < PER_ROUND; i++) await transaction(engine, from + i);
  return ((performance.now() - start) * 1000) / PER_ROUND;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const dirs = await Promise.all([0, 1].map(() => mkdtemp(join(tmpdir(), 'pedbot-bench-pglite-'))));
const variants = [
  { name: 'file sizes remembered', engine: await PgliteEngine.open(dirs[0], undefined, { rememberFileSizes: true }), times: [] as number[] },
  { name: 'baseline: fstat at every seek to the end', engine: await PgliteEngine.open(dirs[1], undefined, { rememberFileSizes: false }), times: [] as number[] },
];
try {
  for (const { engine } of variants) await engine.exec(SCHEMA);
  let next = 0;
  // A warm-up round each, then ABBA.
  for (const variant of variants) await round(variant.engine, (next += PER_ROUND));
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 === 0 ? variants : [...variants].reverse();
    for (const variant of order) variant.times.push(await round(variant.engine, (next += PER_ROUND)));
  }
  console.log(`machine load average (1 min): ${loadavg()[0]!.toFixed(1)}; ${ROUNDS} rounds of ${PER_ROUND} transactions per variant`);
  console.table(
    variants.map((v) => ({
      variant: v.name,
      'median µs per transaction': Math.round(median(v.times)),
      'rounds µs': v.times.map((t) => Math.round(t)).join(' / '),
    })),
  );
  const [remembered, baseline] = variants.map((v) => median(v.times));
  console.log(`file sizes remembered: ${Math.round(remembered!)} µs per transaction against ${Math.round(baseline!)} µs (baseline), ${(((baseline! - remembered!) / baseline!) * 100).toFixed(1)} % less`);
} finally {
  for (const { engine } of variants) await engine.close();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
}

/**
 * A real server for a benchmark, on a fresh embedded PGlite or a fresh database of the PostgreSQL
 * at DATABASE_URL (default 127.0.0.1), removed again afterwards (channels-inbound.ts, fan-out.ts).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../../src/server/db/database';
import type { Config } from '../../src/server/config';
import { startServer, type RunningServer } from '../../src/server/main';

export const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type BenchDatabase = 'pglite' | 'postgres';

export async function withServer(kind: BenchDatabase, config: Partial<Config>, fn: (server: RunningServer, database: Database) => Promise<void>): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'pedbot-bench-'));
  const dbName = `pedbot_bench_${randomBytes(4).toString('hex')}`;
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    const admin = await openDatabase({ databaseUrl: PG_URL, migrate: false });
    await admin.asOwner((db) => sql.raw(`create database ${dbName}`).execute(db));
    await admin.close();
    const url = new URL(PG_URL);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const server = await startServer({
    port: 0,
    quiet: true,
    demo: true,
    config: { dataDir, databaseUrl, logLevel: 'silent', host: '127.0.0.1', ...config },
  });
  try {
    await fn(server, server.database);
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
    if (kind === 'postgres') {
      const admin = await openDatabase({ databaseUrl: PG_URL, migrate: false });
      await admin.asOwner((db) => sql.raw(`drop database if exists ${dbName} with (force)`).execute(db));
      await admin.close();
    }
  }
}

export async function postgresAnswers(): Promise<boolean> {
  try {
    const probe = await openDatabase({ databaseUrl: PG_URL, migrate: false });
    // As the owner: the app role exists only once some database of the cluster was migrated.
    await probe.asOwner((db) => sql`select 1`.execute(db));
    await probe.close();
    return true;
  } catch {
    return false;
  }
}

/** The databases a benchmark runs on: PGlite, and PostgreSQL when it answers; BENCH_DB=pglite|postgres for one. */
export async function benchDatabases(): Promise<BenchDatabase[]> {
  const kinds: BenchDatabase[] = [];
  for (const kind of ['pglite', 'postgres'] as const) {
    if (process.env.BENCH_DB && process.env.BENCH_DB !== kind) continue;
    if (kind === 'postgres' && !(await postgresAnswers())) {
      console.log(`PostgreSQL at ${PG_URL} does not answer: skipped`);
      continue;
    }
    kinds.push(kind);
  }
  return kinds;
}

export const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * Runs a load script in its own process (so its clients do not share the server's CPU accounting), passing `options` as
 * JSON; the script prints `measuring` when the measured part starts (`onMeasuring` runs then) and its figures as the
 * last JSON line.
 */
export function runLoadProcess<Figures>(script: string, options: unknown, onMeasuring: () => void): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, JSON.stringify(options)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('measuring\n')) {
        out = out.replace('measuring\n', '');
        onMeasuring();
      }
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      if (code !== 0 || !line.startsWith('{')) reject(new Error(`load process exited with ${code}: ${out.slice(0, 2000)}`));
      else resolve(JSON.parse(line) as Figures);
    });
  });
}

import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PgliteEngine } from '../../../src/server/db/pglite-engine';
import { testServerUrl } from '../../helpers/test-database';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

/**
 * The table's size as PostgreSQL's storage manager sees it (ANALYZE counts the blocks by seeking to
 * the file's end) and as the file on disk is. `pg_relation_size` would not do: it asks the file system.
 */
async function sizes(engine: PgliteEngine, dataDir: string, table: string): Promise<{ postgres: number; disk: number }> {
  await engine.exec(`analyze ${table}`);
  const [row] = (
    await engine.query(`select relpages * 8192 as size, pg_relation_filepath(oid) as path from pg_class where relname = $1`, [table], false, false)
  ).rows as { size: number; path: string }[];
  const disk = await stat(join(dataDir, row!.path)).then((s) => s.size);
  return { postgres: row!.size, disk };
}

const count = async (engine: PgliteEngine, table: string) =>
  ((await engine.query(`select count(*)::int as n, coalesce(sum(id), 0)::bigint as total from ${table}`, [], false, false)).rows[0] as { n: number; total: number });

/**
 * The database thread remembers each relation file's size instead of asking the file system at
 * every seek to its end (pglite-worker.ts). PostgreSQL sizes relations that way to extend, scan and
 * truncate them, so a stale size would lose rows or write past the end: every step below compares
 * PostgreSQL's idea of the size with the file on disk, and the rows with what was written.
 */
describe.skipIf(testServerUrl)('PGlite on a data folder: relation sizes through extension, truncation and reopening', () => {
  it('keeps every row and the files the size PostgreSQL believes', { timeout: 120_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'pedbot-pglite-'));
    dirs.push(dataDir);
    let engine = await PgliteEngine.open(dataDir);
    await engine.exec('create table t (id int primary key, body text)');
    for (let batch = 0; batch < 20; batch++) {
      await engine.query(`insert into t select g, repeat('x', 200) from generate_series($1::int, $1::int + 999) g`, [batch * 1000 + 1], false, false);
    }
    let s = await sizes(engine, dataDir, 't');
    expect(s.postgres).toBe(s.disk);
    expect(s.postgres).toBeGreaterThan(4 * 1024 * 1024);
    expect(await count(engine, 't')).toEqual({ n: 20_000, total: (20_000 * 20_001) / 2 });

    // Deleting the tail lets VACUUM truncate the file; PostgreSQL must then see the shorter size.
    await engine.exec('delete from t where id > 5000');
    await engine.exec('vacuum t');
    s = await sizes(engine, dataDir, 't');
    expect(s.postgres).toBe(s.disk);
    expect(s.postgres).toBeLessThan(2 * 1024 * 1024);
    await engine.query(`insert into t select g, 'again' from generate_series(5001, 9000) g`, [], false, false);
    expect(await count(engine, 't')).toEqual({ n: 9000, total: (9000 * 9001) / 2 });

    // A rewrite (new file) and a truncation to nothing, then new rows into the emptied table.
    await engine.exec('vacuum full t');
    s = await sizes(engine, dataDir, 't');
    expect(s.postgres).toBe(s.disk);
    await engine.exec('truncate t');
    await engine.query(`insert into t select g, 'after truncate' from generate_series(1, 3000) g`, [], false, false);
    s = await sizes(engine, dataDir, 't');
    expect(s.postgres).toBe(s.disk);
    await engine.close();

    engine = await PgliteEngine.open(dataDir);
    expect(await count(engine, 't')).toEqual({ n: 3000, total: (3000 * 3001) / 2 });
    s = await sizes(engine, dataDir, 't');
    expect(s.postgres).toBe(s.disk);
    await engine.close();
  });
});

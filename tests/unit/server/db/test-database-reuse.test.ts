import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { JobQueue } from '../../../../src/server/jobs/job-queue';
import { openTestDatabase, testServerUrl } from '../../../helpers/test-database';

const tableCounts = sql<{ tables: number; rows: number }>`
  select count(*)::int as tables, coalesce(sum((xpath('/row/n/text()', query_to_xml(format('select count(*) as n from %I.%I', schemaname, tablename), false, true, '')))[1]::text::int), 0)::int as rows
  from pg_tables where schemaname in ('public', 'pgboss') and tablename <> 'pedbot_migrations'`;

// The embedded test databases a file gets may be an earlier file's, put back to the template's state
// (tests/helpers/pglite-reuse.ts): nothing one file wrote may reach the next.
describe.skipIf(testServerUrl)('test databases reused within a process', () => {
  it('hands the next file an engine with no row, no job table and no sequence of the file before', async () => {
    const fresh = await openTestDatabase();
    const template = await fresh.asOwner((db) => tableCounts.execute(db));
    const [insertedFirst] = await fresh.asOwner(async (db) => {
      const { rows } = await sql<{ id: number }>`insert into tenants (slug, name) values ('reuse-probe', 'Reuse') returning id`.execute(db);
      return rows;
    });
    const queue = new JobQueue({ database: fresh });
    queue.define({ name: 'test.reuse-probe', run: async () => undefined });
    await queue.start();
    await queue.stop();
    await fresh.asOwner((db) => sql`set session_replication_role = replica`.execute(db));
    const engine = fresh.engine;
    await fresh.close();

    const next = await openTestDatabase();
    expect(next.engine).toBe(engine);
    expect(await next.asOwner((db) => tableCounts.execute(db))).toEqual(template);
    const { rows } = await next.asOwner((db) =>
      sql<{ id: number; role: string }>`with t as (insert into tenants (slug, name) values ('reuse-probe', 'Reuse') returning id)
        select id, current_setting('session_replication_role') as role from t`.execute(db),
    );
    expect(rows[0]).toEqual({ id: insertedFirst!.id, role: 'origin' });
    await next.close();
  });

  it('closes an engine whose schema a file changed, and the next file gets a copy of the template', async () => {
    const first = await openTestDatabase();
    await first.asOwner((db) => sql`create table reuse_probe (id int)`.execute(db));
    const engine = first.engine;
    await first.close();

    const next = await openTestDatabase();
    expect(next.engine).not.toBe(engine);
    const { rows } = await next.asOwner((db) => sql<{ t: string | null }>`select to_regclass('reuse_probe')::text as t`.execute(db));
    expect(rows[0]?.t).toBeNull();
    await next.close();
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../../src/server/db/database';
import { openTestDatabase, testServerUrl } from '../../../helpers/test-database';

/** A PostgreSQL server that ends the app's connections (restart, failover, an admin) must not end the app. */
describe.runIf(testServerUrl)('connection loss on a PostgreSQL server', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('survives its idle connections being terminated and answers the next query on a new one', async () => {
    const before = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db);
    const errors: unknown[] = [];
    const listener = (error: unknown) => errors.push(error);
    process.on('uncaughtException', listener);
    try {
      await database.asOwner((db) => sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`.execute(db));
      await new Promise((resolve) => setTimeout(resolve, 200));
      const after = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db);
      expect(after.rows[0]?.pid).not.toBe(before.rows[0]?.pid);
      expect(errors).toEqual([]);
    } finally {
      process.off('uncaughtException', listener);
    }
  });
});

import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { testServerUrl } from '../../helpers/test-database';

const MIGRATION = new URL('../../../src/server/db/migrations/0000-roles-and-rls.sql', import.meta.url);

const withDatabase = (url: string, database: string): string => {
  const target = new URL(url);
  target.pathname = `/${database}`;
  return target.toString();
};

/**
 * The app role is the server's, not a database's: several databases migrated at the same moment on
 * one PostgreSQL (test files on a fresh machine, or replicas starting together) all try to create
 * and grant it. Each must end migrated, whoever got there first. The migration's role block runs
 * here under a role name of its own, so the real role is never dropped under other tests.
 */
describe.runIf(testServerUrl)('the app role, created by databases migrated at the same time (PostgreSQL)', () => {
  it('lets every database finish its migration', { timeout: 120_000 }, async () => {
    const migration = await readFile(MIGRATION, 'utf8');
    const admin = new pg.Client({ connectionString: testServerUrl });
    await admin.connect();
    try {
      // A race is lost only sometimes; five rounds of four made the old block fail in every run tried.
      for (let round = 0; round < 5; round++) {
        const role = `pedbot_race_${randomBytes(4).toString('hex')}`;
        const text = migration.split('-- The tenant of the current transaction')[0]!.replaceAll('pedbot_app', role);
        const databases = Array.from({ length: 4 }, (_, i) => `${role}_${i}`);
        try {
          for (const database of databases) await admin.query(`create database ${database}`);
          const outcomes = await Promise.allSettled(
            databases.map(async (database) => {
              const client = new pg.Client({ connectionString: withDatabase(testServerUrl!, database) });
              await client.connect();
              try {
                await client.query(text);
              } finally {
                await client.end();
              }
            }),
          );
          expect(outcomes.filter((o) => o.status === 'rejected').map((o) => String((o as PromiseRejectedResult).reason))).toEqual([]);
          const { rows } = await admin.query('select pg_has_role(current_user, $1, $2) as member', [role, 'member']);
          expect(rows[0].member).toBe(true);
        } finally {
          for (const database of databases) await admin.query(`drop database if exists ${database} with (force)`);
          await admin.query(`drop role if exists ${role}`);
        }
      }
    } finally {
      await admin.end();
    }
  });
});

import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../../src/server/db/database';
import { giveBackEngine, takeEngine } from './pglite-reuse';

/** The PostgreSQL server tests also run against, when .ci/run or the developer sets it. */
export const testServerUrl = process.env.DATABASE_URL;

/**
 * A fresh, migrated, empty database for one test file: the PGlite template's state by default (a
 * copy of it, or an earlier file's engine put back to it: pglite-reuse.ts), or a new database on the PostgreSQL server of DATABASE_URL (dropped again on close), copied from
 * the migrated template database when global setup made one (the migrations then find nothing to do).
 */
export async function openTestDatabase(): Promise<Database> {
  if (!testServerUrl) {
    const template = process.env.PEDBOT_TEST_TEMPLATE;
    if (!template) throw new Error('global setup did not build the PGlite template');
    const engine = await takeEngine(template);
    const database = await openDatabase({ pgliteEngine: engine, migrate: false });
    return {
      ...database,
      close: async () => {
        await database.close();
        await giveBackEngine(engine);
      },
    };
  }
  const name = `pedbot_test_${randomBytes(6).toString('hex')}`;
  const template = process.env.PEDBOT_TEST_PG_TEMPLATE;
  const admin = await openDatabase({ databaseUrl: testServerUrl, migrate: false });
  await admin.asOwner((db) => sql.raw(`create database ${name}${template ? ` template ${template}` : ''}`).execute(db));
  await admin.close();
  const url = new URL(testServerUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = await openDatabase({ databaseUrl: testServerUrl, migrate: false });
      await cleanup.asOwner((db) => sql.raw(`drop database if exists ${name} with (force)`).execute(db));
      await cleanup.close();
    },
  };
}

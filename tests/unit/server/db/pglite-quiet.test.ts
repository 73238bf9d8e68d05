import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../../src/server/db/database';
import { openTestDatabase, testServerUrl } from '../../../helpers/test-database';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long `quiet` took to resolve, in ms. */
async function timeQuiet(database: Database, ms: number, maxWaitMs: number): Promise<number> {
  const started = performance.now();
  await database.quiet!(ms, maxWaitMs);
  return performance.now() - started;
}

describe('the embedded session\'s quiet spells (background work yields to requests)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it.runIf(!testServerUrl)('resolves after a spell without requests, waits out a transaction, and gives up waiting after maxWaitMs', async () => {
    expect(await timeQuiet(database, 20, 5_000)).toBeLessThan(1_000);

    // A transaction holds the session for 300 ms: the spell starts once it is released.
    let held = 0;
    const transaction = database.db.transaction().execute(async (tx) => {
      await sql`select 1`.execute(tx);
      await sleep(300);
      held = performance.now();
    });
    await sleep(20);
    await timeQuiet(database, 20, 5_000);
    await transaction;
    expect(held).toBeGreaterThan(0);
    expect(performance.now() - held).toBeGreaterThanOrEqual(15);

    // Requests one after the other, never 20 ms apart: no spell comes, and maxWaitMs ends the wait.
    let busy = true;
    const traffic = (async () => {
      while (busy) {
        await sql`select 1`.execute(database.db);
        await sleep(2);
      }
    })();
    const waited = await timeQuiet(database, 20, 400);
    busy = false;
    await traffic;
    expect(waited).toBeGreaterThanOrEqual(395);
    expect(waited).toBeLessThan(2_000);
  });

  it.runIf(!!testServerUrl)('is not offered on PostgreSQL, whose connections do not queue behind each other', () => {
    expect(database.quiet).toBeUndefined();
  });
});

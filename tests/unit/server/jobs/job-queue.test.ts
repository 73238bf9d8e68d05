import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../../src/server/db/database';
import { JobQueue, defineJob, jobIdFor, type JobDefinition } from '../../../../src/server/jobs/job-queue';
import { openTestDatabase } from '../../../helpers/test-database';

interface Ran {
  n: number;
  at: number;
}

async function waitFor(check: () => boolean, timeoutMs = 8000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const tenantId = 1;

describe('the durable job queue (pg-boss in the data database)', () => {
  let database: Database;
  const runs: Ran[] = [];
  let failuresLeft = 0;
  const record = defineJob<{ n: number }>({
    name: 'test.record',
    retryDelaySeconds: 1,
    run: async ({ n }) => {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        throw new Error('flaky');
      }
      runs.push({ n, at: Date.now() });
    },
  });
  const queues: JobQueue[] = [];
  const openQueue = async (...jobs: JobDefinition<never>[]) => openQueueWith({}, ...jobs);
  const openQueueWith = async (options: { pollSeconds?: number }, ...jobs: JobDefinition<never>[]) => {
    const queue = new JobQueue({ database, ...options }).define(...(jobs.length ? jobs : [record as JobDefinition<never>]));
    queues.push(queue);
    await queue.start();
    return queue;
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.asOwner((db) => sql`insert into tenants (slug, name) values ('jobs', 'Jobs')`.execute(db));
  });
  afterAll(async () => {
    for (const queue of queues) await queue.stop();
    await database.close();
  });

  it('keeps its schema owned by the table owner: the app role writes job rows and changes no structure', async () => {
    const queue = await openQueue();
    const owner = await sql<{ owner: string }>`select tableowner as owner from pg_tables where schemaname = 'pgboss' and tablename = 'job'`.execute(database.db);
    expect(owner.rows[0]?.owner).not.toBe('pedbot_app');
    await expect(sql`create table pgboss.intruder (id int)`.execute(database.db)).rejects.toThrow(/permission denied/);
    await queue.stop();
  });

  it('runs a job sent in a committed transaction once, and never one whose transaction rolled back', async () => {
    runs.length = 0;
    const queue = await openQueue();
    await database.withTenant(tenantId, (tx) => queue.send(tx, record, { n: 1 }));
    await expect(
      database.withTenant(tenantId, async (tx) => {
        await queue.send(tx, record, { n: 2 });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await waitFor(() => runs.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(runs.map((r) => r.n)).toEqual([1]);
    await queue.stop();
  });

  it('ignores a second send with the same key, and retries a failing run until it succeeds', async () => {
    runs.length = 0;
    failuresLeft = 1;
    const queue = await openQueue();
    const first = await database.withTenant(tenantId, (tx) => queue.send(tx, record, { n: 3 }, { key: 'three' }));
    const second = await database.withTenant(tenantId, (tx) => queue.send(tx, record, { n: 3 }, { key: 'three' }));
    expect(first).toBe(jobIdFor(record.name, 'three'));
    expect(second).toBeNull();
    await waitFor(() => runs.length >= 1);
    expect(failuresLeft).toBe(0);
    expect(runs.map((r) => r.n)).toEqual([3]);
    await queue.stop();
  });

  it('runs a scheduled job at its time, and one that fell due while stopped right after the next start', async () => {
    runs.length = 0;
    let queue = await openQueue();
    const at = new Date(Date.now() + 1500);
    await database.withTenant(tenantId, (tx) => queue.send(tx, record, { n: 4 }, { at }));
    const down = new Date(Date.now() + 500);
    await database.withTenant(tenantId, (tx) => queue.send(tx, record, { n: 5 }, { at: down }));
    await waitFor(() => runs.some((r) => r.n === 5), 3000);
    await queue.stop();
    // n=4 falls due while stopped.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, at.getTime() + 200 - Date.now())));
    expect(runs.some((r) => r.n === 4)).toBe(false);
    const restarted = Date.now();
    queue = await openQueue();
    await waitFor(() => runs.some((r) => r.n === 4));
    const ran = runs.find((r) => r.n === 4)!;
    expect(ran.at).toBeGreaterThanOrEqual(at.getTime());
    expect(ran.at - restarted).toBeLessThan(2000);
    const fast = runs.find((r) => r.n === 5)!;
    expect(fast.at - down.getTime()).toBeLessThan(2000);
    await queue.stop();
  });

  it("wakes its workers when a sent job commits, and at a scheduled job's time, long before their next poll", async () => {
    runs.length = 0;
    const queue = await openQueueWith({ pollSeconds: 60 });
    // Past the workers' first look at start: from here on only a wake-up or a poll a minute away finds a job.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sent = Date.now();
    await database.withTenant(tenantId, (tx) => queue.send(tx, record, { n: 6 }));
    await waitFor(() => runs.some((r) => r.n === 6), 3000);
    expect(runs.find((r) => r.n === 6)!.at - sent).toBeLessThan(1000);
    const at = new Date(Date.now() + 800);
    await database.withTenant(tenantId, (tx) => queue.send(tx, record, { n: 7 }, { at }));
    await waitFor(() => runs.some((r) => r.n === 7), 3000);
    const ran = runs.find((r) => r.n === 7)!;
    expect(ran.at).toBeGreaterThanOrEqual(at.getTime());
    expect(ran.at - at.getTime()).toBeLessThan(1000);
    await queue.stop();
  });

  it('drains a burst of jobs at its workers’ pace, not one job per worker per poll', async () => {
    runs.length = 0;
    const queue = await openQueueWith({ pollSeconds: 60 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    // One commit wakes the two workers once; each must go on to the next job by itself.
    await database.withTenant(tenantId, async (tx) => {
      for (let n = 100; n < 140; n++) await queue.send(tx, record, { n });
    });
    await waitFor(() => runs.length >= 40, 10_000);
    expect(runs.map((r) => r.n).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => 100 + i));
    await queue.stop();
  });

  it.runIf(process.env.DATABASE_URL)('shares the queue between two server replicas without running a job twice', async () => {
    runs.length = 0;
    const slow = defineJob<{ n: number }>({
      name: 'test.replicas',
      concurrency: 4,
      run: async ({ n }) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        runs.push({ n, at: Date.now() });
      },
    });
    const a = await openQueue(slow as JobDefinition<never>);
    const b = await openQueue(slow as JobDefinition<never>);
    await database.withTenant(tenantId, async (tx) => {
      for (let n = 0; n < 60; n++) await (n % 2 ? a : b).send(tx, slow, { n });
    });
    await waitFor(() => runs.length >= 60, 15_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(runs.map((r) => r.n).sort((x, y) => x - y)).toEqual(Array.from({ length: 60 }, (_, n) => n));
    await a.stop();
    await b.stop();
  });
});

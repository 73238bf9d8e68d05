import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReportRollupJob } from '../../../src/server/modules/reports/rollup-job';
import { tenantsWithDirtyTickets } from '../../../src/server/modules/reports/rollup-refresh';
import { openSyncFixture, type SyncFixture } from './support/sync-fixture';

const dirtyTickets = (f: SyncFixture, tenantId: number) =>
  f.database.withTenant(tenantId, (tx) => tx.selectFrom('report_dirty_tickets').select('chat_ticket_id').distinct().execute());

describe('report rollup job (issue 18): a pass takes in what changed before it began', () => {
  let f: SyncFixture;
  let phone = 11966660000;

  beforeAll(async () => {
    f = await openSyncFixture();
  });
  afterAll(async () => {
    await f.close();
  });

  it('ends while customers keep writing, and the next pass takes in what came meanwhile', async () => {
    for (let i = 0; i < 5; i++) await f.inbound(f.alpha, { from: String(++phone), name: `Cliente ${i}` });
    const [alpha] = (await tenantsWithDirtyTickets(f.database)).filter((t) => t.tenantId === f.alpha.tenantId);
    expect(alpha?.upTo).toBeGreaterThan(0);

    // Steady traffic: a new ticket's message whenever the database is free, until the pass ends
    // (or 300 messages, which a pass chasing new changes would run into).
    const job = new ReportRollupJob({ database: f.database, intervalMs: 60_000 });
    let passEnded = false;
    let during = 0;
    const traffic = (async () => {
      while (!passEnded && during < 300) {
        await f.inbound(f.alpha, { from: String(++phone), name: 'Cliente durante' });
        during++;
      }
    })();
    const done = await job.run();
    passEnded = true;
    await traffic;

    expect(during).toBeLessThan(300);
    expect(done).toBeGreaterThanOrEqual(5);
    // What arrived during the pass but after its start waits for the next one, and nothing is lost.
    const waiting = await dirtyTickets(f, f.alpha.tenantId);
    expect(waiting.length).toBeLessThanOrEqual(during);
    await job.run();
    expect(await dirtyTickets(f, f.alpha.tenantId)).toEqual([]);
    const cells = await f.database.withTenant(f.alpha.tenantId, (tx) =>
      tx.selectFrom('report_ticket_cells').select('chat_ticket_id').distinct().execute(),
    );
    expect(cells.length).toBe(5 + during);
  });
});

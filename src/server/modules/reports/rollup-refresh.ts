import { sql } from 'kysely';
import type { Database, Tx } from '../../db/database';
import { ALL_CATEGORIES, sumCells, ticketContributions, toCells } from '../../../shared/domain/metrics';
import { readStoreInfo } from '../store-settings/store-info';
import { loadTicketHistories } from './ticket-history';

/** Tickets a report read recomputes per transaction: small enough to keep a pass's locks short. */
const BATCH = 500;
/**
 * The background job's tickets per transaction: on PGlite's single session every inbound write
 * waits for a transaction in progress, so the job takes it in short turns. In the fan-out bench
 * (issue 18) 50 tickets held it about 100 ms every pass and made the p99; 10 hold it about 20 ms.
 */
export const JOB_BATCH = 10;
const ADVISORY_KEY = 17017;
const INSERT_CHUNK = 5000;
/** Marks deleted per statement (a busy ticket may have many; a statement takes at most 65535 parameters). */
const DELETE_CHUNK = 10_000;

const CELL_KEY = ['day', 'instance_id', 'department_id', 'user_id', 'campaign_id', 'category_id', 'reason_id', 'hour', 'metric'] as const;
const keyList = sql.raw(CELL_KEY.join(', '));
const keyMatch = sql.raw(CELL_KEY.map((k) => `r.${k} = o.${k}`).join(' and '));

/** The two rollup tables and which of a ticket's cells each sums (buckets.ts, ALL_CATEGORIES). */
const ROLLUPS = [
  { table: sql.table('report_rollups'), cells: sql`category_id = ${ALL_CATEGORIES}` },
  { table: sql.table('report_category_rollups'), cells: sql`category_id <> ${ALL_CATEGORIES}` },
];

/** Takes the tickets' old share out of the rollups and drops it. */
async function removeShare(tx: Tx, tenantId: number, ticketIds: readonly number[]): Promise<void> {
  for (const { table, cells } of ROLLUPS) {
    await sql`
      update ${table} r set count = r.count - o.count, total = r.total - o.total, business_total = r.business_total - o.business_total
      from (
        select ${keyList}, sum(count) as count, sum(total) as total, sum(business_total) as business_total from report_ticket_cells
        where tenant_id = ${tenantId} and chat_ticket_id in (${sql.join(ticketIds)}) and ${cells}
        group by ${keyList}
      ) o
      where r.tenant_id = ${tenantId} and ${keyMatch}`.execute(tx);
  }
  await tx.deleteFrom('report_ticket_cells').where('tenant_id', '=', tenantId).where('chat_ticket_id', 'in', ticketIds).execute();
}

/** Recomputes the tickets' share with the shared metric definitions and adds it to the rollups. */
async function addShare(tx: Tx, tenantId: number, ticketIds: readonly number[]): Promise<void> {
  const [histories, store] = await Promise.all([loadTicketHistories(tx, tenantId, ticketIds), readStoreInfo(tx, tenantId)]);
  const rows = histories.flatMap((history) =>
    sumCells(toCells(history.dimensions, ticketContributions(history, store.opening_hours))).map((cell) => ({ ticketId: history.ticketId, ...cell })),
  );
  if (rows.length === 0) return;
  // A parameter per column, not per value: one cheap statement per chunk whatever the row count.
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const chunk = rows.slice(i, i + INSERT_CHUNK);
    const column = <T>(pick: (row: (typeof chunk)[number]) => T): T[] => chunk.map(pick);
    await sql`
      insert into report_ticket_cells (tenant_id, chat_ticket_id, day, hour, instance_id, department_id, user_id, campaign_id, category_id, reason_id, metric, count, total, business_total)
      select ${tenantId}, * from unnest(
        ${column((r) => r.ticketId)}::bigint[], ${column((r) => r.day)}::date[], ${column((r) => r.hour)}::smallint[],
        ${column((r) => r.instanceId)}::bigint[], ${column((r) => r.departmentId)}::bigint[], ${column((r) => r.userId)}::bigint[],
        ${column((r) => r.campaignId)}::bigint[], ${column((r) => r.categoryId)}::bigint[], ${column((r) => r.reasonId)}::bigint[],
        ${column((r) => r.metric)}::text[], ${column((r) => r.count)}::integer[], ${column((r) => r.total)}::bigint[], ${column((r) => r.businessTotal)}::bigint[])`.execute(tx);
  }
  for (const { table, cells } of ROLLUPS) {
    await sql`
      insert into ${table} as r (tenant_id, ${keyList}, count, total, business_total)
      select tenant_id, ${keyList}, sum(count), sum(total), sum(business_total) from report_ticket_cells
      where tenant_id = ${tenantId} and chat_ticket_id in (${sql.join(ticketIds)}) and ${cells}
      group by tenant_id, ${keyList}
      on conflict (tenant_id, ${keyList}) do update
        set count = r.count + excluded.count, total = r.total + excluded.total, business_total = r.business_total + excluded.business_total`.execute(tx);
  }
}

/**
 * One pass for one tenant: up to `batch` changed tickets recomputed in one transaction. Answers how
 * many tickets it recomputed. One refresher at a time per tenant, so two never take the same old
 * share out twice: the job skips a tenant in work (0), a report about to read waits for it.
 * `upTo` leaves later changes (marks above that id) to a later pass.
 */
async function refreshRollupsOnce(database: Database, tenantId: number, wait: boolean, upTo: number | undefined, batch: number): Promise<number> {
  return database.withTenant(tenantId, async (tx) => {
    if (wait) await sql`select pg_advisory_xact_lock(${ADVISORY_KEY}, ${tenantId}::int)`.execute(tx);
    else {
      const locked = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(${ADVISORY_KEY}, ${tenantId}::int) as ok`.execute(tx);
      if (!locked.rows[0]?.ok) return 0;
    }
    const marks = await tx
      .selectFrom('report_dirty_tickets')
      .select(['id', 'chat_ticket_id'])
      .where('tenant_id', '=', tenantId)
      .$if(upTo !== undefined, (query) => query.where('id', '<=', upTo!))
      .orderBy('id')
      .limit(batch * 4)
      .execute();
    if (marks.length === 0) return 0;
    const ticketIds = [...new Set(marks.map((m) => m.chat_ticket_id))].slice(0, batch);
    // Every mark of these tickets committed so far, read before their histories: one recomputation
    // settles them all (a bulk change leaves several marks per ticket), and a mark committed after
    // this read stays for the next pass.
    const markIds = (
      await tx.selectFrom('report_dirty_tickets').select('id').where('tenant_id', '=', tenantId).where('chat_ticket_id', 'in', ticketIds).execute()
    ).map((m) => m.id);
    await removeShare(tx, tenantId, ticketIds);
    await addShare(tx, tenantId, ticketIds);
    for (let i = 0; i < markIds.length; i += DELETE_CHUNK) {
      await tx.deleteFrom('report_dirty_tickets').where('tenant_id', '=', tenantId).where('id', 'in', markIds.slice(i, i + DELETE_CHUNK)).execute();
    }
    return ticketIds.length;
  });
}

export interface RefreshOptions {
  /** Wait for a refresher already at work on the tenant (a report about to read) instead of leaving it the work (the job). */
  wait?: boolean;
  /** Only changes marked up to this id; later ones wait for a later refresh. */
  upTo?: number;
  /** Tickets per transaction. */
  batch?: number;
  /** Transactions at most (a report read is bounded: the job does the rest). */
  maxPasses?: number;
  /** Asked between transactions: true ends the refresh (the job stopping). */
  stopped?: () => boolean;
  /** Awaited before each transaction (the job yields to requests). */
  beforeEach?: () => Promise<void>;
}

/** Brings the tenant's rollups up to date, one transaction of changed tickets after another. */
export async function refreshRollups(database: Database, tenantId: number, options: RefreshOptions = {}): Promise<number> {
  const { wait = true, upTo, batch = BATCH, maxPasses = 20, stopped, beforeEach } = options;
  let total = 0;
  for (let pass = 0; pass < maxPasses && !stopped?.(); pass++) {
    await beforeEach?.();
    if (stopped?.()) break;
    const done = await refreshRollupsOnce(database, tenantId, wait, upTo, batch);
    if (done === 0) break;
    total += done;
  }
  return total;
}

/** Tenants with changed tickets waiting, each with its latest mark (as the owner: the job looks across tenants). */
export async function tenantsWithDirtyTickets(database: Database): Promise<Array<{ tenantId: number; upTo: number }>> {
  return database.asOwner(async (db) => {
    const rows = await db.selectFrom('report_dirty_tickets').select(['tenant_id', (eb) => eb.fn.max('id').as('up_to')]).groupBy('tenant_id').execute();
    return rows.map((r) => ({ tenantId: r.tenant_id, upTo: Number(r.up_to) }));
  });
}

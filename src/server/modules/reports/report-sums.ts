import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/database';
import type { Tables } from '../../db/tables';
import { ALL_CATEGORIES, METRIC_KEYS, NO_CATEGORY } from '../../../shared/domain/metrics';
import type { Dimension, ReportFilterInput } from './inputs';
import { refreshRollups } from './rollup-refresh';

export const DIMENSION_COLUMN = {
  day: 'day',
  hour: 'hour',
  instance: 'instance_id',
  department: 'department_id',
  user: 'user_id',
  campaign: 'campaign_id',
  category: 'category_id',
  reason: 'reason_id',
} as const satisfies Record<Dimension, string>;

/** A filter with the connections already narrowed to what the viewer may see (report-access.ts). */
export type ScopedFilter = ReportFilterInput & { instances: number[] | null };

type CellTable = 'report_rollups' | 'report_category_rollups' | 'report_ticket_cells';

/**
 * Whether a report is about categories (grouped or filtered by them): then it reads the cells
 * split by category, where a ticket with two categories counts in each (buckets.ts).
 */
export const byCategory = (filter: ScopedFilter, groupBy: readonly Dimension[] = []): boolean =>
  groupBy.includes('category') || (filter.category_ids?.length ?? 0) > 0;

/** The filter's conditions on a rollup-shaped table (rollups, or a ticket's cells for drill-down). */
export function whereFilter<T extends CellTable, O>(query: SelectQueryBuilder<Tables, T, O>, tenantId: number, filter: ScopedFilter, groupBy: readonly Dimension[] = []): SelectQueryBuilder<Tables, T, O> {
  // Kysely cannot narrow a column union across the tables; they share these columns.
  let q = query as unknown as SelectQueryBuilder<Tables, 'report_rollups', O>;
  q = q.where('tenant_id', '=', tenantId).where('day', '>=', filter.from).where('day', '<=', filter.to);
  if (filter.instances) q = q.where('instance_id', 'in', filter.instances);
  q = byCategory(filter, groupBy) ? q.where('category_id', '<>', ALL_CATEGORIES) : q.where('category_id', '=', ALL_CATEGORIES);
  const lists = [
    ['department_id', filter.department_ids],
    ['user_id', filter.user_ids],
    ['campaign_id', filter.campaign_ids],
    // "None" (0) is kept as NO_CATEGORY in the split cells.
    ['category_id', filter.category_ids?.map((id) => (id === 0 ? NO_CATEGORY : id))],
    ['reason_id', filter.reason_ids],
  ] as const;
  for (const [column, values] of lists) if (values && values.length > 0) q = q.where(column, 'in', values);
  return q as unknown as SelectQueryBuilder<Tables, T, O>;
}

export interface SumRow {
  keys: string[];
  metric: string;
  count: number;
  total: number;
}

/**
 * The one read behind every card, chart and export: the rollups summed by the chosen dimensions.
 * Brings the rollups up to date first, so a report never shows less than what was committed.
 * With `business_hours`, durations are the part of each wait in the store's opening hours.
 */
export async function reportSums(database: Database, tenantId: number, filter: ScopedFilter, groupBy: readonly Dimension[], metrics: readonly string[] | null): Promise<SumRow[]> {
  await refreshRollups(database, tenantId);
  const columns = groupBy.map((d) => DIMENSION_COLUMN[d]);
  const wanted = metrics && metrics.length > 0 ? [...metrics] : [...METRIC_KEYS];
  const table = byCategory(filter, groupBy) ? 'report_category_rollups' : 'report_rollups';
  const total = filter.business_hours ? sql.ref('business_total') : sql.ref('total');
  // The split cells keep "no category" as NO_CATEGORY; it reads as 0 ("none") like the other dimensions.
  const key = (c: string) => (c === 'category_id' ? sql`greatest(category_id, 0)` : sql.ref(c));
  const rows = await database.withTenant(tenantId, (tx) => {
    let q = whereFilter(tx.selectFrom(table), tenantId, filter, groupBy)
      .select([
        sql<string>`metric`.as('metric'),
        sql<string>`sum(count)::float8`.as('count'),
        sql<string>`sum(${total})::float8`.as('total'),
        ...columns.map((c, i) => sql<string>`${key(c)}::text`.as(`k${i}`)),
      ])
      .groupBy('metric');
    // Grade distribution rows are asked for by name or with survey_answered.
    q = wanted.includes('survey_answered') ? q.where((eb) => eb.or([eb('metric', 'in', wanted), eb('metric', 'like', 'grade\\_%')])) : q.where('metric', 'in', wanted);
    for (const c of columns) q = q.groupBy(c);
    return q.having(sql<boolean>`sum(count) <> 0 or sum(${total}) <> 0`).execute();
  });
  return rows.map((r) => {
    const row = r as unknown as Record<string, string | number>;
    return {
      keys: columns.map((_, i) => String(row[`k${i}`])),
      metric: String(row.metric),
      count: Number(row.count),
      total: Number(row.total),
    };
  });
}

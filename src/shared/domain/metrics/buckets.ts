import { TIME_ZONE } from '../datetime';
import type { Contribution } from './contributions';
import type { TicketDimensions } from './history';
import { localDayHour } from './local-clock';
import type { MetricKey } from './metric-keys';

/**
 * A rollup cell: one local day and hour (America/Sao_Paulo) × connection × department × attendant
 * × campaign × category × reason × metric. The server keeps these cells summed (report_rollups);
 * 0 stands for "none" in the id dimensions so the cell key has no nulls.
 *
 * A ticket may carry several categories, so the category is kept apart: a ticket's cells come once
 * with categoryId ALL_CATEGORIES (the figures of every report not about categories), and once more
 * per category it carries, or with NO_CATEGORY when it has none (the figures by category, where a
 * ticket with two categories counts in each). The server sums the two kinds in separate tables.
 */
export interface RollupCell {
  day: string;
  hour: number;
  instanceId: number;
  departmentId: number;
  userId: number;
  campaignId: number;
  categoryId: number;
  reasonId: number;
  metric: MetricKey;
  count: number;
  total: number;
  businessTotal: number;
}

/** The category of a cell that counts the ticket once whatever its categories. */
export const ALL_CATEGORIES = 0;
/** The category of a cell of a ticket without category (shown and filtered as "none", id 0). */
export const NO_CATEGORY = -1;

export const localHour = (at: number, timeZone: string = TIME_ZONE): number => localDayHour(at, timeZone).hour;

/** The cells a ticket's contributions fall in (not yet summed: the database adds them up). */
export function toCells(dimensions: TicketDimensions, contributions: readonly Contribution[], timeZone: string = TIME_ZONE): RollupCell[] {
  const categories = [ALL_CATEGORIES, ...(dimensions.categoryIds.length > 0 ? new Set(dimensions.categoryIds) : [NO_CATEGORY])];
  return contributions.flatMap((c) => {
    const { day, hour } = localDayHour(c.at, timeZone);
    const cell = {
      day,
      hour,
      instanceId: dimensions.instanceId,
      departmentId: dimensions.departmentId ?? 0,
      userId: c.userId ?? 0,
      campaignId: dimensions.campaignId ?? 0,
      reasonId: dimensions.reasonId ?? 0,
      metric: c.metric,
      count: c.count,
      total: c.total,
      businessTotal: c.businessTotal,
    };
    return categories.map((categoryId) => ({ ...cell, categoryId }));
  });
}

const cellKey = (c: RollupCell): string =>
  [c.day, c.hour, c.instanceId, c.departmentId, c.userId, c.campaignId, c.categoryId, c.reasonId, c.metric].join('|');

/** Adds up cells with the same key (the same sum the database's upsert makes). */
export function sumCells(cells: readonly RollupCell[]): RollupCell[] {
  const sums = new Map<string, RollupCell>();
  for (const cell of cells) {
    const key = cellKey(cell);
    const seen = sums.get(key);
    if (seen) sums.set(key, { ...seen, count: seen.count + cell.count, total: seen.total + cell.total, businessTotal: seen.businessTotal + cell.businessTotal });
    else sums.set(key, { ...cell });
  }
  return [...sums.values()];
}

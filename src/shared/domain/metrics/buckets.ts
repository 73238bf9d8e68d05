import { TIME_ZONE, dayKey, formatTime } from '../datetime';
import type { Contribution } from './contributions';
import type { TicketDimensions } from './history';
import type { MetricKey } from './metric-keys';

/**
 * A rollup cell: one local day and hour (America/Sao_Paulo) × connection × department × attendant
 * × campaign × category × reason × metric. The server keeps these cells summed (report_rollups);
 * 0 stands for "none" in the id dimensions so the cell key has no nulls.
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
}

export const localHour = (at: number, timeZone: string = TIME_ZONE): number => Number(formatTime(at, timeZone).slice(0, 2));

/** The cells a ticket's contributions fall in (not yet summed: the database adds them up). */
export function toCells(dimensions: TicketDimensions, contributions: readonly Contribution[], timeZone: string = TIME_ZONE): RollupCell[] {
  return contributions.map((c) => ({
    day: dayKey(c.at, timeZone),
    hour: localHour(c.at, timeZone),
    instanceId: dimensions.instanceId,
    departmentId: dimensions.departmentId ?? 0,
    userId: c.userId ?? 0,
    campaignId: dimensions.campaignId ?? 0,
    categoryId: dimensions.categoryId ?? 0,
    reasonId: dimensions.reasonId ?? 0,
    metric: c.metric,
    count: c.count,
    total: c.total,
  }));
}

const cellKey = (c: RollupCell): string =>
  [c.day, c.hour, c.instanceId, c.departmentId, c.userId, c.campaignId, c.categoryId, c.reasonId, c.metric].join('|');

/** Adds up cells with the same key (the same sum the database's upsert makes). */
export function sumCells(cells: readonly RollupCell[]): RollupCell[] {
  const sums = new Map<string, RollupCell>();
  for (const cell of cells) {
    const key = cellKey(cell);
    const seen = sums.get(key);
    if (seen) sums.set(key, { ...seen, count: seen.count + cell.count, total: seen.total + cell.total });
    else sums.set(key, { ...cell });
  }
  return [...sums.values()];
}

import { metricValue, type MetricSum } from './summary';
import type { MetricKey } from './metric-keys';

/** A summed figure of one group as a report query answers it (keys in the order of its group_by). */
export interface GroupedSum extends MetricSum {
  keys: readonly string[];
}

export interface ReportRow {
  keys: string[];
  values: Partial<Record<MetricKey, number | null>>;
}

/**
 * The rows of a table, chart or export: one per group, each metric's figure by metricValue, in
 * the order of the keys. Every screen builds what it shows and what it exports from this, so the
 * file holds exactly the numbers on the screen.
 */
export function reportRows(sums: readonly GroupedSum[], metrics: readonly MetricKey[]): ReportRow[] {
  const groups = new Map<string, GroupedSum[]>();
  for (const sum of sums) {
    const key = JSON.stringify(sum.keys);
    const list = groups.get(key);
    if (list) list.push(sum);
    else groups.set(key, [sum]);
  }
  return [...groups.entries()]
    .map(([key, list]) => ({
      keys: JSON.parse(key) as string[],
      values: Object.fromEntries(metrics.map((metric) => [metric, metricValue(metric, list)])) as ReportRow['values'],
    }))
    .sort((a, b) => compareKeys(a.keys, b.keys));
}

const compareKeys = (a: readonly string[], b: readonly string[]): number => {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? '';
    const y = b[i] ?? '';
    const nx = Number(x);
    const ny = Number(y);
    const order = Number.isFinite(nx) && Number.isFinite(ny) && x !== '' && y !== '' ? nx - ny : x.localeCompare(y);
    if (order !== 0) return order;
  }
  return 0;
};

/** The whole period's figure of a metric from grouped sums (what a card shows). */
export const overallValue = (metric: MetricKey, sums: readonly MetricSum[]): number | null => metricValue(metric, sums);

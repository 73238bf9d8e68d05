import { DURATION_METRICS, METRIC_KEYS, gradeOfMetric, type MetricKey } from './metric-keys';

/** A summed figure of one metric over some cells (what a report query answers per group). */
export interface MetricSum {
  metric: MetricKey | string;
  count: number;
  total: number;
}

/** The figure a card, a chart point and an export cell show: a count, or an average in ms. */
export function metricValue(metric: MetricKey, sums: readonly MetricSum[]): number | null {
  let count = 0;
  let total = 0;
  for (const s of sums) {
    if (s.metric !== metric) continue;
    count += s.count;
    total += s.total;
  }
  if (DURATION_METRICS.has(metric)) return count === 0 ? null : Math.round(total / count);
  return count;
}

export type Summary = Record<(typeof METRIC_KEYS)[number], number | null>;

/** Every base metric's figure over the sums: counts (0 when nothing happened) and average durations (null then). */
export function summarize(sums: readonly MetricSum[]): Summary {
  return Object.fromEntries(METRIC_KEYS.map((metric) => [metric, metricValue(metric, sums)])) as Summary;
}

/** How many answers each grade got, for the distribution chart and NPS. */
export function gradeDistribution(sums: readonly MetricSum[]): Map<number, number> {
  const distribution = new Map<number, number>();
  for (const s of sums) {
    const grade = gradeOfMetric(s.metric);
    if (grade !== null) distribution.set(grade, (distribution.get(grade) ?? 0) + s.count);
  }
  return distribution;
}

/** Relative change against the previous period, in %; null when there is nothing to compare with. */
export function trendPercent(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

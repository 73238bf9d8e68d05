/**
 * The measured quantities. Each contribution carries a count and a total: counts add up, and an
 * average is total / count over any set of contributions (so averages of averages never happen).
 */
export const METRIC_KEYS = [
  'opened',
  'picked',
  /** Inbox → pick, ms. */
  'waiting',
  'transferred',
  'closed',
  /** (Re)opening → close, ms. */
  'resolution',
  /** First customer message → first human reply of the cycle, ms. */
  'first_response',
  /** Every customer message waiting → the human reply that answered it, ms. */
  'reply',
  'msg_in',
  'msg_out',
  /** Tickets whose customer waits for a human reply (counted at the first message waiting). */
  'unanswered',
  'survey_sent',
  /** Total = sum of grades. */
  'survey_answered',
] as const;

export type BaseMetricKey = (typeof METRIC_KEYS)[number];
/** One per answer value, for the distribution and NPS. */
export type GradeMetricKey = `grade_${number}`;
export type MetricKey = BaseMetricKey | GradeMetricKey;

export const gradeMetric = (grade: number): GradeMetricKey => `grade_${grade}`;

export function gradeOfMetric(metric: string): number | null {
  const match = /^grade_(\d{1,2})$/.exec(metric);
  return match ? Number(match[1]) : null;
}

export const isMetricKey = (value: string): value is MetricKey =>
  (METRIC_KEYS as readonly string[]).includes(value) || gradeOfMetric(value) !== null;

/** Metrics whose figure is an average duration (total / count), the others are counts. */
export const DURATION_METRICS: ReadonlySet<MetricKey> = new Set(['waiting', 'resolution', 'first_response', 'reply']);

import { DURATION_METRICS, formatDuration, type MetricKey } from '../../../../shared/domain/metrics';
import { formatDate } from '../../../../shared/domain/datetime';

const integer = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

export const formatCount = (value: number | null | undefined): string => (value === null || value === undefined ? '—' : integer.format(value));
export const formatDecimal = (value: number | null | undefined): string => (value === null || value === undefined ? '—' : decimal.format(value));
export const formatPercent = (value: number | null | undefined): string => (value === null || value === undefined ? '—' : `${decimal.format(value)} %`);

/** A metric's figure as a person reads it: "3 min 20 s" for durations, "1.234" for counts. */
export const formatMetric = (metric: MetricKey, value: number | null | undefined): string =>
  DURATION_METRICS.has(metric) ? formatDuration(value) : formatCount(value);

/** "02/11" on chart axes, "02/11/2026" elsewhere. */
export const shortDay = (day: string): string => `${day.slice(8, 10)}/${day.slice(5, 7)}`;
export const longDay = (day: string): string => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
export const hourLabel = (hour: number | string): string => `${String(hour).padStart(2, '0')}h`;
export const dateTime = (iso: string | null): string => (iso ? `${formatDate(iso)} ${new Date(iso).toLocaleTimeString('pt-BR', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit' })}` : '—');

/** Durations leave as "3 min 20 s" text, counts as numbers a spreadsheet can add up. */
export const exportCell = (metric: MetricKey, value: number | null | undefined): string | number => {
  if (DURATION_METRICS.has(metric)) return value === null || value === undefined ? '' : formatDuration(value);
  return value ?? 0;
};

import { dayKey } from '../../../../shared/domain/datetime';
import { addDays, lastDays, type Period } from '../../../../shared/domain/metrics';
import type { ReportFilter } from '../api/report-operations';

/** The filters a dashboard keeps in the URL's search params, so a view can be shared and reloaded. */
export interface FilterState {
  preset: string;
  from: string;
  to: string;
  instance: string | null;
  department: string | null;
  user: string | null;
  campaign: string | null;
  category: string | null;
  reason: string | null;
  /** Durations counted in the store's opening hours (`?horas=comercial`), else wall-clock. */
  businessHours: boolean;
}

export const DIMENSION_FILTERS = ['instance', 'department', 'user', 'campaign', 'category', 'reason'] as const;
export type DimensionFilter = (typeof DIMENSION_FILTERS)[number];

export const BUSINESS_HOURS_PARAM = 'horas';
export const BUSINESS_HOURS_VALUE = 'comercial';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const text = (value: unknown): string | null => (typeof value === 'string' || typeof value === 'number' ? String(value) : null);

/** The period of a preset: 'today', or the last N days. */
export function presetPeriod(preset: string, now = Date.now()): Period {
  if (preset === 'today') {
    const today = dayKey(now);
    return { from: today, to: today };
  }
  return lastDays(Number(preset) || 7, now);
}

export function readFilter(search: Record<string, unknown>, defaultPreset = '7'): FilterState {
  const from = text(search.from);
  const to = text(search.to);
  const custom = from !== null && to !== null && DAY.test(from) && DAY.test(to) && from <= to;
  const preset = custom ? 'custom' : (text(search.preset) ?? defaultPreset);
  const period = custom ? { from, to } : presetPeriod(preset);
  const pick = (name: DimensionFilter) => {
    const value = text(search[name]);
    return value && /^\d+$/.test(value) ? value : null;
  };
  return {
    preset,
    from: period.from,
    to: period.to,
    instance: pick('instance'),
    department: pick('department'),
    user: pick('user'),
    campaign: pick('campaign'),
    category: pick('category'),
    reason: pick('reason'),
    businessHours: search[BUSINESS_HOURS_PARAM] === BUSINESS_HOURS_VALUE,
  };
}

export function toReportFilter(state: FilterState, period: Period = state): ReportFilter {
  const list = (value: string | null) => (value === null ? undefined : [value]);
  return {
    from: period.from,
    to: period.to,
    instance_ids: list(state.instance),
    department_ids: list(state.department),
    user_ids: list(state.user),
    campaign_ids: list(state.campaign),
    category_ids: list(state.category),
    reason_ids: list(state.reason),
    ...(state.businessHours ? { business_hours: true } : {}),
  };
}

export const isSingleDay = (period: Period): boolean => period.from === period.to;
export const dayBefore = (day: string): string => addDays(day, -1);

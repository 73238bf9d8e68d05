import { TIME_ZONE, dayKey, toEpochMs } from '../datetime';

/** A report period: local days (America/Sao_Paulo) 'YYYY-MM-DD', both included. */
export interface Period {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const noonUtc = (day: string): number => Date.parse(`${day}T12:00:00Z`);
const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

export const addDays = (day: string, days: number): string => dayOf(noonUtc(day) + days * DAY_MS);

/** Every day of the period in order, so a chart shows days with no data as zero instead of skipping them. */
export function periodDays(period: Period): string[] {
  const days: string[] = [];
  for (let day = period.from; day <= period.to && days.length < 3660; day = addDays(day, 1)) days.push(day);
  return days;
}

export const periodLength = (period: Period): number => Math.round((noonUtc(period.to) - noonUtc(period.from)) / DAY_MS) + 1;

/** The period of the same length just before, for trends. */
export function previousPeriod(period: Period): Period {
  const length = periodLength(period);
  return { from: addDays(period.from, -length), to: addDays(period.from, -1) };
}

/** The last `days` local days ending today. */
export function lastDays(days: number, now: number = Date.now(), timeZone: string = TIME_ZONE): Period {
  const today = dayKey(now, timeZone);
  return { from: addDays(today, -(days - 1)), to: today };
}

/** The instants [start, end) that a period covers in the zone. */
export function periodInstants(period: Period, timeZone: string = TIME_ZONE): { start: number; end: number } {
  return { start: toEpochMs(`${period.from} 00:00:00`, timeZone) ?? 0, end: toEpochMs(`${addDays(period.to, 1)} 00:00:00`, timeZone) ?? 0 };
}

/** Fills a by-day series with every day of the period (missing days = `empty`). */
export function fillDays<T>(period: Period, byDay: ReadonlyMap<string, T>, empty: (day: string) => T): T[] {
  return periodDays(period).map((day) => byDay.get(day) ?? empty(day));
}

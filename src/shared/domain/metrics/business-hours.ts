import { TIME_ZONE, toEpochMs } from '../datetime';
import { addDays } from './periods';

/** A store's opening window on a weekday (0 = Sunday), 'HH:mm' local times; several per day allowed. */
export interface OpeningWindow {
  weekday: number;
  open: string;
  close: string;
}

const weekdayOf = (day: string): number => new Date(`${day}T12:00:00Z`).getUTCDay();
const localDay = (ms: number, timeZone: string): string => new Intl.DateTimeFormat('en-CA', { timeZone }).format(ms);

/**
 * The part of [start, end) that falls in the opening hours, in ms: a wait from Friday 17:50 to
 * Monday 08:10 with a 08:00–18:00 store is 20 minutes of business time, not 62 hours.
 */
export function businessDuration(start: number, end: number, hours: readonly OpeningWindow[], timeZone: string = TIME_ZONE): number {
  if (end <= start) return 0;
  let total = 0;
  const last = localDay(end, timeZone);
  for (let day = localDay(start, timeZone); day <= last; day = addDays(day, 1)) {
    for (const window of hours) {
      if (window.weekday !== weekdayOf(day)) continue;
      const open = toEpochMs(`${day} ${window.open}:00`, timeZone);
      const close = toEpochMs(`${day} ${window.close}:00`, timeZone);
      if (open === null || close === null) continue;
      total += Math.max(0, Math.min(end, close) - Math.max(start, open));
    }
  }
  return total;
}

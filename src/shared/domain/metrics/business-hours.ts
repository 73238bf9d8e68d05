import { TIME_ZONE } from '../datetime';
import type { DayHours } from '../opening-hours';
import { localDayHour, localInstant } from './local-clock';
import { addDays } from './periods';

const weekdayOf = (day: string): number => new Date(`${day}T12:00:00Z`).getUTCDay();
const localDay = (ms: number, timeZone: string): string => localDayHour(ms, timeZone).day;
const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * The part of [start, end) that falls in the store's opening hours (store info, configs/client-form),
 * in ms: a wait from Friday 17:50 to Monday 08:10 with a 08:00–18:00 store is 20 minutes of
 * business time, not 62 hours. A closed day adds nothing; a day whose closing time is not after its
 * opening runs past midnight into the next day, as isStoreOpen reads it.
 */
export function businessDuration(start: number, end: number, hours: readonly DayHours[], timeZone: string = TIME_ZONE): number {
  if (end <= start) return 0;
  let total = 0;
  const last = localDay(end, timeZone);
  // From the day before: its hours may run past midnight into the start's day.
  for (let day = addDays(localDay(start, timeZone), -1); day <= last; day = addDays(day, 1)) {
    const today = hours.find((h) => h.day === weekdayOf(day));
    if (!today?.open) continue;
    const overnight = minutesOf(today.closes) <= minutesOf(today.opens);
    const open = localInstant(`${day} ${today.opens}:00`, timeZone);
    const close = localInstant(`${overnight ? addDays(day, 1) : day} ${today.closes}:00`, timeZone);
    if (open === null || close === null) continue;
    total += Math.max(0, Math.min(end, close) - Math.max(start, open));
  }
  return total;
}

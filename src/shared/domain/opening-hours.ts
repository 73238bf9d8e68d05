import { z } from 'zod';
import { TIME_INVALID, TIME_PATTERN, TIME_ZONE } from './datetime';

/**
 * The store's opening hours per weekday (configs/client-form). Day 0 is Sunday, as in JavaScript.
 * A day whose closing time is not after its opening time runs past midnight into the next day
 * (a bar open 18:00–02:00). Used by screens and by anything that asks "is the store open at T".
 */
export const WEEKDAYS = ['Domingo', 'Segunda-feira', 'Terça-feira', 'Quarta-feira', 'Quinta-feira', 'Sexta-feira', 'Sábado'] as const;

export interface DayHours {
  day: number;
  open: boolean;
  opens: string;
  closes: string;
}

export type OpeningHours = DayHours[];

const time = z.string().trim().regex(TIME_PATTERN, TIME_INVALID);

export const dayHoursSchema = z.object({
  day: z.number().int().min(0).max(6),
  open: z.boolean(),
  opens: time,
  closes: time,
});

export const openingHoursSchema = z
  .array(dayHoursSchema)
  .max(7)
  .refine((days) => new Set(days.map((d) => d.day)).size === days.length, { message: 'Cada dia da semana aparece uma vez só.' });

/** Monday to Friday 08:00–18:00, Saturday 08:00–12:00, Sunday closed: what a new store starts from. */
export const DEFAULT_OPENING_HOURS: OpeningHours = WEEKDAYS.map((_, day) => ({
  day,
  open: day !== 0,
  opens: '08:00',
  closes: day === 6 ? '12:00' : '18:00',
}));

const minutesOf = (hhmm: string): number => {
  const [h, m] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
};

const weekdayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The weekday (0 = Sunday) and minute of the day that the zone's wall clock shows at `at`. */
export function zonedWeekMinute(at: Date | number, timeZone: string = TIME_ZONE): { day: number; minute: number } {
  let formatter = weekdayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US-u-nu-latn', { timeZone, weekday: 'short', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' });
    weekdayFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(at).map((p) => [p.type, p.value]));
  const day = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday ?? '');
  return { day, minute: Number(parts.hour) * 60 + Number(parts.minute) };
}

const runsPastMidnight = (d: DayHours): boolean => minutesOf(d.closes) <= minutesOf(d.opens);

/** Whether the store is open at the instant `at`, read on the wall clock of `timeZone`. */
export function isStoreOpen(hours: readonly DayHours[], at: Date | number, timeZone: string = TIME_ZONE): boolean {
  const { day, minute } = zonedWeekMinute(at, timeZone);
  const today = hours.find((d) => d.day === day);
  if (today?.open) {
    const opens = minutesOf(today.opens);
    if (runsPastMidnight(today) ? minute >= opens : minute >= opens && minute < minutesOf(today.closes)) return true;
  }
  const yesterday = hours.find((d) => d.day === (day + 6) % 7);
  return Boolean(yesterday?.open && runsPastMidnight(yesterday) && minute < minutesOf(yesterday.closes));
}

/** One line per weekday for the customer ("Segunda-feira: 08:00 às 18:00" or "fechado"), Monday first. */
export function describeOpeningHours(hours: readonly DayHours[]): string[] {
  return [1, 2, 3, 4, 5, 6, 0].map((day) => {
    const d = hours.find((h) => h.day === day);
    return `${WEEKDAYS[day]}: ${d?.open ? `${d.opens} às ${d.closes}` : 'fechado'}`;
  });
}

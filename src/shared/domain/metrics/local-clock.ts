import { TIME_ZONE, dayKey, formatTime, toEpochMs } from '../datetime';

/**
 * The zone's calendar day and hour of an instant, and the instant of a local wall-clock time,
 * remembered: recomputing a ticket's figures asks them for every contribution and every opening
 * window, and each fresh answer costs an Intl formatting. Every zone's offset is a multiple of
 * 15 minutes, so all instants of one quarter hour share their local day and hour.
 */
const QUARTER_MS = 15 * 60_000;
const MAX_ENTRIES = 50_000;
const dayHours = new Map<string, { day: string; hour: number }>();
const instants = new Map<string, number | null>();

const remember = <K, V>(cache: Map<K, V>, key: K, value: V): V => {
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(key, value);
  return value;
};

export function localDayHour(at: number, timeZone: string = TIME_ZONE): { day: string; hour: number } {
  const key = `${timeZone}|${Math.floor(at / QUARTER_MS)}`;
  return dayHours.get(key) ?? remember(dayHours, key, { day: dayKey(at, timeZone), hour: Number(formatTime(at, timeZone).slice(0, 2)) });
}

/** The instant of 'YYYY-MM-DD HH:mm:ss' on the zone's wall clock (null if it does not read as one). */
export function localInstant(local: string, timeZone: string = TIME_ZONE): number | null {
  const key = `${timeZone}|${local}`;
  const known = instants.get(key);
  return known !== undefined ? known : remember(instants, key, toEpochMs(local, timeZone));
}

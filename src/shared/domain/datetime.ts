/**
 * Dates and times in the product's zone (SPEC §5, §9): time 'HH:mm', timestamp
 * 'YYYY-MM-DD HH:mm:ss', display date 'DD/MM/YYYY'. Always in America/Sao_Paulo, whatever the
 * zone of the browser or the server machine.
 */
export const TIME_ZONE = 'America/Sao_Paulo';

/** Epoch milliseconds, a Date, or a string: ISO with a zone, or a zone-less local time (read in TIME_ZONE). */
export type Instant = number | Date | string;

export const TODAY_LABEL = 'Hoje';
export const YESTERDAY_LABEL = 'Ontem';

interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

const formatterFor = (timeZone: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US-u-nu-latn', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

function zonedParts(ms: number, timeZone: string): ZonedParts {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(ms)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** How far the zone's wall clock is ahead of UTC at this instant, in ms. */
function zoneOffset(ms: number, timeZone: string): number {
  const p = zonedParts(ms, timeZone);
  const wholeSecond = ms - (((ms % 1000) + 1000) % 1000);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - wholeSecond;
}

/** The instant at which the zone's wall clock shows this local time. */
function fromZonedParts(p: ZonedParts, millisecond: number, timeZone: string): number {
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second, millisecond);
  // The offset at the guess may be the one before a change of offset; re-reading it at the first
  // answer settles on the offset that really applies there.
  const guess = asUtc - zoneOffset(asUtc, timeZone);
  return asUtc - zoneOffset(guess, timeZone);
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?$/;

/** Parses a zone-less local date/time, rejecting impossible ones (2024-02-30, 24:00). */
function parseLocal(text: string, timeZone: string): number | null {
  const m = LOCAL_DATE_TIME.exec(text.trim());
  if (!m) return null;
  const p: ZonedParts = {
    year: Number(m[1]),
    month: Number(m[2]),
    day: Number(m[3]),
    hour: Number(m[4] ?? 0),
    minute: Number(m[5] ?? 0),
    second: Number(m[6] ?? 0),
  };
  const check = new Date(Date.UTC(p.year, p.month - 1, p.day));
  if (check.getUTCMonth() !== p.month - 1 || check.getUTCDate() !== p.day) return null;
  if (p.hour > 23 || p.minute > 59 || p.second > 59) return null;
  return fromZonedParts(p, Number((m[7] ?? '0').padEnd(3, '0')), timeZone);
}

export function toEpochMs(value: Instant | null | undefined, timeZone: string = TIME_ZONE): number | null {
  if (value === null || value === undefined) return null;
  let ms: number;
  if (value instanceof Date) ms = value.getTime();
  else if (typeof value === 'number') ms = value;
  else if (LOCAL_DATE_TIME.test(value.trim())) return parseLocal(value, timeZone);
  else ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

const withParts = (value: Instant | null | undefined, timeZone: string, render: (p: ZonedParts) => string): string => {
  const ms = toEpochMs(value, timeZone);
  return ms === null ? '' : render(zonedParts(ms, timeZone));
};

/** 'HH:mm'; '' for a missing or invalid instant (as for every formatter here). */
export const formatTime = (value: Instant | null | undefined, timeZone: string = TIME_ZONE): string =>
  withParts(value, timeZone, (p) => `${pad(p.hour)}:${pad(p.minute)}`);

/** 'YYYY-MM-DD HH:mm:ss' */
export const formatTimestamp = (value: Instant | null | undefined, timeZone: string = TIME_ZONE): string =>
  withParts(
    value,
    timeZone,
    (p) => `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`,
  );

/** 'DD/MM/YYYY' */
export const formatDate = (value: Instant | null | undefined, timeZone: string = TIME_ZONE): string =>
  withParts(value, timeZone, (p) => `${pad(p.day)}/${pad(p.month)}/${pad(p.year, 4)}`);

/** 'YYYY-MM-DD' of the local calendar day: messages with the same key go under one day heading. */
export const dayKey = (value: Instant | null | undefined, timeZone: string = TIME_ZONE): string =>
  withParts(value, timeZone, (p) => `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`);

/** 'Hoje', 'Ontem' or 'DD/MM/YYYY', by local calendar day (not by 24-hour distance). */
export function dayLabel(value: Instant | null | undefined, now: Instant, timeZone: string = TIME_ZONE): string {
  const ms = toEpochMs(value, timeZone);
  const nowMs = toEpochMs(now, timeZone);
  if (ms === null || nowMs === null) return '';
  const key = dayKey(ms, timeZone);
  if (key === dayKey(nowMs, timeZone)) return TODAY_LABEL;
  const today = zonedParts(nowMs, timeZone);
  const yesterday = new Date(Date.UTC(today.year, today.month - 1, today.day - 1));
  const yesterdayKey = [pad(yesterday.getUTCFullYear(), 4), pad(yesterday.getUTCMonth() + 1), pad(yesterday.getUTCDate())];
  return key === yesterdayKey.join('-') ? YESTERDAY_LABEL : formatDate(ms, timeZone);
}

export const TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
export const TIMESTAMP_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** Reads 'YYYY-MM-DD HH:mm:ss' as a local time in the zone; null if malformed or impossible. */
export function parseTimestamp(text: string, timeZone: string = TIME_ZONE): number | null {
  return TIMESTAMP_PATTERN.test(text.trim()) ? parseLocal(text, timeZone) : null;
}

export const TIME_INVALID = 'Informe o horário no formato HH:mm.';
export const TIMESTAMP_INVALID = 'Informe a data e a hora no formato AAAA-MM-DD HH:mm:ss.';

export const isValidTime = (text: string): boolean => TIME_PATTERN.test(text.trim());

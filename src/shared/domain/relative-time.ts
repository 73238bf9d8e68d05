import type { Instant } from './datetime';
import { toEpochMs } from './datetime';

/** How long ago, in the units of SPEC §9: min, horas, dias, semanas, meses, anos. */

export const JUST_NOW_LABEL = 'agora';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/**
 * 'agora' under a minute, then '5 min', '1 hora', '2 dias', '3 semanas', '4 meses', '2 anos'.
 * Months count as 30 days and years as 365, capped so that 360 days is '11 meses', not '12 meses'.
 * A time in the future (clocks of client and server disagree) is 'agora'; invalid input gives ''.
 */
export function relativeTime(from: Instant | null | undefined, now: Instant): string {
  const fromMs = toEpochMs(from);
  const nowMs = toEpochMs(now);
  if (fromMs === null || nowMs === null) return '';
  const elapsed = nowMs - fromMs;
  if (elapsed < MINUTE) return JUST_NOW_LABEL;
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min`;
  if (elapsed < DAY) return plural(Math.floor(elapsed / HOUR), 'hora', 'horas');
  const days = Math.floor(elapsed / DAY);
  if (days < 7) return plural(days, 'dia', 'dias');
  if (days < 30) return plural(Math.floor(days / 7), 'semana', 'semanas');
  if (days < 365) return plural(Math.min(Math.floor(days / 30), 11), 'mês', 'meses');
  return plural(Math.floor(days / 365), 'ano', 'anos');
}

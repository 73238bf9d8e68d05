import type { FlowClock } from '../../../shared/domain/flows/flow-conditions';

const STORE_TIME_ZONE = 'America/Sao_Paulo';

const parts = new Intl.DateTimeFormat('en-US', { timeZone: STORE_TIME_ZONE, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * The store's clock for a flow's conditions (SPEC §9 time zone). Opening hours come from the
 * store info when it has them; without any, the store counts as open.
 */
export function flowClockAt(now: Date, isOpen: (now: Date) => boolean = () => true): FlowClock {
  const fields = Object.fromEntries(parts.formatToParts(now).map((part) => [part.type, part.value]));
  return {
    weekday: WEEKDAYS.indexOf(fields.weekday ?? 'Sun'),
    minutes: Number(fields.hour) * 60 + Number(fields.minute),
    storeOpen: isOpen(now),
  };
}

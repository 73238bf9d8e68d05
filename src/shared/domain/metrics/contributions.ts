import type { DayHours } from '../opening-hours';
import { businessDuration } from './business-hours';
import { gradeMetric, type MetricKey } from './metric-keys';
import { sortedEvents, type TicketHistory } from './history';

/** One piece of a ticket's figures, at the instant it happened and for the attendant it is credited to. */
export interface Contribution {
  metric: MetricKey;
  at: number;
  userId: number | null;
  count: number;
  total: number;
  /** The total with durations counted in the store's opening hours only (= total for counts and grades). */
  businessTotal: number;
}

interface Cycle {
  openedAt: number;
  inboxSince: number | null;
  firstResponded: boolean;
  /** The first customer message not yet answered by a human. */
  waitingSince: number | null;
}

const newCycle = (at: number, inbox: boolean): Cycle => ({
  openedAt: at,
  inboxSince: inbox ? at : null,
  firstResponded: false,
  waitingSince: null,
});

/**
 * A ticket's contributions to every metric (metric-keys.ts), credited to whoever was responsible
 * at that instant: the holder for what happens to the ticket, the sender for replies, the picker
 * for waiting, the previous holder for a transfer, the closer for resolution and survey. Bot,
 * closing and survey messages count as messages out but never as a reply. With the store's
 * opening hours, each duration also gets its business-time total (businessDuration).
 */
export function ticketContributions(history: TicketHistory, openingHours: readonly DayHours[] | null = null): Contribution[] {
  const out: Contribution[] = [];
  const add = (metric: MetricKey, at: number, userId: number | null, total = 0) => out.push({ metric, at, userId, count: 1, total, businessTotal: total });
  /** A duration from `since` to `at`: wall-clock total, and its part in the opening hours. */
  const span = (metric: MetricKey, since: number, at: number, userId: number | null) =>
    out.push({ metric, at, userId, count: 1, total: at - since, businessTotal: openingHours ? businessDuration(since, at, openingHours) : at - since });
  let holder: number | null = null;
  let cycle: Cycle | null = null;
  let closedBy: number | null = null;

  for (const event of sortedEvents(history)) {
    switch (event.kind) {
      case 'opened':
      case 'reopened':
        holder = event.userId;
        cycle = newCycle(event.at, event.inbox);
        if (event.kind === 'opened') add('opened', event.at, holder);
        break;
      case 'picked':
        if (cycle?.inboxSince !== null && cycle?.inboxSince !== undefined) {
          add('picked', event.at, event.userId);
          span('waiting', cycle.inboxSince, event.at, event.userId);
          cycle.inboxSince = null;
        }
        holder = event.userId;
        break;
      case 'transferred':
        add('transferred', event.at, event.fromUserId);
        holder = event.toUserId;
        if (cycle && event.toUserId === null) cycle.inboxSince ??= event.at;
        break;
      case 'closed':
        add('closed', event.at, event.userId);
        if (cycle) span('resolution', cycle.openedAt, event.at, event.userId);
        else add('resolution', event.at, event.userId);
        if (event.surveySent) add('survey_sent', event.at, event.userId);
        closedBy = event.userId;
        cycle = null;
        break;
      case 'graded':
        add('survey_answered', event.at, closedBy, event.grade);
        add(gradeMetric(event.grade), event.at, closedBy);
        break;
      case 'message':
        if (event.fromCustomer) {
          add('msg_in', event.at, holder);
          if (cycle && cycle.waitingSince === null) cycle.waitingSince = event.at;
          break;
        }
        add('msg_out', event.at, event.automatic ? null : event.userId);
        if (event.automatic || !cycle || cycle.waitingSince === null) break;
        if (!cycle.firstResponded) span('first_response', cycle.waitingSince, event.at, event.userId);
        span('reply', cycle.waitingSince, event.at, event.userId);
        cycle.firstResponded = true;
        cycle.waitingSince = null;
        break;
    }
  }
  if (cycle?.waitingSince !== null && cycle?.waitingSince !== undefined) add('unanswered', cycle.waitingSince, holder);
  return out;
}

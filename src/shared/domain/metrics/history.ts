/**
 * A ticket's history as the metrics read it: what happened to it, in order. The server builds one
 * from its rows (tickets, messages, transfers, closings); tests write them by hand. Every metric of
 * every dashboard, chart and export is derived from these through contributions.ts, never elsewhere.
 */
export type TicketHistoryEvent =
  | { kind: 'opened'; at: number; inbox: boolean; userId: number | null }
  /** A closed ticket taken up again: a new cycle of waiting, first response and resolution starts. */
  | { kind: 'reopened'; at: number; inbox: boolean; userId: number | null }
  | { kind: 'picked'; at: number; userId: number }
  | { kind: 'transferred'; at: number; fromUserId: number | null; toUserId: number | null }
  | { kind: 'closed'; at: number; userId: number | null; surveySent: boolean }
  | { kind: 'graded'; at: number; grade: number }
  /** `fromCustomer` false = ours; `automatic` = bot, closing or survey message (never a human reply). */
  | { kind: 'message'; at: number; fromCustomer: boolean; automatic: boolean; userId: number | null };

/** The ticket's dimensions, as they stand now (a report groups a ticket by its current values). */
export interface TicketDimensions {
  instanceId: number;
  departmentId: number | null;
  campaignId: number | null;
  /** The ticket's CRM categories (crm/category, ticket_categories): none, one or several. */
  categoryIds: readonly number[];
  /** The closing's attendance-summary reason. */
  reasonId: number | null;
}

export interface TicketHistory {
  ticketId: number;
  dimensions: TicketDimensions;
  events: readonly TicketHistoryEvent[];
}

/**
 * Events in time order; at equal times the listed order stands (sort is stable). A ticket opens
 * with its first message, whose provider timestamp (whole seconds on WhatsApp) may read earlier
 * than the ticket row's creation: the opening is moved back to it, so that message is waited on.
 */
export function sortedEvents(history: TicketHistory): TicketHistoryEvent[] {
  const events = [...history.events].sort((a, b) => a.at - b.at);
  const opening = events.findIndex((e) => e.kind === 'opened');
  const first = events[0];
  if (opening > 0 && first) {
    const [opened] = events.splice(opening, 1);
    if (opened) events.unshift({ ...opened, at: first.at });
  }
  return events;
}

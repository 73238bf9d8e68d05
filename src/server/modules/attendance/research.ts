import { transactWithChanges } from '../../sync/changes';
import type { SyncViewer } from '../../sync/visibility';
import type { MessagingDeps } from '../messages/deps';
import type { TicketRow } from '../tickets/ticket-document';
import { publishTicketEvent } from './ticket-events';
import { assertHolds, lockTicket } from './ticket-lock';

/** Flags a ticket for the satisfaction research, or cancels it (announced as 'research_canceled'). */
export async function setTicketResearch(deps: MessagingDeps, tenantId: number, viewer: SyncViewer, ticketId: number, on: boolean): Promise<TicketRow> {
  const { ticket, canceled } = await transactWithChanges(deps.database, deps.pubsub, tenantId, async (tx, changes) => {
    const current = await lockTicket(tx, tenantId, ticketId);
    assertHolds(current, viewer);
    if (current.is_research === on) return { ticket: current, canceled: false };
    const updated = await tx
      .updateTable('chat_tickets')
      .set({ is_research: on })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', ticketId)
      .returningAll()
      .executeTakeFirstOrThrow();
    changes.add('chattickets', current.instance_id);
    return { ticket: updated, canceled: !on };
  });
  if (canceled) await announceResearchCanceled(deps, tenantId, ticket, viewer.userId);
  return ticket;
}

export function announceResearchCanceled(deps: MessagingDeps, tenantId: number, ticket: TicketRow, triggerUserId: number | null): Promise<void> {
  return publishTicketEvent(deps.pubsub, tenantId, {
    kind: 'research_canceled',
    ticket_id: String(ticket.id),
    instance_id: String(ticket.instance_id),
    instance_name: null,
    customer_name: null,
    previous_user_id: null,
    previous_user_name: null,
    next_user_id: ticket.user_id === null ? null : String(ticket.user_id),
    next_user_name: null,
    trigger_user_id: triggerUserId === null ? null : String(triggerUserId),
    trigger_user_name: null,
    attendant_removed: false,
  }).catch(() => undefined);
}

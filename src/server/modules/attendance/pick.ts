import { PICK_OLDEST_FIRST_MESSAGE, canSeeTicket } from '../../../shared/domain/tickets';
import { forbidden, validation } from '../../graphql/errors';
import { transactWithChanges } from '../../sync/changes';
import type { SyncViewer } from '../../sync/visibility';
import type { MessagingDeps } from '../messages/deps';
import { pickableRule } from '../tickets/pickable';
import type { TicketRow } from '../tickets/ticket-document';
import { alreadyPicked, lockTicket } from './ticket-lock';
import { attendanceTexts as texts } from './texts';

/**
 * Takes an inbox ticket (SPEC §4): assigned to the viewer, out of the inbox. The row lock makes
 * two simultaneous picks run one after the other: the second finds the ticket held and gets
 * TICKET_ALREADY_PICKED. Picking a ticket one already holds answers it unchanged.
 */
export async function pickTicket(deps: MessagingDeps, tenantId: number, viewer: SyncViewer, ticketId: number): Promise<TicketRow> {
  return transactWithChanges(deps.database, deps.pubsub, tenantId, async (tx, changes) => {
    const ticket = await lockTicket(tx, tenantId, ticketId);
    if (ticket.finished_ticket) throw validation('id', texts.ticketClosed);
    if (!ticket.inbox) {
      if (ticket.user_id === viewer.userId) return ticket;
      if (ticket.user_id !== null) throw alreadyPicked();
      throw validation('id', texts.notInInbox);
    }
    if (!canSeeTicket(ticket, viewer)) throw forbidden();
    const isPickable = await pickableRule(tx, tenantId, ticket.instance_id, viewer);
    if (!isPickable(ticket)) throw validation('id', PICK_OLDEST_FIRST_MESSAGE);
    const picked = await tx
      .updateTable('chat_tickets')
      .set((eb) => ({ user_id: viewer.userId, inbox: false, started_at: eb.fn.coalesce('started_at', eb.fn<Date>('now', [])) }))
      .where('tenant_id', '=', tenantId)
      .where('id', '=', ticketId)
      .returningAll()
      .executeTakeFirstOrThrow();
    changes.add('chattickets', ticket.instance_id).add('customers', null);
    return picked;
  });
}

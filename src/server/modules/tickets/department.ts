import { canSeeTicket } from '../../../shared/domain/tickets';
import { forbidden, validation } from '../../graphql/errors';
import { transactWithChanges } from '../../sync/changes';
import type { SyncViewer } from '../../sync/visibility';
import type { MessagingDeps } from '../messages/deps';
import { messageTexts } from '../messages/texts';
import type { TicketRow } from './ticket-document';
import { findTicketLocked } from './ticket-store';

/**
 * Sends an open ticket to a department's inbox (null: the inbox of no department). It leaves its
 * holder, and every list that may no longer show it gets a tombstone (SPEC §4).
 */
export async function changeTicketDepartment(
  deps: MessagingDeps,
  tenantId: number,
  viewer: SyncViewer,
  ticketId: number,
  departmentId: number | null,
): Promise<TicketRow> {
  return transactWithChanges(deps.database, deps.pubsub, tenantId, async (tx, changes) => {
    const ticket = await findTicketLocked(tx, tenantId, ticketId);
    if (!ticket || !canSeeTicket(ticket, viewer)) throw forbidden();
    if (ticket.finished_ticket) throw validation('id', messageTexts.ticketNotFound);
    if (departmentId !== null) {
      const department = await tx.selectFrom('user_departments').select('id').where('tenant_id', '=', tenantId).where('id', '=', departmentId).executeTakeFirst();
      if (!department) throw validation('inbox_department_id', messageTexts.departmentNotFound);
    }
    const moved = await tx
      .updateTable('chat_tickets')
      .set({ inbox: true, inbox_department_id: departmentId, user_id: null, previous_user_id: ticket.user_id ?? ticket.previous_user_id })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', ticketId)
      .returningAll()
      .executeTakeFirstOrThrow();
    changes.add('chattickets', ticket.instance_id).add('customers', null);
    return moved;
  });
}

import { transactWithChanges } from '../../sync/changes';
import type { SyncViewer } from '../../sync/visibility';
import { markTicketSeen } from '../tickets/unseen';
import { ticketVisibleSql } from '../tickets/visibility-sql';
import type { MessagingDeps } from './deps';

/** resetCustomerUnseenMsgs: the customer's open tickets on the connection that the viewer sees are viewed. */
export async function resetCustomerUnseen(deps: MessagingDeps, tenantId: number, viewer: SyncViewer, customerId: number, instanceId: number): Promise<void> {
  await transactWithChanges(deps.database, deps.pubsub, tenantId, async (tx, changes) => {
    const tickets = await tx
      .selectFrom('chat_tickets as t')
      .select('t.id')
      .where('t.tenant_id', '=', tenantId)
      .where('t.customer_id', '=', customerId)
      .where('t.instance_id', '=', instanceId)
      .where('t.finished_ticket', '=', false)
      .where('t.deleted_at', 'is', null)
      .where(ticketVisibleSql(viewer))
      .execute();
    for (const ticket of tickets) {
      if (await markTicketSeen(tx, tenantId, ticket.id)) changes.add('chattickets', instanceId).add('customerchats', instanceId);
    }
  });
}

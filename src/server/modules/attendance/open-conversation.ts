import { canSeeTicket } from '../../../shared/domain/tickets';
import { validation } from '../../graphql/errors';
import { transactWithChanges } from '../../sync/changes';
import type { SyncViewer } from '../../sync/visibility';
import { findCustomer } from '../customers/customer-store';
import type { MessagingDeps } from '../messages/deps';
import { findOpenTicket, openTicket } from '../tickets/ticket-store';
import type { TicketRow } from '../tickets/ticket-document';
import { attendanceTexts as texts } from './texts';

/**
 * "Abrir conversa" of customers/list: the customer's open ticket on the connection when the viewer
 * may see it (an inbox ticket stays in the inbox for them to pick), or a new one held by the
 * viewer. A blocked customer, or one another attendant is already serving, is refused with why.
 */
export async function openConversation(deps: MessagingDeps, tenantId: number, viewer: SyncViewer, customerId: number, instanceId: number): Promise<TicketRow> {
  return transactWithChanges(deps.database, deps.pubsub, tenantId, async (tx, changes) => {
    const customer = await findCustomer(tx, tenantId, customerId);
    if (!customer) throw validation('customer_id', texts.customerNotFound);
    if (customer.is_blacklisted) throw validation('customer_id', texts.customerBlocked);
    const open = await findOpenTicket(tx, tenantId, instanceId, customerId);
    if (open) {
      if (canSeeTicket(open, viewer)) return open;
      const holder = open.user_id === null ? undefined : await tx.selectFrom('users').select('name').where('tenant_id', '=', tenantId).where('id', '=', open.user_id).executeTakeFirst();
      throw validation('customer_id', texts.servedByOther(holder?.name ?? null));
    }
    const { ticket, opened } = await openTicket(tx, tenantId, { instanceId, customerId, userId: viewer.userId });
    if (opened) changes.add('chattickets', instanceId).add('customers', null);
    return ticket;
  });
}

import { ACK } from '../../../shared/domain/messages';
import { canSeeTicket } from '../../../shared/domain/tickets';
import type { RequestContext } from '../../graphql/context';
import { forbidden, validation } from '../../graphql/errors';
import { requireViewer } from '../../graphql/guards';
import { syncServicesOf, syncViewerOf } from '../../sync/access';
import { transactWithChanges } from '../../sync/changes';
import type { MessageRow } from '../messages/message-document';
import { messageTexts } from '../messages/texts';
import { findTicket } from '../tickets/ticket-store';
import { assertUseInstance } from './instance-access';
import { assertServiceWindowOpen } from './send-guards';
import { instanceTexts } from './texts';

/** A failed send goes out again as the same message: the queue entry is reset, nothing is copied. */
export async function retrySend(context: RequestContext, hash: string): Promise<MessageRow> {
  const viewer = syncViewerOf(context);
  const sync = syncServicesOf(context);
  const tenantId = context.tenant.id;
  const failed = await context.database.withTenant(tenantId, (tx) =>
    tx.selectFrom('customer_chats').selectAll().where('tenant_id', '=', tenantId).where('hash', '=', hash).executeTakeFirst(),
  );
  if (!failed || !failed.from_me || failed.off_customer_chat) throw validation('hash', messageTexts.messageNotFound);
  assertUseInstance(requireViewer(context), failed.instance_id);
  if (failed.ack !== ACK.failed) throw validation('hash', instanceTexts.retryNotFailed);
  if (failed.type !== 'template') {
    const phone = await context.database.withTenant(tenantId, (tx) =>
      tx.selectFrom('customers').select('phone_number').where('tenant_id', '=', tenantId).where('id', '=', failed.customer_id).executeTakeFirstOrThrow(),
    );
    await assertServiceWindowOpen(context, failed.instance_id, phone.phone_number);
  }
  const message = await transactWithChanges(context.database, sync.pubsub, tenantId, async (tx, changes) => {
    const ticket = failed.chat_ticket_id === null ? undefined : await findTicket(tx, tenantId, failed.chat_ticket_id);
    if (!ticket || !canSeeTicket(ticket, viewer)) throw forbidden();
    const row = await tx
      .updateTable('customer_chats')
      .set({ ack: ACK.waiting, failure_reason: null })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', failed.id)
      .where('ack', '=', ACK.failed)
      .returningAll()
      .executeTakeFirst();
    // Two clicks at once: the first one re-queued it.
    if (!row) return failed;
    const requeued = await tx
      .updateTable('outbound_messages')
      .set({ status: 'pending', attempts: 0, last_error: null, available_at: new Date() })
      .where('tenant_id', '=', tenantId)
      .where('customer_chat_id', '=', failed.id)
      .where('kind', '=', 'message')
      .executeTakeFirst();
    if (requeued.numUpdatedRows === 0n) {
      await tx.insertInto('outbound_messages').values({ tenant_id: tenantId, instance_id: failed.instance_id, kind: 'message', customer_chat_id: failed.id }).execute();
    }
    changes.add('customerchats', failed.instance_id);
    return row;
  });
  sync.messaging.onQueued?.();
  return message;
}

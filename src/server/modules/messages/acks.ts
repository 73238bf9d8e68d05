import { advanceAck, type Ack } from '../../../shared/domain/messages';
import { transactWithChanges } from '../../sync/changes';
import type { MessagingDeps } from './deps';

export interface AckUpdate {
  tenantId: number;
  instanceId: number;
  /** The message by the provider's id (statuses) or by its hash (our own sends). */
  providerMessageId?: string | null;
  hash?: string | null;
  ack: Ack;
  /** The reason shown on a failed message (pt-BR). */
  reason?: string | null;
}

/**
 * A delivery status (SPEC §4: acks by hash): the ack only moves forward (advanceAck), so late
 * and repeated statuses change nothing. False when no such message is stored (yet).
 */
export async function applyAck(deps: MessagingDeps, update: AckUpdate): Promise<boolean> {
  const { tenantId, instanceId } = update;
  if (!update.providerMessageId && !update.hash) return false;
  return transactWithChanges(deps.database, deps.pubsub, tenantId, async (tx, changes) => {
    let query = tx.selectFrom('customer_chats').select(['id', 'ack', 'failure_reason']).where('tenant_id', '=', tenantId).where('instance_id', '=', instanceId);
    query = update.providerMessageId ? query.where('whatsapp_message_id', '=', update.providerMessageId) : query.where('hash', '=', update.hash ?? '');
    const message = await query.forUpdate().executeTakeFirst();
    if (!message) return false;
    const ack = advanceAck(message.ack, update.ack);
    const reason = ack === -1 ? (update.reason ?? message.failure_reason) : message.failure_reason;
    if (ack === message.ack && reason === message.failure_reason) return true;
    await tx.updateTable('customer_chats').set({ ack, failure_reason: reason }).where('tenant_id', '=', tenantId).where('id', '=', message.id).execute();
    changes.add('customerchats', instanceId);
    return true;
  });
}

import { sql } from 'kysely';
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
    const message = await query.forNoKeyUpdate().executeTakeFirst();
    if (!message) return false;
    const ack = advanceAck(message.ack, update.ack);
    const reason = ack === -1 ? (update.reason ?? message.failure_reason) : message.failure_reason;
    if (ack === message.ack && reason === message.failure_reason) return true;
    await tx.updateTable('customer_chats').set({ ack, failure_reason: reason }).where('tenant_id', '=', tenantId).where('id', '=', message.id).execute();
    changes.add('customerchats', instanceId);
    return true;
  });
}

/**
 * applyAck for many statuses of one connection in one transaction (a webhook often carries dozens;
 * channels group-commit them like inbound messages). Each message's statuses are folded in the
 * given order with the same forward-only rule; results are in input order, false where no message
 * has that provider id (yet).
 */
export async function applyAckBatch(deps: MessagingDeps, tenantId: number, instanceId: number, updates: readonly AckUpdate[]): Promise<boolean[]> {
  const ids = [...new Set(updates.flatMap((u) => (u.providerMessageId ? [u.providerMessageId] : [])))];
  if (ids.length === 0) return updates.map(() => false);
  return transactWithChanges(deps.database, deps.pubsub, tenantId, async (tx, changes) => {
    const stored = await tx
      .selectFrom('customer_chats')
      .select(['id', 'ack', 'failure_reason', 'whatsapp_message_id'])
      .where('tenant_id', '=', tenantId)
      .where('instance_id', '=', instanceId)
      .where('whatsapp_message_id', 'in', ids)
      .orderBy('id')
      // A status never changes a message's keys; a reply stored meanwhile only checks its parent's key.
      .forNoKeyUpdate()
      .execute();
    const byProviderId = new Map(stored.map((m) => [m.whatsapp_message_id!, { id: m.id, ack: m.ack as Ack, reason: m.failure_reason, changed: false }]));
    const found = updates.map((update) => {
      const message = update.providerMessageId ? byProviderId.get(update.providerMessageId) : undefined;
      if (!message) return false;
      const ack = advanceAck(message.ack, update.ack);
      const reason = ack === -1 ? (update.reason ?? message.reason) : message.reason;
      if (ack !== message.ack || reason !== message.reason) Object.assign(message, { ack, reason, changed: true });
      return true;
    });
    const changed = [...byProviderId.values()].filter((m) => m.changed);
    if (changed.length > 0) {
      await sql`
        update customer_chats m set ack = v.ack, failure_reason = v.reason
        from unnest(${changed.map((m) => m.id)}::bigint[], ${changed.map((m) => m.ack)}::smallint[], ${changed.map((m) => m.reason)}::text[]) as v(id, ack, reason)
        where m.tenant_id = ${tenantId} and m.id = v.id`.execute(tx);
      changes.add('customerchats', instanceId);
    }
    return found;
  });
}

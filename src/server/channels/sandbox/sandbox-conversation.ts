import { ACK } from '../../../shared/domain/messages';
import { brazilPhoneVariants } from '../../../shared/domain/phone';
import type { Database } from '../../db/database';
import type { ChannelInstance } from '../channel';

/** One message of a sandbox conversation, as the simulator and the JSON API show it. */
export interface SandboxMessage {
  id: string;
  direction: 'in' | 'out';
  type: string;
  text: string | null;
  caption: string | null;
  media_url: string | null;
  file_name: string | null;
  reply_to: string | null;
  reaction_to: string | null;
  ack: number;
  ack_label: 'sent' | 'delivered' | 'read' | 'failed' | 'held';
  sent_at: string;
}

const ackLabel = (ack: number, held: boolean): SandboxMessage['ack_label'] =>
  held ? 'held' : ack >= ACK.read ? 'read' : ack === ACK.delivered ? 'delivered' : ack === ACK.failed ? 'failed' : 'sent';

async function networkRows(database: Database, instance: ChannelInstance, peer: string | null, directions: Array<'in' | 'out'>): Promise<SandboxMessage[]> {
  const rows = await database.withTenant(instance.tenantId, (tx) => {
    let query = tx
      .selectFrom('sandbox_messages')
      .selectAll()
      .where('tenant_id', '=', instance.tenantId)
      .where('instance_id', '=', instance.id)
      .where('direction', 'in', directions);
    if (peer) query = query.where('peer_phone', '=', peer);
    return query.orderBy('id').execute();
  });
  return rows.map((r) => ({
    id: r.provider_message_id,
    direction: r.direction,
    type: r.type,
    text: r.text,
    caption: r.caption,
    media_url: r.media_url,
    file_name: r.file_name,
    reply_to: r.reply_to,
    reaction_to: r.reaction_to,
    ack: r.ack,
    ack_label: ackLabel(r.ack, r.held),
    sent_at: r.created_at.toISOString(),
  }));
}

/** What the business sent to `to` (all numbers when null), oldest first. */
export function sandboxOutbox(database: Database, instance: ChannelInstance, to: string | null): Promise<SandboxMessage[]> {
  return networkRows(database, instance, to, ['out']);
}

/**
 * One customer's conversation as their phone shows it, oldest first: what they wrote (stored
 * messages of this connection, plus held ones) and what the business sent them.
 */
export async function sandboxConversation(database: Database, instance: ChannelInstance, peer: string, limit = 100): Promise<SandboxMessage[]> {
  const sandboxRows = await networkRows(database, instance, peer, ['in', 'out']);
  const variants = brazilPhoneVariants(peer);
  const inbound = await database.withTenant(instance.tenantId, (tx) =>
    tx
      .selectFrom('customer_chats as m')
      .innerJoin('customers as c', (join) => join.onRef('c.tenant_id', '=', 'm.tenant_id').onRef('c.id', '=', 'm.customer_id'))
      .select(['m.whatsapp_message_id', 'm.type', 'm.message', 'm.caption', 'm.media_url', 'm.document_name', 'm.sent_at'])
      .where('m.tenant_id', '=', instance.tenantId)
      .where('m.instance_id', '=', instance.id)
      .where('m.from_me', '=', false)
      .where('c.phone_number', 'in', variants.length > 0 ? variants : [peer])
      .orderBy('m.sent_at', 'desc')
      .limit(limit)
      .execute(),
  );
  const customerSide: SandboxMessage[] = inbound.map((m) => ({
    id: m.whatsapp_message_id ?? '',
    direction: 'in',
    type: m.type,
    text: m.message,
    caption: m.caption,
    media_url: m.media_url,
    file_name: m.document_name,
    reply_to: null,
    reaction_to: null,
    ack: ACK.read,
    ack_label: 'read',
    sent_at: m.sent_at.toISOString(),
  }));
  return [...customerSide, ...sandboxRows].sort((a, b) => a.sent_at.localeCompare(b.sent_at)).slice(-limit);
}

/** True when the file crossed this connection's sandbox network either way (the simulator may show it). */
export async function sandboxHasFile(database: Database, instance: ChannelInstance, url: string): Promise<boolean> {
  const row = await database.withTenant(instance.tenantId, (tx) =>
    tx
      .selectFrom('sandbox_messages')
      .select('id')
      .where('tenant_id', '=', instance.tenantId)
      .where('instance_id', '=', instance.id)
      .where('media_url', '=', url)
      .union(
        tx
          .selectFrom('customer_chats')
          .select('id')
          .where('tenant_id', '=', instance.tenantId)
          .where('instance_id', '=', instance.id)
          .where('from_me', '=', false)
          .where('media_url', '=', url),
      )
      .limit(1)
      .executeTakeFirst(),
  );
  return row !== undefined;
}

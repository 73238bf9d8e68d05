import type { Selectable } from 'kysely';
import type { Tx } from '../../db/database';
import type { OutboundMessagesTable } from '../../db/schema/sync';
import type { OutboundItem } from './sender';

/** Everything a channel needs to deliver one queued send; null when its message or reaction is gone. */
export async function loadOutboundItem(tx: Tx, row: Selectable<OutboundMessagesTable>): Promise<OutboundItem | null> {
  const instance = await tx
    .selectFrom('instances')
    .select(['id', 'channel'])
    .where('tenant_id', '=', row.tenant_id)
    .where('id', '=', row.instance_id)
    .executeTakeFirst();
  if (!instance) return null;
  const base = { tenantId: row.tenant_id, outboundId: row.id, attempt: row.attempts, instance };
  if (row.kind === 'message' && row.customer_chat_id !== null) {
    const m = await tx
      .selectFrom('customer_chats as m')
      .innerJoin('customers as c', (join) => join.onRef('c.tenant_id', '=', 'm.tenant_id').onRef('c.id', '=', 'm.customer_id'))
      .leftJoin('customer_chats as p', (join) => join.onRef('p.tenant_id', '=', 'm.tenant_id').onRef('p.id', '=', 'm.parent_id'))
      .selectAll('m')
      .select(['c.phone_number', 'p.whatsapp_message_id as parent_provider_id'])
      .where('m.tenant_id', '=', row.tenant_id)
      .where('m.id', '=', row.customer_chat_id)
      .where('m.deleted_at', 'is', null)
      .executeTakeFirst();
    if (!m) return null;
    return {
      ...base,
      to: m.phone_number,
      kind: 'message',
      message: {
        id: m.id,
        hash: m.hash,
        type: m.type,
        text: m.message,
        caption: m.caption,
        mediaUrl: m.media_url,
        documentName: m.document_name,
        documentMimetype: m.document_mimetype,
        messageHeader: m.message_header,
        messageFooter: m.message_footer,
        messageButtons: m.message_buttons,
        replyToProviderId: m.parent_provider_id,
      },
    };
  }
  if (row.kind === 'reaction' && row.reaction_id !== null) {
    const r = await tx
      .selectFrom('customer_chat_reactions as r')
      .innerJoin('customers as c', (join) => join.onRef('c.tenant_id', '=', 'r.tenant_id').onRef('c.id', '=', 'r.customer_id'))
      .innerJoin('customer_chats as m', (join) => join.onRef('m.tenant_id', '=', 'r.tenant_id').onRef('m.id', '=', 'r.customer_chat_id'))
      .select(['r.id', 'r.reaction_text', 'c.phone_number', 'm.whatsapp_message_id'])
      .where('r.tenant_id', '=', row.tenant_id)
      .where('r.id', '=', row.reaction_id)
      .executeTakeFirst();
    if (!r) return null;
    return { ...base, to: r.phone_number, kind: 'reaction', reaction: { id: r.id, targetProviderId: r.whatsapp_message_id, emoji: r.reaction_text } };
  }
  return null;
}

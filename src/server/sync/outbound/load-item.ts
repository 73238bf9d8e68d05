import type { Selectable } from 'kysely';
import type { Tx } from '../../db/database';
import type { OutboundMessagesTable } from '../../db/schema/sync';
import type { OutboundItem } from './sender';

type OutboundRow = Selectable<OutboundMessagesTable>;

/** A loaded send, and whether it quotes a message whose provider id was not recorded yet (it may be by the time it goes). */
export interface LoadedItem {
  item: OutboundItem;
  quotesUnsent: boolean;
}

/**
 * Everything a channel needs to deliver each queued send of a batch (one tenant), in a few
 * statements for the whole batch; a send whose message or reaction is gone is missing from the map.
 */
export async function loadOutboundItems(tx: Tx, rows: readonly OutboundRow[]): Promise<Map<number, LoadedItem>> {
  const loaded = new Map<number, LoadedItem>();
  if (rows.length === 0) return loaded;
  const tenantId = rows[0]!.tenant_id;
  const instances = new Map(
    (
      await tx
        .selectFrom('instances')
        .select(['id', 'channel'])
        .where('tenant_id', '=', tenantId)
        .where('id', 'in', [...new Set(rows.map((row) => row.instance_id))])
        .execute()
    ).map((instance) => [instance.id, instance]),
  );
  const messageIds = rows.flatMap((row) => (row.kind === 'message' && row.customer_chat_id !== null ? [row.customer_chat_id] : []));
  const reactionIds = rows.flatMap((row) => (row.kind === 'reaction' && row.reaction_id !== null ? [row.reaction_id] : []));
  const messages = new Map(
    messageIds.length === 0
      ? []
      : (
          await tx
            .selectFrom('customer_chats as m')
            .innerJoin('customers as c', (join) => join.onRef('c.tenant_id', '=', 'm.tenant_id').onRef('c.id', '=', 'm.customer_id'))
            .leftJoin('customer_chats as p', (join) => join.onRef('p.tenant_id', '=', 'm.tenant_id').onRef('p.id', '=', 'm.parent_id'))
            .select([
              'm.id',
              'm.hash',
              'm.type',
              'm.message',
              'm.caption',
              'm.media_url',
              'm.document_name',
              'm.document_mimetype',
              'm.message_header',
              'm.message_footer',
              'm.message_buttons',
              'm.parent_id',
              'c.phone_number',
              'p.whatsapp_message_id as parent_provider_id',
            ])
            .where('m.tenant_id', '=', tenantId)
            .where('m.id', 'in', messageIds)
            .where('m.deleted_at', 'is', null)
            .execute()
        ).map((m) => [m.id, m]),
  );
  const reactions = new Map(
    reactionIds.length === 0
      ? []
      : (
          await tx
            .selectFrom('customer_chat_reactions as r')
            .innerJoin('customers as c', (join) => join.onRef('c.tenant_id', '=', 'r.tenant_id').onRef('c.id', '=', 'r.customer_id'))
            .innerJoin('customer_chats as m', (join) => join.onRef('m.tenant_id', '=', 'r.tenant_id').onRef('m.id', '=', 'r.customer_chat_id'))
            .select(['r.id', 'r.reaction_text', 'c.phone_number', 'm.whatsapp_message_id'])
            .where('r.tenant_id', '=', tenantId)
            .where('r.id', 'in', reactionIds)
            .execute()
        ).map((r) => [r.id, r]),
  );
  for (const row of rows) {
    const instance = instances.get(row.instance_id);
    if (!instance) continue;
    const base = { tenantId, outboundId: row.id, attempt: row.attempts, instance };
    const m = row.kind === 'message' && row.customer_chat_id !== null ? messages.get(row.customer_chat_id) : undefined;
    if (m) {
      loaded.set(row.id, {
        quotesUnsent: m.parent_id !== null && m.parent_provider_id === null,
        item: {
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
        },
      });
    }
    const r = row.kind === 'reaction' && row.reaction_id !== null ? reactions.get(row.reaction_id) : undefined;
    if (r) {
      loaded.set(row.id, {
        quotesUnsent: r.whatsapp_message_id === null,
        item: { ...base, to: r.phone_number, kind: 'reaction', reaction: { id: r.id, targetProviderId: r.whatsapp_message_id, emoji: r.reaction_text } },
      });
    }
  }
  return loaded;
}

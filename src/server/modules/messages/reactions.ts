import { brazilPhoneVariants, normalizePhone } from '../../../shared/domain/phone';
import { canSeeTicket } from '../../../shared/domain/tickets';
import type { Tx } from '../../db/database';
import { forbidden, validation } from '../../graphql/errors';
import { transactWithChanges } from '../../sync/changes';
import type { SyncViewer } from '../../sync/visibility';
import { findTicket } from '../tickets/ticket-store';
import type { MessagingDeps } from './deps';
import type { ReactionRow } from './message-document';
import { messageTexts } from './texts';

interface ReactionWrite {
  tenantId: number;
  instanceId: number;
  message: { id: number; customer_id: number; chat_ticket_id: number | null };
  fromMe: boolean;
  userId: number | null;
  /** Empty: the reaction is removed (a tombstone). */
  text: string;
  providerMessageId?: string | null;
  sentAt?: Date;
}

/** WhatsApp keeps one reaction per side of a conversation and message: a new one replaces it. */
async function upsertReaction(tx: Tx, write: ReactionWrite): Promise<ReactionRow> {
  const sentAt = write.sentAt ?? new Date();
  const deletedAt = write.text === '' ? sentAt : null;
  return tx
    .insertInto('customer_chat_reactions')
    .values({
      tenant_id: write.tenantId,
      instance_id: write.instanceId,
      customer_id: write.message.customer_id,
      customer_chat_id: write.message.id,
      chat_ticket_id: write.message.chat_ticket_id,
      reaction_text: write.text,
      from_me: write.fromMe,
      user_id: write.userId,
      whatsapp_message_id: write.providerMessageId ?? null,
      sent_at: sentAt,
      deleted_at: deletedAt,
    })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'customer_chat_id', 'from_me']).doUpdateSet((eb) => ({
        reaction_text: eb.ref('excluded.reaction_text'),
        user_id: eb.ref('excluded.user_id'),
        whatsapp_message_id: eb.ref('excluded.whatsapp_message_id'),
        sent_at: eb.ref('excluded.sent_at'),
        deleted_at: eb.ref('excluded.deleted_at'),
        ack: 0,
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface SendReactionInput {
  tenantId: number;
  viewer: SyncViewer;
  instanceId: number;
  messageId: number;
  text: string;
}

/** sendReactionSelenium: the attendant's reaction, stored and queued for the channel in one transaction. */
export async function sendReaction(deps: MessagingDeps, input: SendReactionInput): Promise<ReactionRow> {
  const { tenantId, instanceId } = input;
  const reaction = await transactWithChanges(deps.database, deps.pubsub, tenantId, async (tx, changes) => {
    const message = await tx
      .selectFrom('customer_chats')
      .select(['id', 'customer_id', 'chat_ticket_id'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', input.messageId)
      .where('instance_id', '=', instanceId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!message) throw validation('customer_chat_id', messageTexts.messageNotFound);
    const ticket = message.chat_ticket_id === null ? undefined : await findTicket(tx, tenantId, message.chat_ticket_id);
    if (!ticket || !canSeeTicket(ticket, input.viewer)) throw forbidden();
    const row = await upsertReaction(tx, { tenantId, instanceId, message, fromMe: true, userId: input.viewer.userId, text: input.text.trim() });
    await tx.insertInto('outbound_messages').values({ tenant_id: tenantId, instance_id: instanceId, kind: 'reaction', reaction_id: row.id }).execute();
    changes.add('customerchatreactions', instanceId);
    return row;
  });
  deps.onQueued?.();
  return reaction;
}

export interface InboundReactionInput {
  tenantId: number;
  instanceId: number;
  from: string;
  /** The provider id of the message reacted to. */
  targetProviderId: string;
  /** Null or empty: the customer removed the reaction. */
  emoji: string | null;
  providerMessageId?: string | null;
  sentAt?: Date;
}

/** A customer's reaction; false when the reacted message is not stored on this connection. */
export async function receiveInboundReaction(deps: MessagingDeps, input: InboundReactionInput): Promise<boolean> {
  const { tenantId, instanceId } = input;
  const phones = brazilPhoneVariants(normalizePhone(input.from));
  return transactWithChanges(deps.database, deps.pubsub, tenantId, async (tx, changes) => {
    const message = await tx
      .selectFrom('customer_chats as m')
      .innerJoin('customers as c', (join) => join.onRef('c.tenant_id', '=', 'm.tenant_id').onRef('c.id', '=', 'm.customer_id'))
      .select(['m.id', 'm.customer_id', 'm.chat_ticket_id'])
      .where('m.tenant_id', '=', tenantId)
      .where('m.instance_id', '=', instanceId)
      .where('m.whatsapp_message_id', '=', input.targetProviderId)
      .where('c.phone_number', 'in', phones.length > 0 ? phones : [''])
      .executeTakeFirst();
    if (!message) return false;
    await upsertReaction(tx, {
      tenantId,
      instanceId,
      message,
      fromMe: false,
      userId: null,
      text: input.emoji?.trim() ?? '',
      providerMessageId: input.providerMessageId ?? null,
      sentAt: input.sentAt,
    });
    changes.add('customerchatreactions', instanceId);
    return true;
  });
}

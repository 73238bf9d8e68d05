import { brazilPhoneVariants, normalizePhone } from '../../../shared/domain/phone';
import type { Tx } from '../../db/database';
import { transactWithChanges } from '../../sync/changes';
import { takeSurveyAnswer, thankGraders } from '../attendance/survey';
import { findOrCreateCustomer } from '../customers/customer-store';
import { findOpenTicket, openTicket, recordMessageOnTicket } from '../tickets/ticket-store';
import type { MessagingDeps } from './deps';
import { previewOf } from './texts';

/** A customer's message as a channel received it (DESIGN §5 inbound pipeline). */
export interface InboundInput {
  tenantId: number;
  instanceId: number;
  /** The customer's phone in any format; it is normalized (SPEC §5). */
  from: string;
  /** Other forms the customer may be stored under (Brazil's ninth digit), tried after `from`. */
  phoneVariants?: readonly string[];
  name?: string | null;
  /** text, image, audio, video, document, sticker, location, ... */
  type?: string;
  text?: string | null;
  /** The provider's message id: a second delivery of it is recognised and ignored. */
  providerMessageId: string;
  sentAt?: Date | string | number;
  caption?: string | null;
  mediaUrl?: string | null;
  mimeType?: string | null;
  fileName?: string | null;
  replyToProviderId?: string | null;
  messageHeader?: string | null;
  messageFooter?: string | null;
  messageButtons?: string | null;
}

export interface InboundResult {
  /** The provider id was already stored: nothing was written. */
  duplicate: boolean;
  messageId: number;
  ticketId: number | null;
  customerId: number;
}

/** The hash of an incoming message: unique per tenant like the clients' hashes, derived from the provider id. */
export const inboundHash = (instanceId: number, providerMessageId: string): string => `wa:${instanceId}:${providerMessageId}`;

async function storedMessage(tx: Tx, tenantId: number, instanceId: number, providerMessageId: string) {
  return tx
    .selectFrom('customer_chats')
    .select(['id', 'chat_ticket_id', 'customer_id'])
    .where('tenant_id', '=', tenantId)
    .where('instance_id', '=', instanceId)
    .where('whatsapp_message_id', '=', providerMessageId)
    .executeTakeFirst();
}

/** True when this connection already stored a message with this provider id. */
export async function hasInboundMessage(deps: Pick<MessagingDeps, 'database'>, tenantId: number, instanceId: number, providerMessageId: string): Promise<boolean> {
  return deps.database.withTenant(tenantId, async (tx) => (await storedMessage(tx, tenantId, instanceId, providerMessageId)) !== undefined);
}

/**
 * Stores a customer's message (DESIGN §1 inbound pipeline): deduplicated by provider id, the
 * customer found by phone or created, the open ticket of that connection found or a new inbox
 * ticket opened, the unseen counter raised and the change announced.
 */
export async function receiveInbound(deps: MessagingDeps, input: InboundInput): Promise<InboundResult> {
  const { tenantId, instanceId, providerMessageId } = input;
  const phone = normalizePhone(input.from);
  if (!phone) throw new Error('an inbound message needs the sender phone');
  const phones = [...new Set([phone, ...brazilPhoneVariants(phone).slice(1), ...(input.phoneVariants ?? []).map(normalizePhone)])].filter(Boolean);
  let thanked = false;
  const result = await transactWithChanges(deps.database, deps.pubsub, tenantId, async (tx, changes) => {
    const known = await storedMessage(tx, tenantId, instanceId, providerMessageId);
    if (known) return { duplicate: true, messageId: known.id, ticketId: known.chat_ticket_id, customerId: known.customer_id };
    const { customer, written } = await findOrCreateCustomer(tx, tenantId, phones, input.name?.trim() || null);
    // A blocked customer's message is kept, but opens no ticket and reaches no attendant.
    const blocked = customer.is_blacklisted;
    const open = blocked ? undefined : await findOpenTicket(tx, tenantId, instanceId, customer.id);
    // A grade answering the satisfaction survey stays on the closed ticket (attendance/survey.ts).
    const graded = blocked || open ? null : await takeSurveyAnswer(tx, tenantId, instanceId, customer.id, input.text);
    const { ticket, opened } = blocked
      ? { ticket: null, opened: false }
      : open
        ? { ticket: open, opened: false }
        : graded
          ? { ticket: graded, opened: false }
          : await openTicket(tx, tenantId, { instanceId, customerId: customer.id, userId: null });
    if (written || opened) changes.add('customers', null);
    const parent = input.replyToProviderId ? await storedMessage(tx, tenantId, instanceId, input.replyToProviderId) : undefined;
    const message = await tx
      .insertInto('customer_chats')
      .values({
        tenant_id: tenantId,
        instance_id: instanceId,
        customer_id: customer.id,
        chat_ticket_id: ticket?.id ?? null,
        hash: inboundHash(instanceId, providerMessageId),
        whatsapp_message_id: providerMessageId,
        type: input.type ?? 'text',
        message: input.text ?? null,
        caption: input.caption ?? null,
        media_url: input.mediaUrl ?? null,
        document_name: input.fileName ?? null,
        document_mimetype: input.mimeType ?? null,
        message_header: input.messageHeader ?? null,
        message_footer: input.messageFooter ?? null,
        message_buttons: input.messageButtons ?? null,
        parent_id: parent?.id ?? null,
        unseen_msg: true,
        from_me: false,
        sent_at: input.sentAt === undefined ? new Date() : new Date(input.sentAt),
      })
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!message) {
      // The same provider id committed concurrently.
      const raced = await storedMessage(tx, tenantId, instanceId, providerMessageId);
      if (!raced) throw new Error('inbound message vanished while being stored');
      return { duplicate: true, messageId: raced.id, ticketId: raced.chat_ticket_id, customerId: raced.customer_id };
    }
    changes.add('customerchats', instanceId);
    if (ticket) {
      await recordMessageOnTicket(tx, tenantId, ticket.id, { messageId: message.id, sentAt: message.sent_at, preview: previewOf(message), incoming: true });
      changes.add('chattickets', instanceId);
    }
    // The thank-you follows the grade, so it is written after the customer's message.
    if (graded) thanked = await thankGraders(tx, tenantId, new Map([[customer.id, graded]]), changes);
    await deps.inboundStored?.(tx, tenantId, instanceId, [{ messageId: message.id, ticketId: ticket?.id ?? null, customerId: customer.id, text: message.message }]);
    return { duplicate: false, messageId: message.id, ticketId: ticket?.id ?? null, customerId: customer.id };
  });
  if (thanked) deps.onQueued?.();
  return result;
}

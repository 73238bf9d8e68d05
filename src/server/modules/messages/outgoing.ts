import { randomUUID } from 'node:crypto';
import { GraphQLError } from 'graphql';
import { canSeeTicket } from '../../../shared/domain/tickets';
import { brazilPhoneVariants, normalizePhone } from '../../../shared/domain/phone';
import { channelTexts } from '../../../shared/i18n/pt-BR';
import { channelInstanceIn } from '../../channels/instance-store';
import { isWithinServiceWindow, lastCustomerMessageAt } from '../../channels/service-window';
import type { Tx } from '../../db/database';
import { forbidden, validation } from '../../graphql/errors';
import { transactWithChanges, type ChangeSet } from '../../sync/changes';
import type { SyncViewer } from '../../sync/visibility';
import { findCustomer, findOrCreateCustomer } from '../customers/customer-store';
import type { CustomerRow } from '../customers/customer-document';
import { findOpenTicket, openTicket, recordMessageOnTicket } from '../tickets/ticket-store';
import type { TicketRow } from '../tickets/ticket-document';
import type { MessagingDeps } from './deps';
import type { MessageRow } from './message-document';
import { messageTexts, previewOf } from './texts';

export interface OutgoingContent {
  /** text, comment, image, audio, video, document, sticker, template, ... */
  type: string;
  message: string | null;
  caption?: string | null;
  mediaUrl?: string | null;
  documentName?: string | null;
  documentMimetype?: string | null;
  messageHeader?: string | null;
  messageFooter?: string | null;
  messageButtons?: string | null;
}

export interface OutgoingInput {
  tenantId: number;
  viewer: SyncViewer;
  instanceId: number;
  /** The customer by id (a push) or by phone (sendMessage's to_number). */
  to: { customerId: number } | { phone: string };
  content: OutgoingContent;
  /** The client's idempotency key; one is made when absent. */
  hash?: string | null;
  replyToId?: number | null;
  /** An internal note: stored and replicated, never handed to a channel. */
  comment?: boolean;
  /**
   * Free-form content an attendant typed: on a Cloud API connection it is refused up front outside
   * the customer's 24-hour window (templates and system messages do not ask for this check).
   */
  freeForm?: boolean;
}

export interface OutgoingResult {
  message: MessageRow;
  /** False when the hash was known: nothing new was stored or queued. */
  created: boolean;
}

async function resolveCustomer(tx: Tx, tenantId: number, to: OutgoingInput['to']): Promise<{ customer: CustomerRow; written: boolean }> {
  if ('customerId' in to) {
    const customer = await findCustomer(tx, tenantId, to.customerId);
    if (!customer) throw validation('customer_id', messageTexts.customerNotFound);
    return { customer, written: false };
  }
  const phone = normalizePhone(to.phone);
  if (!phone) throw validation('to_number', messageTexts.customerNotFound);
  return findOrCreateCustomer(tx, tenantId, [phone, ...brazilPhoneVariants(phone).slice(1)], null);
}

/**
 * The ticket the message goes into: the customer's open ticket on the connection (the sender must
 * see it; answering an inbox ticket picks it up), or a new one held by the sender.
 */
async function ticketForSend(tx: Tx, input: OutgoingInput, customerId: number, changes: ChangeSet): Promise<TicketRow> {
  const { tenantId, viewer, instanceId } = input;
  const open = await findOpenTicket(tx, tenantId, instanceId, customerId);
  if (!open) {
    const { ticket } = await openTicket(tx, tenantId, { instanceId, customerId, userId: viewer.userId });
    changes.add('customers', null);
    return ticket;
  }
  if (!canSeeTicket(open, viewer)) throw forbidden();
  if (!open.inbox || input.comment) return open;
  changes.add('customers', null);
  return tx
    .updateTable('chat_tickets')
    .set({ user_id: viewer.userId, inbox: false })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', open.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** WhatsApp's rule for official numbers: free-form sends only within 24 h of the customer's last message. */
async function assertServiceWindowOpen(tx: Tx, tenantId: number, instanceId: number, phone: string): Promise<void> {
  const instance = await channelInstanceIn(tx, tenantId, instanceId);
  if (instance?.channel !== 'cloud-api') return;
  if (isWithinServiceWindow(await lastCustomerMessageAt(tx, tenantId, instanceId, brazilPhoneVariants(phone)))) return;
  throw new GraphQLError(channelTexts.outsideServiceWindow, { extensions: { code: 'OUTSIDE_SERVICE_WINDOW', detail: channelTexts.outsideServiceWindow } });
}

async function existingByHash(tx: Tx, tenantId: number, hash: string): Promise<MessageRow | undefined> {
  return tx.selectFrom('customer_chats').selectAll().where('tenant_id', '=', tenantId).where('hash', '=', hash).executeTakeFirst();
}

function sameSend(message: MessageRow, input: OutgoingInput): boolean {
  return message.instance_id === input.instanceId && message.user_sending_id === input.viewer.userId && message.from_me;
}

/**
 * An attendant's message or comment (DESIGN §4 push): idempotent on (tenant, hash). The message
 * and its outbound queue entry are written in one transaction, so a send is queued exactly once
 * however often the client retries, and never without its message.
 */
export async function sendOutgoing(deps: MessagingDeps, input: OutgoingInput): Promise<OutgoingResult> {
  const hash = input.hash?.trim() || randomUUID();
  const result = await transactWithChanges(deps.database, deps.pubsub, input.tenantId, async (tx, changes) => {
    const { tenantId, viewer, instanceId, content } = input;
    const known = await existingByHash(tx, tenantId, hash);
    if (known) {
      if (!sameSend(known, input)) throw validation('hash', messageTexts.hashTaken);
      return { message: known, created: false };
    }
    const { customer, written } = await resolveCustomer(tx, tenantId, input.to);
    if (input.freeForm && !input.comment) await assertServiceWindowOpen(tx, tenantId, instanceId, customer.phone_number);
    if (written) changes.add('customers', null);
    const ticket = await ticketForSend(tx, input, customer.id, changes);
    if (input.replyToId != null) {
      const parent = await tx
        .selectFrom('customer_chats')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', input.replyToId)
        .where('customer_id', '=', customer.id)
        .where('instance_id', '=', instanceId)
        .executeTakeFirst();
      if (!parent) throw validation('reply_message_id', messageTexts.messageNotFound);
    }
    const sender = await tx.selectFrom('users').select('image').where('tenant_id', '=', tenantId).where('id', '=', viewer.userId).executeTakeFirst();
    const type = input.comment ? 'comment' : content.type;
    const message = await tx
      .insertInto('customer_chats')
      .values({
        tenant_id: tenantId,
        instance_id: instanceId,
        customer_id: customer.id,
        chat_ticket_id: ticket.id,
        hash,
        type,
        message: content.message,
        caption: content.caption ?? null,
        media_url: content.mediaUrl ?? null,
        document_name: content.documentName ?? null,
        document_mimetype: content.documentMimetype ?? null,
        message_header: content.messageHeader ?? null,
        message_footer: content.messageFooter ?? null,
        message_buttons: content.messageButtons ?? null,
        parent_id: input.replyToId ?? null,
        user_sending_id: viewer.userId,
        user_sending_img: sender?.image ?? null,
        off_customer_chat: Boolean(input.comment),
        from_me: true,
        sent_at: new Date(),
      })
      .onConflict((oc) => oc.columns(['tenant_id', 'hash']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!message) {
      // The same hash committed concurrently (a replayed send racing its original).
      const raced = await existingByHash(tx, tenantId, hash);
      if (!raced || !sameSend(raced, input)) throw validation('hash', messageTexts.hashTaken);
      return { message: raced, created: false };
    }
    if (!input.comment) {
      await tx.insertInto('outbound_messages').values({ tenant_id: tenantId, instance_id: instanceId, kind: 'message', customer_chat_id: message.id }).execute();
    }
    await recordMessageOnTicket(tx, tenantId, ticket.id, { messageId: message.id, sentAt: message.sent_at, preview: previewOf(message), incoming: false });
    changes.add('customerchats', instanceId).add('chattickets', instanceId);
    return { message, created: true };
  });
  if (result.created && !input.comment) deps.onQueued?.();
  return result;
}

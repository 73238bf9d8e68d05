import { ACK, newMessageHash } from '../../../shared/domain/messages';
import type { CustomerChatDoc, PedbotDatabase } from '../schema';
import { TEMP_ID_PREFIX } from '../schema/customer-chat';
import { messageSortKey } from '../schema/sort-key';

/**
 * Outgoing messages (SPEC §4, DESIGN §4): written locally first as a temporary message
 * (`is_temp`, a client-made hash, ack 0) so it shows at once; the replication pushes it, the
 * server is idempotent on the hash, and the confirmed message replaces this one by hash.
 * Offline, it waits in the push queue (and in the service worker's Background Sync queue).
 */
export interface TicketRef {
  id: string;
  customer_id: string;
  instance_id: string;
}

export interface OutgoingMessage {
  ticket: TicketRef;
  text: string;
  /** The replied-to message (its server id). */
  replyTo?: { id: string } | null;
  /** An internal note, never sent to the customer (createChatComment). */
  comment?: boolean;
}

export interface Sender {
  userId: string;
  userImage?: string | null;
}

export function temporaryMessage(
  input: OutgoingMessage,
  sender: Sender,
  hash: string = newMessageHash(),
  now: number = Date.now(),
): CustomerChatDoc {
  const id = `${TEMP_ID_PREFIX}${hash}`;
  const sentAt = new Date(now).toISOString();
  const doc: CustomerChatDoc = {
    id,
    hash,
    ack: 0,
    customer_id: input.ticket.customer_id,
    chat_ticket_id: input.ticket.id,
    type: input.comment ? 'comment' : 'text',
    message: input.text,
    sent_at: sentAt,
    is_bot_message: false,
    is_temp: true,
    unseen_msg: false,
    off_customer_chat: !!input.comment,
    recovered: false,
    instance_id: input.ticket.instance_id,
    user_sending_id: sender.userId,
    is_research: false,
    from_me: true,
    updatedAt: 0,
    ticket_key: input.ticket.id,
    sort_key: messageSortKey({ id, sent_at: sentAt }),
  };
  if (input.replyTo?.id) doc.parent_id = input.replyTo.id;
  if (sender.userImage) doc.user_sending_img = sender.userImage;
  return doc;
}

/** Writes the temporary message; resolves with it as stored (the screen already shows it). */
export async function sendMessageTo(db: PedbotDatabase, input: OutgoingMessage, sender: Sender): Promise<CustomerChatDoc> {
  const text = input.text.trim();
  if (!text) throw new Error('empty message');
  const doc = await db.customerchats.insert(temporaryMessage({ ...input, text }, sender));
  return doc.toJSON() as CustomerChatDoc;
}

/**
 * Retries a failed message. A send the server refused (still temporary) is pushed again as it
 * is, same hash; a confirmed message the channel failed to deliver is re-queued by the server
 * (`retryMessage(hash)`, which needs the network), again the same message, never a copy.
 */
const RETRY = `mutation RetryMessage($hash: String!) { retryMessage(hash: $hash) { id } }`;

export async function retryMessageIn(
  db: PedbotDatabase,
  id: string,
  requeue: (query: string, variables: Record<string, unknown>) => Promise<unknown>,
): Promise<void> {
  const doc = await db.customerchats.findOne(id).exec();
  if (!doc || doc.ack !== ACK.failed) return;
  if (!doc.is_temp) {
    await requeue(RETRY, { hash: doc.hash });
    return;
  }
  await doc.incrementalModify((data) => {
    const next = { ...data, ack: ACK.waiting };
    delete next.failure_reason;
    return next;
  });
}

/** Marks a send the server refused for good, so it shows as failed and stops being pushed. */
export async function markRejected(db: PedbotDatabase, id: string, reason: string): Promise<void> {
  const doc = await db.customerchats.findOne(id).exec();
  if (doc?.is_temp) await doc.incrementalPatch({ ack: ACK.failed, failure_reason: reason });
}

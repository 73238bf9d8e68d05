import { combineLatest, map, of, switchMap, type Observable } from 'rxjs';
import { messageState, type MessageState } from '../messages/message-state';
import type { CustomerChatDoc, PedbotDatabase, ReactionDoc } from '../schema';
import { NO_TIME_PREFIX } from '../schema/sort-key';

/**
 * A conversation as a local query (customer + connection + time, SPEC §3 index): the latest
 * `limit` messages, oldest first, each with its state and reactions. They are read newest first
 * by walking (customer, connection, sort_key) upwards, which stops after `limit` documents. A
 * temporary message whose confirmed one is already stored is hidden, so a send never shows twice
 * while they swap.
 */
export type ConversationMessage = CustomerChatDoc & { state: MessageState; reactions: ReactionDoc[] };

export function dedupeByHash(messages: readonly CustomerChatDoc[]): CustomerChatDoc[] {
  const confirmed = new Set(messages.filter((m) => !m.is_temp && m.hash).map((m) => m.hash));
  return messages.filter((m) => !m.is_temp || !confirmed.has(m.hash));
}

/** The latest `limit` messages of the conversation, newest first. */
export function conversationQuery(db: PedbotDatabase, customerId: string, instanceId: string, limit: number) {
  return db.customerchats.find({
    // Below the prefix of an empty sent_at: the same messages as `sent_at > ''`, on the index.
    selector: { customer_id: customerId, instance_id: instanceId, sort_key: { $lt: NO_TIME_PREFIX } },
    sort: [{ sort_key: 'asc' }],
    limit,
  });
}

const latestFirst = (docs: ReadonlyArray<{ toJSON(): unknown }>): CustomerChatDoc[] =>
  dedupeByHash(docs.map((d) => d.toJSON() as CustomerChatDoc).reverse());

const reactionsQuery = (db: PedbotDatabase, messages: readonly CustomerChatDoc[]) =>
  db.customerchatreactions?.find({ selector: { customer_chat_id: { $in: messages.map((m) => m.id) } } });

/**
 * Reads a conversation and its reactions once, for `conversation$` about to follow with the same
 * arguments (a ticket being opened): RxDB keeps both results, so the live query answers from memory.
 */
export async function prefetchConversation(db: PedbotDatabase, customerId: string, instanceId: string, limit: number): Promise<void> {
  const messages = latestFirst(await conversationQuery(db, customerId, instanceId, limit).exec());
  if (messages.length) await reactionsQuery(db, messages)?.exec();
}

export function conversation$(
  db: PedbotDatabase,
  customerId: string,
  instanceId: string,
  limit = 200,
): Observable<ConversationMessage[]> {
  return conversationQuery(db, customerId, instanceId, limit).$.pipe(
    switchMap((docs) => {
      const messages = latestFirst(docs);
      const reactions$ = (messages.length ? reactionsQuery(db, messages)?.$ : undefined) ?? of([]);
      return combineLatest([of(messages), reactions$]);
    }),
    map(([messages, reactionDocs]) => {
      const byMessage = new Map<string, ReactionDoc[]>();
      for (const doc of reactionDocs) {
        const reaction = doc.toJSON() as ReactionDoc;
        const list = byMessage.get(reaction.customer_chat_id) ?? [];
        list.push(reaction);
        byMessage.set(reaction.customer_chat_id, list);
      }
      return messages.map((m) => ({ ...m, state: messageState(m), reactions: byMessage.get(m.id) ?? [] }));
    }),
  );
}

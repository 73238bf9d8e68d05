import { filter, take } from 'rxjs';
import type { TicketTab } from '../../shared/domain/tickets';
import { loadOlderMessagesWith } from './history/load-older';
import { loadMoreTicketsWith, ticketListEnded, type TicketListKey, type TicketPageLoad } from './history/older-tickets';
import { REPLICATED_SPECS, viewedTicketEdit, type ServerDoc } from './replication/documents';
import { SyncRequestError } from './replication/transport';
import { retryMessageIn, sendMessageTo, type OutgoingMessage } from './messages/outgoing';
import type { CustomerChatDoc, DraftDoc, PedbotDatabase, ReferenceDoc } from './schema';
import type { ReferenceKind } from './schema/reference';
import { currentDataSession, dataSession$, type DataSession } from './session/data-session';
import { prefetchConversation } from './queries/message-queries';
import { prefetchTicketList } from './queries/ticket-queries';

/**
 * What screens do to data: each action writes the local database (the replication carries it to
 * the server) or asks the sync engine for more history. None of them waits for the network.
 */
function session(): DataSession {
  const current = currentDataSession();
  if (!current) throw new Error('no data session: sign in and choose a connection first');
  return current;
}

const senderOf = (s: DataSession) => ({ userId: s.user.id, userImage: s.user.image ?? null });

/** Shows the message at once (waiting), then sends it; offline it waits in the outbox. */
export function sendMessage(input: OutgoingMessage): Promise<CustomerChatDoc> {
  const s = session();
  return sendMessageTo(s.db, input, senderOf(s));
}

/** The retry of a failed message (see messageState): the same message again, never a copy. */
export function retryMessage(messageId: string): Promise<void> {
  const s = session();
  return retryMessageIn(s.db, messageId, (query, variables) => s.engine.transport.request(query, variables));
}

/** Older messages of a customer on a connection into the local list; resolves with how many came (0: no more). */
export function loadOlderMessages(customerId: string, instanceId: string): Promise<number> {
  return loadOlderMessagesWith(session().engine, customerId, instanceId);
}

export type { TicketListKey, TicketPageLoad };

/** The next server page of a ticket list (or of a search) into the local database; see older-tickets.ts. */
export function loadMoreTickets(list: TicketListKey, localCount: number): Promise<TicketPageLoad> {
  return loadMoreTicketsWith(session().engine, list, localCount);
}

/** Whether the server said a ticket list has nothing past what was loaded. */
export function isTicketListEnded(list: TicketListKey): boolean {
  const current = currentDataSession();
  return current ? ticketListEnded(current.engine, list) : false;
}

/** True when a data call failed for lack of network (not a refusal by the server). */
export const isNetworkFailure = (error: unknown): boolean => error instanceof SyncRequestError && error.kind === 'network';

/** The fields a mutation must answer for its customer to be stored with `storeCustomer`. */
export const CUSTOMER_DOCUMENT_FIELDS = REPLICATED_SPECS.customers.fields;

/**
 * A customer as a mutation answered it, into the local database at once rather than when the
 * feed brings it; resolves once stored. It rides on a pull like the initial window, so a newer
 * state from the feed always wins.
 */
export function storeCustomer(doc: ServerDoc): Promise<boolean> {
  return session().engine.sideload('customers', [doc]);
}

/**
 * Reads the first page of a tab (with its customers) as soon as the data session runs, for a screen
 * that will ask `useTickets` for the same page: started before the screen has rendered, the reads
 * overlap its rendering, and the hook answers from what RxDB kept.
 */
export function prefetchTickets(page: { tab: TicketTab; isCampaign: boolean; limit: number }): void {
  dataSession$.pipe(filter((s): s is DataSession => s !== null), take(1)).subscribe(({ db, user, scope }) => {
    prefetchTicketList(db, { ...page, instanceId: scope.instanceId, userId: user.id }).catch(() => undefined);
  });
}

/** Starts reading a conversation (as `useMessages` will ask for it) while the ticket's screen renders. */
export function prefetchMessages(customerId: string, instanceId: string, limit: number): void {
  const current = currentDataSession();
  if (current) prefetchConversation(current.db, customerId, instanceId, limit).catch(() => undefined);
}

/** The ticket is on screen: its unseen counter goes back to 0 (SPEC §4), here and on the server. */
export async function markTicketViewed(ticketId: string): Promise<void> {
  const doc = await session().db.chattickets.findOne(ticketId).exec();
  if (!doc || doc.unseenMsg === 0) return;
  await doc.incrementalPatch(viewedTicketEdit());
}

async function upsertDraft(db: PedbotDatabase, draft: DraftDoc): Promise<void> {
  if (draft.text === '' && !draft.reply_to_id) {
    await db.drafts.findOne(draft.ticket_id).remove();
    return;
  }
  await db.drafts.upsert(draft);
}

/** Keeps what the attendant typed in a ticket's composer (local only); empty text removes it. */
export function saveDraft(ticketId: string, text: string, replyToId?: string | null): Promise<void> {
  const draft: DraftDoc = { ticket_id: ticketId, text, updatedAt: Date.now() };
  if (replyToId) draft.reply_to_id = replyToId;
  return upsertDraft(session().db, draft);
}

/**
 * Replaces one reference set (quick answers, closing reasons, templates, departments, users for
 * transfer, connections) with what the server listed, so it is there offline.
 */
export async function replaceReferenceSet(
  kind: ReferenceKind,
  items: ReadonlyArray<{ id: string | number } & Record<string, unknown>>,
): Promise<void> {
  const { db } = session();
  const now = Date.now();
  const next: ReferenceDoc[] = items.map((item, position) => ({
    key: `${kind}|${item.id}`,
    kind,
    ref_id: String(item.id),
    position,
    data: { ...item },
    updatedAt: now,
  }));
  const keep = new Set(next.map((d) => d.key));
  const stale = (await db.references.find({ selector: { kind } }).exec()).filter((d) => !keep.has(d.key));
  if (stale.length) await db.references.bulkRemove(stale.map((d) => d.key));
  if (next.length) await db.references.bulkUpsert(next);
}

import type { RxDocumentData } from 'rxdb';
import { Subscription, bufferTime, filter } from 'rxjs';
import { fetchLatestMessages } from '../history/fetch-history';
import { temporaryMessagesQuery } from '../queries/temporary-messages';
import { ticketTombstones } from '../queries/ticket-tombstones';
import type { ChatTicketDoc, CustomerChatDoc, PedbotDatabase } from '../schema';
import { feedCheckpointKey, type CollectionReplication } from './replicate-collection';
import { awaitStored, type SideloadQueue } from './side-load';
import type { SyncTransport } from './transport';

/**
 * Tickets entering and leaving this user's list (sync.graphql). A tombstone drops the ticket's
 * messages and reactions, except sends still waiting to be pushed. A ticket that appears after
 * the first sync (transferred here, moved to this department, a new conversation) gets its
 * latest 80 messages, which the feed does not resend because they are older than the
 * checkpoint. Loads still to do are kept in a local document, so a restart does not lose them.
 *
 * A ticket this user holds whose visibility position (`vis_position`) moved gets its latest 80
 * messages again: who may see it changed since this user got it, so it may have left this user's
 * view and come back between two pulls of the tickets (never reaching this user as a tombstone)
 * while the messages' feed went past messages this user could not see then. Those messages are
 * older than the messages' checkpoint and would never come otherwise. The move is read from the
 * storage's updates, so it counts however the new state got in (a pull, a side-load, or the
 * master state answering a push). A viewer who sees every ticket (`seesEveryTicket`) never lost
 * any message that way, so the move loads nothing for them.
 *
 * On an empty database the messages' first pull waits for the tickets' first pull (see
 * `messagesMayPull`): a ticket read in a page of that pull (`ticketsReadFirst`) was visible
 * before the messages were read, so it has its messages in the messages' pull. Any other new
 * ticket is loaded, even one arriving while the tickets' replication still works through what
 * came after its first pull: a pull retried or asked for again meanwhile may have read it after
 * the messages' pull went past its messages. So no visibility change can fall between the two.
 * A first sync cut short once the messages' feed had stored a position resumes from there, past
 * the messages of any ticket that came into view meanwhile: it then loads every new ticket.
 */
export interface TicketArrivalsOptions {
  db: PedbotDatabase;
  transport: SyncTransport;
  sideloads: SideloadQueue;
  tickets: CollectionReplication;
  messages: CollectionReplication;
  /** The tickets replication's identifier: keys the local documents of this scope. */
  identifier: string;
  /** The messages replication's identifier: its feed's stored position tells a resumed first sync. */
  messagesIdentifier: string;
  /** Ids of the tickets read before the tickets' first pull got its last answer (`firstPullReads`). */
  ticketsReadFirst: Set<string>;
  delayMs: number;
  /**
   * Whether the scope the local data was pulled under sees every ticket. A change of scope
   * rebuilds the data (sync-scope.ts), so that scope held for any move stored under it.
   */
  seesEveryTicket: () => Promise<boolean>;
  onError: (error: unknown) => void;
}

interface PendingDoc {
  ids: string[];
}

export const syncedKeyOf = (ticketsIdentifier: string): string => `synced|${ticketsIdentifier}`;
const pendingKeyOf = (ticketsIdentifier: string): string => `history|${ticketsIdentifier}`;
const droppedKeyOf = (ticketsIdentifier: string): string => `dropped|${ticketsIdentifier}`;

/** Removes what the arrivals of a tickets replication keep (its data is gone: sync-scope.ts). */
export async function forgetTicketArrivals(db: PedbotDatabase, ticketsIdentifier: string): Promise<void> {
  for (const key of [syncedKeyOf, pendingKeyOf, droppedKeyOf].map((keyOf) => keyOf(ticketsIdentifier))) {
    await (await db.getLocal(key))?.remove();
  }
}

/**
 * Resolves when the messages' replication may pull: at once, or once the tickets' first pull got
 * its last answer on an empty database. What the rule needs is the order of the reads on the
 * server; the tickets are still being stored while the messages come.
 */
export async function messagesMayPull(db: PedbotDatabase, tickets: CollectionReplication, ticketsIdentifier: string): Promise<void> {
  if (await db.getLocal(syncedKeyOf(ticketsIdentifier))) return;
  await tickets.firstPullFetched();
}

export function followTicketArrivals(options: TicketArrivalsOptions): () => void {
  const { db, sideloads, tickets, messages } = options;
  const syncedKey = syncedKeyOf(options.identifier);
  const pendingKey = pendingKeyOf(options.identifier);
  const droppedKey = droppedKeyOf(options.identifier);
  const subs = new Subscription();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const loading = new Set<string>();
  const again = new Set<string>();
  let stopped = false;

  // One queue for ticket arrivals and late messages: a history load is only scheduled after the
  // checks of the messages that arrived before it, so a late drop can never undo a load.
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (task: () => Promise<void>) => {
    queue = queue.then(() => (stopped ? undefined : task())).catch(options.onError);
  };

  // A received ticket is new when the write that stored it inserted it (absent or tombstoned
  // before): the storage reports inserts synchronously, before the replication emits the
  // document, so no ticket has to be read to know which ones this user already had.
  const inserted = new Set<string>();
  subs.add(
    db.chattickets.storageInstance.changeStream().subscribe((bulk) => {
      for (const event of bulk.events) {
        if (event.operation === 'INSERT') inserted.add(event.documentId);
        else if (visibilityMoved(event.previousDocumentData, event.documentData)) {
          const id = event.documentId;
          enqueue(async () => {
            if (!(await options.seesEveryTicket())) await reload(id);
          });
        }
      }
    }),
  );

  // Read before the messages' feed can store a position in this session: it pulls only after the
  // tickets' first pull got its last answer.
  const state = (async () => {
    const marked = !!(await db.getLocal(syncedKey));
    const feed = await db.getLocal<{ checkpoint: unknown }>(feedCheckpointKey(options.messagesIdentifier));
    const synced = marked || feed?.toJSON().data.checkpoint != null;
    const pending = new Set((await db.getLocal<PendingDoc>(pendingKey))?.toJSON().data.ids ?? []);
    const dropped = new Set((await db.getLocal<PendingDoc>(droppedKey))?.toJSON().data.ids ?? []);
    return { marked, synced, pending, dropped };
  })();

  const savePending = async (pending: Set<string>) => {
    await db.upsertLocal<PendingDoc>(pendingKey, { ids: [...pending] });
  };

  const later = (fn: () => Promise<void>, ms: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!stopped) void fn().catch(options.onError);
    }, ms);
    timers.add(timer);
  };

  const load = async (ticketId: string): Promise<void> => {
    const { pending } = await state;
    // A load asked for while one runs goes after it: the running one may have read the
    // messages before the change that asked for it.
    if (loading.has(ticketId)) {
      again.add(ticketId);
      return;
    }
    const ticket = await db.chattickets.findOne(ticketId).exec();
    if (!ticket) {
      pending.delete(ticketId);
      await savePending(pending);
      return;
    }
    loading.add(ticketId);
    let retryMs = 0;
    try {
      const docs = await fetchLatestMessages(options.transport, ticket.customer_id, ticket.instance_id, ticket.id);
      if (stopped) return;
      sideloads.add('customerchats', docs);
      messages.state.reSync();
      if (!(await awaitStored(db, 'customerchats', docs, 3_000))) throw new Error('history not stored yet');
      if (!again.has(ticketId)) {
        pending.delete(ticketId);
        await savePending(pending);
      }
    } catch {
      // Offline or not applied yet: try again, the ticket stays pending across restarts too.
      retryMs = 1_000;
    } finally {
      loading.delete(ticketId);
      if (again.delete(ticketId) || retryMs > 0) later(() => load(ticketId), retryMs);
    }
  };

  /**
   * A send whose ticket left this user's list: it still goes out (the server decides), and once
   * pushed it is dropped here, as its confirmed copy will never reach this user. A refused one
   * (ack -1) stays, shown as failed.
   */
  const settleOrphanSend = async (id: string) => {
    const doc = await db.customerchats.findOne(id).exec();
    if (!doc) return;
    await messages.state.awaitDocumentPushed(doc as never);
    const now = await db.customerchats.findOne(id).exec();
    if (stopped || !now || !now.is_temp || now.ack < 0 || (await db.chattickets.findOne(now.ticket_key).exec())) return;
    await now.remove();
  };

  const reload = async (ticketId: string) => {
    const { pending } = await state;
    pending.add(ticketId);
    await savePending(pending);
    later(() => load(ticketId), options.delayMs);
  };

  const arrived = async (ticket: RxDocumentData<ChatTicketDoc>, isNew: boolean, readFirst: boolean) => {
    const { synced } = await state;
    if (ticket._deleted) {
      // Recorded first: a restart before the late messages were dropped sweeps them (below).
      const { dropped } = await state;
      dropped.add(ticket.id);
      await db.upsertLocal<PendingDoc>(droppedKey, { ids: [...dropped] });
      const waiting = await dropTicket(db, ticket.id);
      for (const id of waiting) void settleOrphanSend(id).catch(options.onError);
      return;
    }
    if (!isNew) return;
    // Read by the first pull on an empty database, which the messages' own first pull follows.
    if (!synced && readFirst) return;
    await reload(ticket.id);
  };

  subs.add(
    tickets.state.received$.subscribe((raw) => {
      const ticket = raw as unknown as RxDocumentData<ChatTicketDoc>;
      // Once per read: the same ticket back in view later is a new arrival.
      const readFirst = options.ticketsReadFirst.delete(ticket.id);
      const isNew = inserted.delete(ticket.id);
      enqueue(() => arrived(ticket, isNew, readFirst));
    }),
  );
  // Replications run per collection, so a message may land after its ticket's tombstone was
  // handled: such a message is dropped when it arrives.
  subs.add(
    messages.state.received$.pipe(bufferTime(50), filter((docs) => docs.length > 0)).subscribe((docs) => {
      enqueue(() => dropLateMessages(db, docs as unknown as CustomerChatDoc[]));
    }),
  );

  void (async () => {
    const current = await state;
    for (const id of current.pending) later(() => load(id), options.delayMs);
    enqueue(async () => {
      for (const id of current.dropped) if (!(await db.chattickets.findOne(id).exec())) await dropTicket(db, id);
      current.dropped.clear();
      await db.upsertLocal<PendingDoc>(droppedKey, { ids: [] });
    });
    const temps = await temporaryMessagesQuery(db).exec();
    for (const temp of temps) {
      if (temp.ack >= 0 && !(await db.chattickets.findOne(temp.ticket_key).exec())) void settleOrphanSend(temp.id).catch(options.onError);
    }
    // Not RxDB's first sync, which a page of the initial window's tickets already ends.
    await tickets.firstPullFetched();
    await tickets.pullSettled();
    // Every page of the first pull is applied by now; what was left unreceived must not pass for read first later.
    options.ticketsReadFirst.clear();
    await messages.state.awaitInitialReplication();
    if (stopped || current.marked) return;
    current.synced = true;
    await db.upsertLocal(syncedKey, { at: Date.now() });
  })().catch(options.onError);

  return () => {
    stopped = true;
    subs.unsubscribe();
    for (const timer of timers) clearTimeout(timer);
  };
}

/** Whether a live ticket's visibility position changed; unknown (stored before version 2 of the schema) is no move. */
function visibilityMoved(before: RxDocumentData<ChatTicketDoc> | undefined, after: RxDocumentData<ChatTicketDoc>): boolean {
  if (!before || before._deleted || after._deleted || before.vis_position === undefined) return false;
  return after.vis_position !== before.vis_position;
}

async function dropLateMessages(db: PedbotDatabase, arrived: readonly CustomerChatDoc[]): Promise<void> {
  const kept = arrived.filter((m) => !m.is_temp && m.ticket_key);
  if (kept.length === 0) return;
  const gone = new Set((await ticketTombstones(db, [...new Set(kept.map((m) => m.ticket_key))])).map((t) => t.id));
  const doomed = kept.filter((m) => gone.has(m.ticket_key)).map((m) => m.id);
  if (doomed.length) await db.customerchats.bulkRemove(doomed);
}

/**
 * A ticket this user may no longer see leaves with its messages and reactions, but not with
 * sends still waiting to be pushed: their ids are returned to be settled once pushed.
 */
async function dropTicket(db: PedbotDatabase, ticketId: string): Promise<string[]> {
  const selector = { ticket_key: ticketId };
  const held = (await db.customerchats.find({ selector }).exec()).map((d) => d.toJSON() as CustomerChatDoc);
  const waiting = held.filter((m) => m.is_temp && m.ack >= 0);
  const doomed = held.filter((m) => !waiting.includes(m));
  if (doomed.length) await db.customerchats.bulkRemove(doomed.map((m) => m.id));
  if (db.customerchatreactions) await db.customerchatreactions.find({ selector }).remove();
  return waiting.map((m) => m.id);
}

import type { MangoQuerySelector, RxDocument } from 'rxdb';
import { combineLatest, filter, map, of, startWith, switchMap, type Observable } from 'rxjs';
import {
  customerSearchText,
  matchesTicketSearch,
  ticketSearchNeedle,
  ticketSearchText,
  type TicketSearchNeedle,
} from '../../../shared/domain/ticket-search';
import { TAB_COMBINATIONS, type TicketTab } from '../../../shared/domain/tickets';
import type { ChatTicketDoc, CustomerDoc, PedbotDatabase } from '../schema';

/**
 * The attendance lists as local queries (SPEC §2 tabs × attendance/campaign), each served by an
 * index of chattickets: (instance, finished, inbox, campaign, sort_key) and the same with the
 * owner first for "my chats". `sort_key` ascends as the last message time descends (id breaks
 * ties, higher first), so a page is a bounded index walk rather than a read and sort of the whole
 * tab. Visibility was applied by the server; here only the tab rule runs.
 */
export interface TicketListFilter {
  instanceId: string;
  tab: TicketTab;
  isCampaign: boolean;
  /** The signed-in user, for "my chats". */
  userId: string;
  search?: string;
  /** Tickets tagged with any of these categories (ChatTicket.category_ids); none or empty: every ticket. */
  categoryIds?: readonly string[];
  limit?: number;
}

export type TicketWithCustomer = ChatTicketDoc & { customer?: CustomerDoc };

export function tabSelector(f: Pick<TicketListFilter, 'instanceId' | 'tab' | 'isCampaign' | 'userId'>): MangoQuerySelector<ChatTicketDoc> {
  const base = { instance_id: f.instanceId, is_campaign: f.isCampaign };
  switch (f.tab) {
    case 'inbox':
      return { ...base, finished_ticket: false, inbox: true };
    case 'my_chats':
      return { ...base, owner_key: f.userId, finished_ticket: false, inbox: false };
    case 'opened':
      return { ...base, finished_ticket: false, inbox: false };
    case 'closed':
      // A closed ticket is out of the inbox (SPEC §4); naming inbox keeps the selector on the
      // index, which RxDB's count() requires (error QU14 otherwise).
      return { ...base, finished_ticket: true, inbox: false };
  }
}

// A document written other than through fromServer has no search_text: its fields are folded here.
const matches = (needle: TicketSearchNeedle, ticket: ChatTicketDoc, customer: CustomerDoc | undefined): boolean =>
  matchesTicketSearch(
    needle,
    ticket.search_text ?? ticketSearchText(ticket),
    customer && { searchText: customer.search_text ?? customerSearchText(customer), phone: customer.phone_number },
  );

/**
 * The list's selector: the tab's, narrowed by category. The category test is no index's: it runs
 * on the documents the tab's index walk reads, so a page still stops at its limit of matches.
 */
export function listSelector(f: TicketListFilter): MangoQuerySelector<ChatTicketDoc> {
  const tab = tabSelector(f);
  return f.categoryIds?.length ? { ...tab, category_ids: { $in: [...f.categoryIds] } } : tab;
}

/** The tab's documents, newest first: a page without search, the whole tab with it. */
export function ticketListQuery(db: PedbotDatabase, f: TicketListFilter) {
  return db.chattickets.find({
    selector: listSelector(f),
    sort: [{ sort_key: 'asc' }],
    ...(ticketSearchNeedle(f.search ?? '') || !f.limit ? {} : { limit: f.limit }),
  });
}

/**
 * Reads a page and its customers once, for a live query about to follow (`ticketList$` with the same
 * filter): RxDB keeps the query's result and the customers' documents, so that one answers from
 * memory instead of queueing its two reads behind whatever else the page asks IndexedDB for.
 */
export async function prefetchTicketList(db: PedbotDatabase, f: TicketListFilter): Promise<void> {
  const docs = await ticketListQuery(db, f).exec();
  const ids = [...new Set(docs.map((d) => d.customer_id))];
  if (ids.length) await db.customers.findByIds(ids).exec();
}

/**
 * Tickets of one tab, newest last message first, with their customers. RxDB documents are
 * immutable per revision, so a ticket whose document and customer are the ones of the previous
 * answer keeps its object: rows derived from it are neither derived nor rendered again when the
 * list grows or another ticket changes. A search compares the documents' folded texts and joins
 * only the page it keeps, since copying a whole tab's documents costs more than the search itself.
 */
export function ticketList$(db: PedbotDatabase, f: TicketListFilter): Observable<TicketWithCustomer[]> {
  const needle = ticketSearchNeedle(f.search ?? '');
  const joins = new WeakMap<RxDocument<ChatTicketDoc>, { customer: RxDocument<CustomerDoc> | undefined; ticket: TicketWithCustomer }>();
  const join = (doc: RxDocument<ChatTicketDoc>, customer: RxDocument<CustomerDoc> | undefined): TicketWithCustomer => {
    const known = joins.get(doc);
    if (known && known.customer === customer) return known.ticket;
    const data = doc.toJSON() as ChatTicketDoc;
    const ticket = customer ? { ...data, customer: customer.toJSON() as CustomerDoc } : data;
    joins.set(doc, { customer, ticket });
    return ticket;
  };
  const customersOf = (docs: readonly RxDocument<ChatTicketDoc>[]) => [...new Set(docs.map((d) => d.customer_id))];
  if (!needle) {
    return ticketListQuery(db, f).$.pipe(
      switchMap((docs) => {
        const ids = customersOf(docs);
        const customers$ = ids.length ? db.customers.findByIds(ids).$ : of(new Map<string, RxDocument<CustomerDoc>>());
        return combineLatest([of(docs), customers$]);
      }),
      map(([docs, customers]) => docs.map((doc) => join(doc, customers.get(doc.customer_id)))),
    );
  }
  // The whole tab's customers are read as stored data, not as documents: only the page shown
  // needs documents, and any change of one of those customers searches again.
  const searchPage = async (docs: readonly RxDocument<ChatTicketDoc>[], ids: readonly string[]): Promise<TicketWithCustomer[]> => {
    const stored = await db.customers.storageInstance.findDocumentsById([...ids], false);
    const byId = new Map(stored.map((c) => [c.id, c as CustomerDoc]));
    const found = docs.filter((doc) => matches(needle, doc._data, byId.get(doc.customer_id)));
    const page = f.limit ? found.slice(0, f.limit) : found;
    const shown = customersOf(page);
    const customers = shown.length ? await db.customers.findByIds(shown).exec() : new Map<string, RxDocument<CustomerDoc>>();
    return page.map((doc) => join(doc, customers.get(doc.customer_id)));
  };
  return ticketListQuery(db, f).$.pipe(
    switchMap((docs) => {
      const ids = customersOf(docs);
      const held = new Set(ids);
      return db.customers.$.pipe(
        filter((event) => held.has(event.documentId)),
        startWith(null),
        switchMap(() => searchPage(docs, ids)),
      );
    }),
  );
}

export type TicketCounts = Record<TicketTab, { attendance: number; campaign: number }>;

/** How many tickets each tab holds, per kind (index-backed counts). */
export function ticketCounts$(db: PedbotDatabase, instanceId: string, userId: string): Observable<TicketCounts> {
  const combos = TAB_COMBINATIONS.concat([{ tab: 'closed', is_campaign: true }]);
  return combineLatest(
    combos.map(({ tab, is_campaign }) =>
      db.chattickets
        .count({ selector: tabSelector({ instanceId, tab, isCampaign: is_campaign, userId }) })
        .$.pipe(map((count) => ({ tab, is_campaign, count }))),
    ),
  ).pipe(
    map((all) => {
      const counts = {} as TicketCounts;
      for (const { tab, is_campaign, count } of all) {
        counts[tab] ??= { attendance: 0, campaign: 0 };
        counts[tab][is_campaign ? 'campaign' : 'attendance'] = count;
      }
      return counts;
    }),
  );
}

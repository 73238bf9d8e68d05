import { PAGE_SIZE, type TicketTab } from '../../../shared/domain/tickets';
import type { SyncEngine } from '../replication/sync-engine';
import { fetchTicketPage, ticketPageDocs } from './fetch-history';

/**
 * A tab's list past the local window (SPEC §7, §9): the next `chatTickets` page of the tab (or of
 * a search) into the same collections as the initial window, through the same side-load.
 *
 * The server pages by offset while the local database holds an arbitrary subset (the window, what
 * the feed brought so far), so each list keeps its own page cursor. A page that brought nothing
 * new means the local database is ahead there: the cursor then jumps to the page the local count
 * points at, so a fully synced list ends after a request or two instead of walking every page.
 */
export interface TicketListKey {
  tab: TicketTab;
  isCampaign: boolean;
  /** Empty for the plain tab list. */
  search: string;
}

export interface TicketPageLoad {
  /** 'loaded': a page was stored; 'ended': the server has no page past it. */
  status: 'loaded' | 'ended';
  /** Tickets that were not in the local database before. */
  added: number;
}

interface Cursor {
  nextPage: number;
  ended: boolean;
  running: Promise<TicketPageLoad> | null;
}

/** A page that added nothing is followed at once by at most this many more, so one scroll never runs away. */
const MAX_EMPTY_PAGES_PER_LOAD = 2;

const cursors = new WeakMap<SyncEngine, Map<string, Cursor>>();

const keyOf = (list: TicketListKey) => `${list.tab}|${list.isCampaign}|${list.search.trim().toLowerCase()}`;

function cursorOf(engine: SyncEngine, list: TicketListKey): Cursor {
  let byList = cursors.get(engine);
  if (!byList) {
    byList = new Map();
    cursors.set(engine, byList);
  }
  const key = keyOf(list);
  let cursor = byList.get(key);
  if (!cursor) {
    // The initial window already holds page 1 of every plain tab list; a search starts from the top.
    cursor = { nextPage: list.search.trim() ? 1 : 2, ended: false, running: null };
    byList.set(key, cursor);
  }
  return cursor;
}

/** Whether the server has told that this list has no page past what was fetched. */
export function ticketListEnded(engine: SyncEngine, list: TicketListKey): boolean {
  return cursors.get(engine)?.get(keyOf(list))?.ended ?? false;
}

async function fetchAndStore(engine: SyncEngine, list: TicketListKey, page: number): Promise<{ added: number; last: boolean }> {
  const { items, totalPages } = await fetchTicketPage(engine.transport, engine.scope.instanceId, { ...list, page });
  const docs = ticketPageDocs(items);
  const held = await engine.db.chattickets.findByIds(docs.chattickets.map((d) => d.id)).exec();
  const added = docs.chattickets.filter((d) => !held.has(d.id)).length;
  await Promise.all([engine.sideload('customers', docs.customers), engine.sideload('chattickets', docs.chattickets)]);
  return { added, last: items.length < PAGE_SIZE || page >= totalPages };
}

/**
 * Loads the next page of a list of which `localCount` tickets are held locally. Concurrent calls
 * for the same list share one request, no page is asked twice, and an ended list asks nothing.
 * Rejects with the transport's error (the cursor stays, so a retry asks the same page).
 */
export function loadMoreTicketsWith(engine: SyncEngine, list: TicketListKey, localCount: number): Promise<TicketPageLoad> {
  const cursor = cursorOf(engine, list);
  if (cursor.running) return cursor.running;
  if (cursor.ended) return Promise.resolve({ status: 'ended', added: 0 });
  const run = async (): Promise<TicketPageLoad> => {
    let added = 0;
    for (let round = 0; round <= MAX_EMPTY_PAGES_PER_LOAD; round += 1) {
      const page = cursor.nextPage;
      const result = await fetchAndStore(engine, list, page);
      added += result.added;
      cursor.nextPage = page + 1;
      if (result.last) {
        cursor.ended = true;
        return { status: 'ended', added };
      }
      if (result.added > 0) break;
      cursor.nextPage = Math.max(cursor.nextPage, Math.floor(localCount / PAGE_SIZE) + 1);
    }
    return { status: 'loaded', added };
  };
  cursor.running = run().finally(() => {
    cursor.running = null;
  });
  return cursor.running;
}

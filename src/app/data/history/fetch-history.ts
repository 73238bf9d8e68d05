import { INITIAL_MESSAGES_PER_TICKET, PAGE_SIZE, TAB_COMBINATIONS, type TicketTab } from '../../../shared/domain/tickets';
import { REPLICATED_SPECS, type ServerDoc } from '../replication/documents';
import type { SyncTransport } from '../replication/transport';

/**
 * The server calls that fill the local collections outside the change feed (SPEC §7, §9):
 * the initial window of ticket lists, the latest messages of a ticket, and older history.
 */
const TICKET = REPLICATED_SPECS.chattickets.fields;
const MESSAGE = REPLICATED_SPECS.customerchats.fields;
const CUSTOMER = REPLICATED_SPECS.customers.fields;

const CHAT_TICKETS = `query TicketPage($instance_id: ID!, $search_query: String, $finished_tickets: Boolean, $all_users: Boolean,
  $inbox: Boolean, $is_campaign: Boolean, $pagination_page: Int, $pagination_limit: Int) {
  chatTickets(instance_id: $instance_id, search_query: $search_query, finished_tickets: $finished_tickets, all_users: $all_users,
    inbox: $inbox, is_campaign: $is_campaign, pagination_page: $pagination_page, pagination_limit: $pagination_limit) {
    total_pages items { ${TICKET} customer { ${CUSTOMER} } }
  }
}`;

const PAGINATED = `query LatestMessages($customer_id: ID!, $instance_id: ID!, $id: ID, $pagination_page: Int, $pagination_limit: Int) {
  customerChatsPaginated(customer_id: $customer_id, instance_id: $instance_id, id: $id,
    pagination_page: $pagination_page, pagination_limit: $pagination_limit) { data { ${MESSAGE} } }
}`;

const OLDER = `query OlderMessages($max_id: ID!, $limit: Int, $customer_id: ID!, $instance_id: ID!) {
  oldCustomerChats(max_id: $max_id, limit: $limit, customer_id: $customer_id, instance_id: $instance_id) { ${MESSAGE} }
}`;

const TAB_FILTERS: Record<TicketTab, Record<string, boolean>> = {
  inbox: { inbox: true },
  my_chats: { finished_tickets: false, inbox: false },
  opened: { finished_tickets: false, inbox: false, all_users: true },
  closed: { finished_tickets: true },
};

export interface WindowDocs {
  chattickets: ServerDoc[];
  customers: ServerDoc[];
  customerchats: ServerDoc[];
}

type TicketItem = ServerDoc & { customer?: ServerDoc | null; customer_id: string; instance_id: string };

export interface TicketPageQuery {
  tab: TicketTab;
  isCampaign: boolean;
  page: number;
  search?: string;
  limit?: number;
}

export interface TicketPage {
  items: TicketItem[];
  totalPages: number;
}

/** One page of a tab's list as chatTickets answers it (SPEC §7), optionally narrowed by a search. */
export async function fetchTicketPage(transport: SyncTransport, instanceId: string, query: TicketPageQuery): Promise<TicketPage> {
  const search = query.search?.trim();
  const data = await transport.request<{ chatTickets: { total_pages: number; items: TicketItem[] } }>(CHAT_TICKETS, {
    instance_id: instanceId,
    is_campaign: query.isCampaign,
    pagination_page: query.page,
    pagination_limit: query.limit ?? PAGE_SIZE,
    ...(search ? { search_query: search } : {}),
    ...TAB_FILTERS[query.tab],
  });
  return { items: data.chatTickets.items, totalPages: data.chatTickets.total_pages };
}

/**
 * Ticket list items as replicated documents: the nested customer becomes its own document, and
 * per-viewer or nested fields are dropped to match what the feed will deliver. The feed sends no
 * customer name on a ticket (the customer document holds it): a side-loaded copy that kept the list's
 * would stay different from the server's state until the ticket next changed.
 */
export function ticketPageDocs(items: readonly TicketItem[]): Pick<WindowDocs, 'chattickets' | 'customers'> {
  const tickets = new Map<string, TicketItem>();
  for (const item of items) tickets.set(item.id, item);
  const customers = new Map<string, ServerDoc>();
  const chattickets: ServerDoc[] = [];
  for (const { customer, ...ticket } of tickets.values()) {
    if (customer) customers.set(customer.id, customer);
    chattickets.push({ ...ticket, pickableInboxChat: null, customer_name: null });
  }
  return { chattickets, customers: [...customers.values()] };
}

export async function fetchLatestMessages(
  transport: SyncTransport,
  customerId: string,
  instanceId: string,
  ticketId?: string,
  limit = INITIAL_MESSAGES_PER_TICKET,
): Promise<ServerDoc[]> {
  const data = await transport.request<{ customerChatsPaginated: { data: ServerDoc[] } }>(PAGINATED, {
    customer_id: customerId,
    instance_id: instanceId,
    id: ticketId ?? null,
    pagination_page: 1,
    pagination_limit: limit,
  });
  return data.customerChatsPaginated.data;
}

export async function fetchOlderMessages(
  transport: SyncTransport,
  customerId: string,
  instanceId: string,
  beforeId: string,
  limit = INITIAL_MESSAGES_PER_TICKET,
): Promise<ServerDoc[]> {
  const data = await transport.request<{ oldCustomerChats: ServerDoc[] }>(OLDER, {
    max_id: beforeId,
    limit,
    customer_id: customerId,
    instance_id: instanceId,
  });
  return data.oldCustomerChats;
}

/**
 * SPEC §9's first load: the seven tab × campaign lists at page 1 (10 tickets each), and the latest
 * 80 messages of each ticket. The lists are asked for at once; each is handed to `deliver` as soon
 * as it is fetched and the messages of its first ticket (the one the list shows on top) are asked for
 * at once, those of the other tickets once every list is in, so that no tab's first conversation
 * waits behind another list's history. A ticket in several lists is fetched once. Resolves once
 * everything was delivered; rejects with the first failed request.
 */
export async function fetchInitialWindow(
  transport: SyncTransport,
  instanceId: string,
  deliver: (docs: Partial<WindowDocs>) => void,
): Promise<void> {
  const requested = new Set<string>();
  const later = new Map<string, TicketItem>();
  const messages = workPool<TicketItem>(WINDOW_REQUESTS, async (t) => {
    deliver({ customerchats: await fetchLatestMessages(transport, t.customer_id, t.instance_id, t.id) });
  });
  // Awaited below unless a list fails first; the failure then is the list's.
  messages.done.catch(() => undefined);
  const lists = workPool<(typeof TAB_COMBINATIONS)[number]>(TAB_COMBINATIONS.length, async ({ tab, is_campaign }) => {
    const page = await fetchTicketPage(transport, instanceId, { tab, isCampaign: is_campaign, page: 1 });
    const { chattickets, customers } = ticketPageDocs(page.items);
    deliver({ chattickets, customers });
    page.items.forEach((ticket, position) => {
      if (requested.has(ticket.id)) return;
      if (position > 0) {
        later.set(ticket.id, ticket);
        return;
      }
      later.delete(ticket.id);
      requested.add(ticket.id);
      messages.add(ticket);
    });
  });
  TAB_COMBINATIONS.forEach((combination) => lists.add(combination));
  lists.close();
  try {
    await lists.done;
    for (const ticket of later.values()) messages.add(ticket);
  } finally {
    messages.close();
  }
  await messages.done;
}

/** Conversations of the initial window in flight at once. */
const WINDOW_REQUESTS = 4;

/**
 * Runs `task` over items added while it runs, at most `limit` at a time, in the order added; `done`
 * settles once `close` was called and every task ended, rejecting with the first failure.
 */
function workPool<T>(limit: number, task: (item: T) => Promise<void>): { add: (item: T) => void; close: () => void; done: Promise<void> } {
  const queue: T[] = [];
  let running = 0;
  let closed = false;
  let failure: { error: unknown } | null = null;
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const done = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  const pump = (): void => {
    while (!failure && running < limit && queue.length > 0) {
      const item = queue.shift() as T;
      running += 1;
      task(item)
        .catch((error: unknown) => {
          failure ??= { error };
        })
        .finally(() => {
          running -= 1;
          pump();
        });
    }
    if (running > 0) return;
    if (failure) reject(failure.error);
    else if (closed && queue.length === 0) resolve();
  };
  return {
    add: (item) => {
      queue.push(item);
      pump();
    },
    close: () => {
      closed = true;
      pump();
    },
    done,
  };
}

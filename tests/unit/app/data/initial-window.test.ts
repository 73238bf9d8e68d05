import { describe, expect, it } from 'vitest';
import { fetchInitialWindow, ticketPageDocs, type WindowDocs } from '../../../../src/app/data/history/fetch-history';
import type { SyncTransport } from '../../../../src/app/data/replication/transport';

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Which of SPEC §9's seven lists a chatTickets request asks for. */
function listOf(variables: Record<string, unknown>): string {
  const tab = variables.inbox ? 'inbox' : variables.finished_tickets ? 'closed' : variables.all_users ? 'opened' : 'my_chats';
  return `${tab}${variables.is_campaign ? '+campaign' : ''}`;
}

const ticket = (id: string) => ({ id, customer_id: `c${id}`, instance_id: '1', customer: { id: `c${id}`, name: `Cliente ${id}` } });

/**
 * A server whose answers the test releases one by one: lists by name, conversations by ticket id,
 * recording the order in which conversations were asked for.
 */
function heldServer() {
  const lists = new Map<string, Deferred<unknown>>();
  const conversations = new Map<string, Deferred<unknown>>();
  const asked: string[] = [];
  const transport: SyncTransport = {
    request: <T>(_query: string, variables: Record<string, unknown>) => {
      if (variables.customer_id !== undefined) {
        const id = String(variables.id);
        asked.push(id);
        const answer = deferred<unknown>();
        conversations.set(id, answer);
        return answer.promise as Promise<T>;
      }
      const answer = deferred<unknown>();
      lists.set(listOf(variables), answer);
      return answer.promise as Promise<T>;
    },
    wsUrl: () => 'ws://localhost/none',
    getToken: async () => null,
  };
  const answerList = (name: string, ids: string[]) =>
    lists.get(name)!.resolve({ chatTickets: { total_pages: 1, items: ids.map(ticket) } });
  const answerConversation = (id: string) =>
    conversations.get(id)!.resolve({ customerChatsPaginated: { data: [{ id: `m${id}`, customer_id: `c${id}`, chat_ticket_id: id }] } });
  return { transport, lists, conversations, asked, answerList, answerConversation };
}

describe("the initial window (SPEC §9): the lists' first conversations first", () => {
  it('asks for every list at once and each list\'s top ticket ahead of the rest, each ticket once, and delivers everything', async () => {
    const server = heldServer();
    const delivered: Array<Partial<WindowDocs>> = [];
    let finished = false;
    const loading = fetchInitialWindow(server.transport, '1', (docs) => delivered.push(docs)).then(() => (finished = true));
    await settle();
    expect([...server.lists.keys()]).toEqual(['inbox', 'inbox+campaign', 'my_chats', 'my_chats+campaign', 'opened', 'opened+campaign', 'closed']);

    // The Fila arrives: delivered at once, and only its top ticket's conversation asked for.
    server.answerList('inbox', ['a1', 'a2', 'a3', 'a4', 'a5', 'a6']);
    await settle();
    expect(delivered[0]?.chattickets?.map((t) => t.id)).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'a6']);
    expect(server.asked).toEqual(['a1']);

    // Meus' top ticket next; a2, second in the Fila, is on top of Abertos and is asked for there.
    server.answerList('my_chats', ['m1', 'a2', 'm2']);
    server.answerList('opened', ['a2', 'o1']);
    await settle();
    expect(server.asked).toEqual(['a1', 'm1', 'a2']);

    // Once every list is in, the other tickets follow, four conversations at a time.
    for (const name of ['inbox+campaign', 'my_chats+campaign', 'opened+campaign', 'closed']) server.answerList(name, []);
    await settle();
    expect(server.asked).toEqual(['a1', 'm1', 'a2', 'a3']);
    while (!finished) {
      const waiting = server.asked.find((id) => !delivered.some((d) => d.customerchats?.[0]?.chat_ticket_id === id));
      if (waiting) server.answerConversation(waiting);
      await settle();
    }
    await loading;

    expect(server.asked).toEqual(['a1', 'm1', 'a2', 'a3', 'a4', 'a5', 'a6', 'm2', 'o1']);
    const conversationsDelivered = delivered.flatMap((d) => d.customerchats ?? []).map((m) => m.chat_ticket_id);
    expect(conversationsDelivered.sort()).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'm1', 'm2', 'o1']);
    expect(delivered.flatMap((d) => d.customers ?? []).map((c) => c.id)).toContain('co1');
  });

  it('fails with the first failed request, once the requests in flight have ended', async () => {
    const server = heldServer();
    const outcome = fetchInitialWindow(server.transport, '1', () => undefined).then(
      () => 'loaded',
      (error: unknown) => (error as Error).message,
    );
    await settle();
    for (const name of server.lists.keys()) server.answerList(name, name === 'inbox' ? ['a1', 'a2'] : []);
    await settle();
    expect(server.asked).toEqual(['a1', 'a2']);
    server.conversations.get('a1')!.reject(new Error('Sem conexão com o servidor'));
    await settle();
    let result: string | null = null;
    void outcome.then((r) => (result = r));
    await settle();
    expect(result).toBeNull();
    server.answerConversation('a2');
    expect(await outcome).toBe('Sem conexão com o servidor');
  });

  it('hands over the lists\' tickets as the feed delivers them: the customer its own document, no customer name on the ticket', () => {
    const item = { ...ticket('t1'), customer_name: 'Cliente t1', pickableInboxChat: true };
    const { chattickets, customers } = ticketPageDocs([item, item]);
    expect(chattickets).toEqual([{ id: 't1', customer_id: 'ct1', instance_id: '1', pickableInboxChat: null, customer_name: null }]);
    expect(customers).toEqual([{ id: 'ct1', name: 'Cliente t1' }]);
  });
});

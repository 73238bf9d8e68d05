import { firstValueFrom } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMoreTicketsWith } from '../../../src/app/data/history/older-tickets';
import { ticketList$ } from '../../../src/app/data/queries/ticket-queries';
import type { SyncTransport } from '../../../src/app/data/replication/transport';
import { startSyncServer, type SyncServer } from './support/sync-server';
import { eventually, startClient, type TestClient } from './support/sync-client';

/**
 * Ticket lists past SPEC §9's initial window: the next `chatTickets` page of a tab (or of a
 * search) lands in the local database through the side-load, against the real server. The
 * client's ticket and customer feeds are held back (their pulls answer nothing new), as on a scope whose feed is
 * still catching up, so only the window and the pages loaded on demand are local.
 */
let server: SyncServer;
let instanceId: string;
let client: TestClient;
const pages: string[] = [];
const PHONES = Array.from({ length: 23 }, (_, i) => `55119876${String(57000 + i)}`);

/** Counts chatTickets requests and answers every ticket and customer pull with no documents. */
const holdTicketFeed = (transport: SyncTransport): SyncTransport => ({
  ...transport,
  request: async (query, variables, operation) => {
    const held = /(pullChatTicket|pullCustomer)\(/.exec(query)?.[1];
    if (held) return { [held]: { documents: [], checkpoint: variables.checkpoint ?? null } } as never;
    const page = /chatTickets\(/.test(query) ? `${variables.inbox ? 'inbox' : 'other'}:${variables.search_query ?? ''}:${variables.pagination_page}` : null;
    if (page) pages.push(page);
    return transport.request(query, variables, operation);
  },
});

const inbox = async () =>
  (await firstValueFrom(ticketList$(client.db, { instanceId, tab: 'inbox', isCampaign: false, userId: client.user.id, limit: 100 }))).map(
    (t) => t.customer?.phone_number,
  );

beforeAll(async () => {
  server = await startSyncServer();
  instanceId = await server.instanceId();
  for (const [i, phone] of PHONES.entries()) await server.inbound(phone, `Pedido ${i}`, { name: `Cliente ${i}` });
  client = await startClient({ baseUrl: () => server.url, email: 'admin@demo.local', instanceId, initialWindow: true, wrap: holdTicketFeed });
}, 60_000);
afterAll(async () => {
  await client?.remove();
  await server?.close();
});

describe('ticket list pages past the local window', () => {
  it('a search reaches tickets the local database does not hold, with their customers', async () => {
    await eventually('the window: 10 inbox tickets and their customers', async () => {
      const phones = await inbox();
      return phones.length === 10 && phones.every(Boolean);
    });
    const named = async () => (await client.db.customers.find({ selector: { name: { $regex: '^Cliente 2' } } }).exec()).map((c) => c.name).sort();
    expect(await named()).toEqual(['Cliente 20', 'Cliente 21', 'Cliente 22']);
    const result = await loadMoreTicketsWith(client.engine, { tab: 'inbox', isCampaign: false, search: 'Cliente 2' }, 3);
    expect(result).toEqual({ status: 'ended', added: 1 });
    expect(pages).toContain('inbox:Cliente 2:1');
    expect(await named()).toEqual(['Cliente 2', 'Cliente 20', 'Cliente 21', 'Cliente 22']);
    expect(await inbox()).toContain(PHONES[2]);
  });

  it('scrolling past the window brings page 2 local, then page 3 and the end, each page asked once', async () => {
    const newestFirst = [...PHONES].reverse();
    expect((await inbox()).slice(0, 10)).toEqual(newestFirst.slice(0, 10));

    const list = { tab: 'inbox' as const, isCampaign: false, search: '' };
    const [second, again] = await Promise.all([loadMoreTicketsWith(client.engine, list, 10), loadMoreTicketsWith(client.engine, list, 10)]);
    expect(second).toEqual({ status: 'loaded', added: 10 });
    expect(again).toBe(second);
    expect((await inbox()).slice(0, 20)).toEqual(newestFirst.slice(0, 20));
    expect(pages.filter((p) => p === 'inbox::2')).toHaveLength(1);

    // Page 3 holds the last 3 of these and the demo seed's own inbox tickets.
    const third = await loadMoreTicketsWith(client.engine, list, 20);
    expect(third.status).toBe('ended');
    const all = await inbox();
    expect(all.slice(0, 23)).toEqual(newestFirst);
    expect(third.added).toBeGreaterThanOrEqual(2);
    const asked = pages.length;
    expect(await loadMoreTicketsWith(client.engine, list, all.length)).toEqual({ status: 'ended', added: 0 });
    expect(pages.length).toBe(asked);
  });

});

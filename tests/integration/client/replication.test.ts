import { firstValueFrom } from 'rxjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ticketList$ } from '../../../src/app/data/queries/ticket-queries';
import { loadOlderMessagesWith } from '../../../src/app/data/history/load-older';
import { sendMessageTo } from '../../../src/app/data/messages/outgoing';
import { WINDOW_FIRST_MS } from '../../../src/app/data/replication/leader-session';
import type { PedbotDatabase } from '../../../src/app/data/schema';
import { startSyncServer, type SyncServer } from './support/sync-server';
import { eventually, startClient, type TestClient } from './support/sync-client';

/**
 * The data module against the real server in-process (PGlite, port 0), with RxDB on Dexie over
 * fake-indexeddb: pull, live stream, RESYNC after a dropped socket, sends and their exactly-once
 * delivery, offline outbox across a restart.
 */
let server: SyncServer;
let instanceId: string;
const clients: TestClient[] = [];

beforeAll(async () => {
  server = await startSyncServer();
  instanceId = await server.instanceId();
});
afterEach(async () => {
  for (const client of clients.splice(0)) await client.remove();
});
afterAll(async () => {
  await server?.close();
});

const client = async (email: string, more: Partial<Parameters<typeof startClient>[0]> = {}) => {
  const c = await startClient({ baseUrl: () => server.url, email, instanceId, ...more });
  clients.push(c);
  return c;
};

const ticketOf = async (db: PedbotDatabase, phone: string) => {
  const customers = await db.customers.find({ selector: { phone_number: phone } }).exec();
  const customer = customers[0];
  if (!customer) return undefined;
  return (await db.chattickets.find({ selector: { customer_id: customer.id, finished_ticket: false } }).exec())[0];
};
const messagesOf = async (db: PedbotDatabase, ticketId: string) =>
  (await db.customerchats.find({ selector: { ticket_key: ticketId }, sort: [{ sent_at: 'asc' }] }).exec()).map((d) => d.toJSON());

describe('replication with the real server', () => {
  it('pulls what the admin may see, lists it by tab, and keeps it live over the stream', async () => {
    await server.inbound('5511987650001', 'Olá, quero um orçamento');
    const admin = await client('admin@demo.local');
    const ticket = await eventually('the inbound ticket', () => ticketOf(admin.db, '5511987650001'));
    expect(ticket.inbox).toBe(true);
    await eventually('its message', async () => (await messagesOf(admin.db, ticket.id)).length === 1);
    const inbox = await firstValueFrom(ticketList$(admin.db, { instanceId, tab: 'inbox', isCampaign: false, userId: admin.user.id }));
    expect(inbox[0]?.customer?.phone_number).toBe('5511987650001');
    await eventually('settings of the connection and tenant', async () => (await admin.db.settings.find().exec()).length > 0);

    const started = Date.now();
    await server.inbound('5511987650001', 'Alguém aí?');
    await eventually('the live message', async () => (await messagesOf(admin.db, ticket.id)).length === 2, 3_000);
    expect(Date.now() - started).toBeLessThan(3_000);
    await eventually('online health', async () => admin.state?.status === 'online');
  });

  it('catches up after the socket drops: RESYNC pulls what was written meanwhile', async () => {
    await server.inbound('5511987650002', 'Primeira');
    const admin = await client('admin@demo.local');
    const ticket = await eventually('the ticket', () => ticketOf(admin.db, '5511987650002'));
    await eventually('in sync', async () => (await messagesOf(admin.db, ticket.id)).length === 1);

    admin.setOnline(false);
    await eventually('offline health', async () => admin.state?.status === 'offline');
    expect(admin.state?.label).toMatch(/^Offline desde \d{2}:\d{2}$/);
    await server.inbound('5511987650002', 'Escrita enquanto o cliente estava sem rede');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await messagesOf(admin.db, ticket.id)).toHaveLength(1);

    admin.setOnline(true);
    const caught = await eventually('the message written while offline', async () => {
      const list = await messagesOf(admin.db, ticket.id);
      return list.length === 2 && list;
    });
    expect(caught[1]?.message).toBe('Escrita enquanto o cliente estava sem rede');
  });

  it('shows a send at once, replaces it by the confirmed message, and hands it to the channel once', async () => {
    await server.inbound('5511987650003', 'Preciso de ajuda');
    const admin = await client('admin@demo.local');
    const ticket = await eventually('the ticket', () => ticketOf(admin.db, '5511987650003'));
    const text = `Resposta ${Date.now()}`;
    const temp = await sendMessageTo(admin.db, { ticket, text }, { userId: admin.user.id });
    expect(temp).toMatchObject({ is_temp: true, ack: 0, id: `tmp:${temp.hash}` });
    // Shown at once: the temporary copy, or already its confirmed one when the push was quicker than this read.
    expect((await messagesOf(admin.db, ticket.id)).some((m) => m.hash === temp.hash)).toBe(true);

    const confirmed = await eventually('the confirmed message', async () => {
      const list = await messagesOf(admin.db, ticket.id);
      const byHash = list.filter((m) => m.hash === temp.hash);
      return byHash.length === 1 && !byHash[0]!.is_temp && byHash[0];
    });
    expect(confirmed.id).toMatch(/^\d+$/);
    expect(confirmed.message).toBe(text);
    await eventually('handed to the channel', async () => (await server.outbox()).filter((m) => m.text === text).length === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await server.outbox()).filter((m) => m.text === text)).toHaveLength(1);
  });

  it('keeps offline sends in the outbox across a restart and delivers them once when back online', async () => {
    await server.inbound('5511987650004', 'Oi');
    const admin = await client('admin@demo.local');
    const ticket = await eventually('the ticket', () => ticketOf(admin.db, '5511987650004'));
    admin.setOnline(false);
    const texts = ['Offline 1', 'Offline 2'].map((t) => `${t} ${Date.now()}`);
    for (const text of texts) await sendMessageTo(admin.db, { ticket, text }, { userId: admin.user.id });
    await eventually('waiting sends in the health', async () => admin.state?.pendingSends === 2);

    await admin.restart();
    admin.setOnline(false);
    const kept = (await messagesOf(admin.db, ticket.id)).filter((m) => m.is_temp);
    expect(kept.map((m) => m.message).sort()).toEqual([...texts].sort());

    admin.setOnline(true);
    await eventually('both confirmed', async () => {
      const list = await messagesOf(admin.db, ticket.id);
      return texts.every((t) => list.filter((m) => m.message === t && !m.is_temp).length === 1) && !list.some((m) => m.is_temp);
    });
    // Confirmation is the server's stored copy; the hand-off to the channel follows on the dispatcher.
    await eventually('both handed to the channel', async () => {
      const outbox = await server.outbox();
      return texts.every((t) => outbox.some((m) => m.text === t));
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const outbox = await server.outbox();
    for (const text of texts) expect(outbox.filter((m) => m.text === text)).toHaveLength(1);
  });

  it('loads SPEC §9 initial window on a fresh scope: seven tab lists of 10, then 80 messages per ticket', async () => {
    await server.inbound('5511987650006', 'Janela inicial');
    const calls: string[] = [];
    const admin = await client('admin@demo.local', {
      initialWindow: true,
      wrap: (transport) => ({
        ...transport,
        request: (query, variables, operation) => {
          const name = /(chatTickets|customerChatsPaginated)\(/.exec(query)?.[1];
          if (name) calls.push(`${name}:${variables.pagination_limit}`);
          return transport.request(query, variables, operation);
        },
      }),
    });
    await eventually('the window requests', async () => calls.filter((c) => c === 'chatTickets:10').length === 7);
    await eventually('the messages of each listed ticket', async () => calls.some((c) => c === 'customerChatsPaginated:80'));
    const ticket = await eventually('the new ticket', () => ticketOf(admin.db, '5511987650006'));
    await eventually('with its message', async () => (await messagesOf(admin.db, ticket.id)).length === 1);
  });

  it('loads older history on demand into the same collection', async () => {
    for (const text of ['Primeira', 'Segunda', 'Terceira']) await server.inbound('5511987650007', text);
    const admin = await client('admin@demo.local');
    const ticket = await eventually('the ticket', () => ticketOf(admin.db, '5511987650007'));
    const all = await eventually('its messages', async () => {
      const list = await messagesOf(admin.db, ticket.id);
      return list.length === 3 && list;
    });
    expect(await loadOlderMessagesWith(admin.engine, ticket.customer_id, instanceId)).toBe(0);
    // As a client that kept only the latest message would be:
    await admin.db.customerchats.bulkRemove(all.slice(0, 2).map((m) => m.id));
    expect(await loadOlderMessagesWith(admin.engine, ticket.customer_id, instanceId)).toBe(2);
    // Side-loaded documents ride on the next pull answer, so they land a moment after the call returns.
    const texts = await eventually('the older messages back in the collection', async () => {
      const list = await messagesOf(admin.db, ticket.id);
      return list.length === 3 && list.map((m) => m.message);
    });
    expect(texts).toEqual(['Primeira', 'Segunda', 'Terceira']);
  });

  it('starts the customers\' first pull on a fresh scope once the initial window is fetched, or after WINDOW_FIRST_MS', async () => {
    await server.inbound('5511987650010', 'Primeiro a janela');
    const started = Date.now();
    let windowInFlight = 0;
    let windowRequests = 0;
    let firstCustomerPull: { at: number; windowInFlight: number; windowRequests: number } | null = null;
    await client('admin@demo.local', {
      initialWindow: true,
      wrap: (transport) => ({
        ...transport,
        request: async (query, variables, operation) => {
          if (/\bpullCustomer\(/.test(query) && !firstCustomerPull) firstCustomerPull = { at: Date.now() - started, windowInFlight, windowRequests };
          const window = /(chatTickets|customerChatsPaginated)\(/.test(query);
          if (!window) return transport.request(query, variables, operation);
          windowInFlight += 1;
          windowRequests += 1;
          try {
            return await transport.request(query, variables, operation);
          } finally {
            windowInFlight -= 1;
          }
        },
      }),
    });
    const pull = await eventually('the customers\' first pull', async () => firstCustomerPull);
    expect(pull.windowRequests).toBeGreaterThanOrEqual(7);
    if (pull.at < WINDOW_FIRST_MS) expect(pull.windowInFlight).toBe(0);
  });

  it('lists the initial window\'s tickets while the tickets\' first pull waits, and loads no history again for what that pull brings', async () => {
    // The oldest of eleven new inbox tickets is past the Fila's first page (10): only the feed brings it.
    const phones = Array.from({ length: 11 }, (_, i) => `55119876501${String(i).padStart(2, '0')}`);
    for (const phone of phones) await server.inbound(phone, `Olá de ${phone}`);
    const beyondWindow = await server.ticketIdOf(phones[0]!);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let ticketsPulled = false;
    const conversationsAsked: string[] = [];
    const admin = await client('admin@demo.local', {
      initialWindow: true,
      visibleTicketDelayMs: 50,
      wrap: (transport) => ({
        ...transport,
        request: async (query, variables, operation) => {
          if (/customerChatsPaginated\(/.test(query)) conversationsAsked.push(String(variables.id));
          if (!/\bpullChatTicket\(/.test(query)) return transport.request(query, variables, operation);
          await held;
          ticketsPulled = true;
          return transport.request(query, variables, operation);
        },
      }),
    });
    const newest = await eventually('the newest ticket listed', () => ticketOf(admin.db, phones[10]!));
    await eventually('with its conversation', async () => (await messagesOf(admin.db, newest.id)).length === 1);
    expect(ticketsPulled).toBe(false);
    expect(await ticketOf(admin.db, phones[0]!)).toBeUndefined();

    release();
    const oldest = await eventually('the ticket past the window, through the feed', () => ticketOf(admin.db, phones[0]!));
    expect(oldest.id).toBe(beyondWindow);
    await eventually('with its message, through the feed', async () => (await messagesOf(admin.db, oldest.id)).length === 1);
    await admin.engine.leader()?.awaitInSync();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(conversationsAsked).not.toContain(beyondWindow);
  });

  it('stores the initial window\'s conversations while a send is still on its way to the server', async () => {
    await server.inbound('5511987650009', 'Janela com envio');
    const ticketId = await server.ticketIdOf('5511987650009');
    const ticket = await server.database.asOwner((db) =>
      db.selectFrom('chat_tickets').select(['id', 'customer_id', 'instance_id']).where('id', '=', Number(ticketId)).executeTakeFirstOrThrow(),
    );
    // The tickets' first pull never ends, so the messages' own pull never starts (it waits for it on an empty
    // database): what reaches the messages is the initial window alone. And the send's push never ends either.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const admin = await client('admin@demo.local', {
      initialWindow: true,
      wrap: (transport) => ({
        ...transport,
        request: async (query, variables, operation) => {
          if (operation === 'pushCustomerChat' || operation === 'pullChatTicket') await held;
          return transport.request(query, variables, operation);
        },
      }),
    });
    const ref = { id: String(ticket.id), customer_id: String(ticket.customer_id), instance_id: String(ticket.instance_id) };
    const temp = await sendMessageTo(admin.db, { ticket: ref, text: 'Enviando devagar' }, { userId: admin.user.id });

    const texts = await eventually('the window\'s conversation beside the waiting send', async () => {
      const list = await messagesOf(admin.db, ref.id);
      return list.length === 2 && list.map((m) => m.message);
    });
    expect(texts).toEqual(['Janela com envio', 'Enviando devagar']);
    expect((await messagesOf(admin.db, ref.id)).find((m) => m.hash === temp.hash)?.is_temp).toBe(true);

    release();
    await eventually('the send confirmed', async () => {
      const byHash = (await messagesOf(admin.db, ref.id)).filter((m) => m.hash === temp.hash);
      return byHash.length === 1 && !byHash[0]!.is_temp;
    });
  });

  it('marks a send the server refuses as failed, and pushes it no more', async () => {
    await server.inbound('5511987650005', 'Oi');
    const admin = await client('admin@demo.local');
    const ticket = await eventually('the ticket', () => ticketOf(admin.db, '5511987650005'));
    const temp = await sendMessageTo(admin.db, { ticket, text: 'a <script>alert(1)</script>' }, { userId: admin.user.id });
    const failed = await eventually('the refusal', async () => {
      const doc = await admin.db.customerchats.findOne(temp.id).exec();
      return doc?.ack === -1 && doc;
    });
    expect(failed.failure_reason).toBeTruthy();
    expect(failed.is_temp).toBe(true);
  });
});

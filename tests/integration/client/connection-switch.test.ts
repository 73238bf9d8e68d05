import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPedbotDatabase } from '../../../src/app/data/database/open-database';
import { sendMessageTo } from '../../../src/app/data/messages/outgoing';
import type { ChatTicketDoc, PedbotDatabase } from '../../../src/app/data/schema';
import { endDataSession, startDataSession, type DataSession } from '../../../src/app/data/session/data-session';
import { startSyncServer, type SyncServer } from './support/sync-server';
import { FAST_SOCKET, eventually, signIn, switchableTransport, type ClientSession } from './support/sync-client';

/**
 * The attendant chooses another connection while sends of the first one wait offline: the
 * outbox and the drafts stay through the switch, the sends reach their customer on their own
 * connection exactly once when the network is back, and the chosen connection replicates as
 * from an empty database. Signing out still removes everything.
 */
let server: SyncServer;
let connectionA: string;
let connectionB: string;
let admin: ClientSession;

beforeAll(async () => {
  server = await startSyncServer();
  connectionA = await server.instanceId();
  admin = await signIn(server.url, 'admin@demo.local');
  connectionB = await server.database.asOwner(async (db) => {
    const a = await db.selectFrom('instances').select('tenant_id').where('id', '=', Number(connectionA)).executeTakeFirstOrThrow();
    const row = await db
      .insertInto('instances')
      .values({ tenant_id: a.tenant_id, name: 'WhatsApp Filial', channel: 'sandbox', phone_number: '5511922220000', activated: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(row.id);
  });
});
afterAll(async () => {
  await endDataSession({ wipe: true });
  await server?.close();
});

const ticketOnPhone = async (db: PedbotDatabase, phone: string) => {
  const customer = (await db.customers.find({ selector: { phone_number: phone } }).exec())[0];
  if (!customer) return null;
  return (await db.chattickets.find({ selector: { customer_id: customer.id } }).exec())[0] ?? null;
};

const messagesOf = async (db: PedbotDatabase, ticketId: string) =>
  (await db.customerchats.find({ selector: { ticket_key: ticketId } }).exec()).map((m) => m.message);

const serverRows = (text: string) =>
  server.database.asOwner((db) =>
    db.selectFrom('customer_chats').select(['instance_id', 'hash']).where('message', '=', text).execute(),
  );

describe('choosing another connection', () => {
  it('keeps the offline outbox and drafts, delivers the sends once on their own connection, and replicates the new one', async () => {
    const storage = getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange });
    const network = switchableTransport(() => `${server.url}/demo/graphql`, admin.token);
    const start = (instanceId: string): Promise<DataSession> =>
      startDataSession({
        tenant: 'demo',
        user: { id: admin.user.id, roleName: admin.user.roleName },
        instanceId,
        transport: network.transport,
        storage,
        databaseName: 'switch',
        socketTiming: FAST_SOCKET,
        retryTime: 100,
      });
    const phoneA = '5511976543210';
    const phoneB = '5511976543220';
    await server.inbound(phoneA, 'Olá pela loja', { instanceId: connectionA });
    await server.inbound(phoneB, 'Olá pela filial', { instanceId: connectionB });

    let session = await start(connectionA);
    const ticketA = await eventually('connection A’s ticket arrives with its message', async () => {
      const ticket = await ticketOnPhone(session.db, phoneA);
      return ticket && (await messagesOf(session.db, ticket.id)).includes('Olá pela loja') && ticket;
    });

    network.setOnline(false);
    session.engine.leader()?.socket.terminate();
    const text = `Escrita offline ${Date.now()}`;
    await sendMessageTo(session.db, { ticket: ticketA.toJSON() as ChatTicketDoc, text }, { userId: admin.user.id });
    await session.db.drafts!.insert({ ticket_id: ticketA.id, text: 'rascunho da loja', updatedAt: Date.now() });

    session = await start(connectionB);
    const waiting = await session.db.customerchats.find({ selector: { message: text } }).exec();
    expect(waiting.map((m) => [m.instance_id, m.is_temp, m.ack])).toEqual([[connectionA, true, 0]]);
    expect(await session.db.chattickets.find({ selector: { instance_id: connectionA } }).exec()).toHaveLength(0);
    expect((await session.db.drafts!.findOne(ticketA.id).exec())?.text).toBe('rascunho da loja');
    expect(await serverRows(text)).toHaveLength(0);

    network.setOnline(true);
    session.engine.leader()?.reSync();
    await eventually(
      'the send reaches connection A’s customer',
      async () => (await server.outbox('demo', connectionA)).some((m) => m.text === text),
      15_000,
    );
    await eventually('connection B’s ticket arrives with its message', async () => {
      const ticket = await ticketOnPhone(session.db, phoneB);
      return ticket && (await messagesOf(session.db, ticket.id)).includes('Olá pela filial');
    });
    await server.inbound(phoneB, 'Mais uma pela filial', { instanceId: connectionB });
    await eventually('a live message of connection B arrives', async () => {
      const ticket = await ticketOnPhone(session.db, phoneB);
      return ticket && (await messagesOf(session.db, ticket.id)).includes('Mais uma pela filial');
    });
    await eventually('the pushed send of connection A leaves the outbox', async () => (await session.db.customerchats.find({ selector: { message: text } }).exec()).length === 0);
    expect(await session.db.chattickets.find({ selector: { instance_id: connectionA } }).exec()).toHaveLength(0);
    expect(await session.db.customerchats.find({ selector: { instance_id: connectionA } }).exec()).toHaveLength(0);

    session = await start(connectionA);
    const confirmed = await eventually('choosing A again shows the confirmed send once', async () => {
      const copies = await session.db.customerchats.find({ selector: { message: text } }).exec();
      return copies.length === 1 && !copies[0]!.is_temp && copies;
    });
    expect(confirmed[0]!.instance_id).toBe(connectionA);
    expect((await session.db.drafts!.findOne(ticketA.id).exec())?.text).toBe('rascunho da loja');

    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await server.outbox('demo', connectionA)).filter((m) => m.text === text)).toHaveLength(1);
    expect((await server.outbox('demo', connectionB)).filter((m) => m.text === text)).toHaveLength(0);
    const rows = await serverRows(text);
    expect(rows.map((r) => String(r.instance_id))).toEqual([connectionA]);
    expect(rows[0]!.hash).toBe(waiting[0]!.hash);

    await endDataSession({ wipe: true });
    const reopened = await openPedbotDatabase({ storage, name: 'switch', multiInstance: false });
    expect(await reopened.customerchats.count().exec()).toBe(0);
    expect(await reopened.drafts!.count().exec()).toBe(0);
    await reopened.remove();
  });
});

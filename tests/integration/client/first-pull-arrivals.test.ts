import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterEach, describe, expect, it } from 'vitest';
import { openPedbotDatabase } from '../../../src/app/data/database/open-database';
import { identifierFor } from '../../../src/app/data/replication/sync-scope';
import { startSyncEngine, type SyncEngine } from '../../../src/app/data/replication/sync-engine';
import { syncedKeyOf } from '../../../src/app/data/replication/ticket-arrivals';
import type { SyncTransport } from '../../../src/app/data/replication/transport';
import type { PedbotDatabase } from '../../../src/app/data/schema';
import { ModelSocket, modelTransport } from './support/model-client';
import { ModelServer, type ModelViewer } from './support/model-server';
import { eventually } from './support/sync-client';

/**
 * On an empty database the messages' first pull waits for the tickets' first pull, and a ticket
 * the tickets' first pull brought gets no history load of its own. A ticket that enters this
 * user's list after the messages' pull read past its messages needs one: whether it arrives
 * while the tickets' replication is still busy after its first pull (seed 69 of the convergence
 * model lost a message this way under load), or in the next session of a first sync cut short.
 */
const ATTENDANT: ModelViewer = { userId: '1003', roleName: 'atendente', departmentId: '20' };
const SCOPE = { tenant: 'model', userId: ATTENDANT.userId, instanceId: '1' };
const FIRST_TEXT = 'Olá, ainda em outro departamento';

let engine: SyncEngine | undefined;
let db: PedbotDatabase | undefined;
afterEach(async () => {
  await engine?.stop();
  await db?.remove();
  engine = undefined;
  db = undefined;
});

/** Two customers: one ticket in this attendant's department, one in another (`elsewhere`). */
function twoTickets(): { server: ModelServer; elsewhere: string } {
  const server = new ModelServer();
  server.inbound('5511900000001', FIRST_TEXT);
  server.inbound('5511900000002', 'Olá, já no departamento');
  const [elsewhere, here] = [...server.rows.chattickets.keys()];
  server.move(elsewhere!, '10');
  server.move(here!, '20');
  return { server, elsewhere: elsewhere! };
}

async function start(server: ModelServer, transport: SyncTransport, name: string): Promise<PedbotDatabase> {
  db ??= await openPedbotDatabase({ storage: getRxStorageMemory(), name, multiInstance: false, collections: ['customerchats', 'chattickets', 'customers'] });
  engine = startSyncEngine({
    db,
    transport,
    scope: SCOPE,
    retryTime: 10,
    visibleTicketDelayMs: 5,
    createSocket: () => new ModelSocket(server, ATTENDANT, () => true, 5),
  });
  return db;
}

async function historyOf(database: PedbotDatabase, ticketId: string) {
  await eventually('the moved ticket stored', async () => database.chattickets.findOne(ticketId).exec());
  const first = await eventually('the moved ticket\'s message stored', async () =>
    (await database.customerchats.find({ selector: { ticket_key: ticketId } }).exec()).find((m) => m.message === FIRST_TEXT),
  );
  expect(first.is_temp).toBe(false);
}

describe('a ticket entering the list while the first sync runs', () => {
  it('gets its history when it arrives after the messages\' first pull read the feed', async () => {
    const { server, elsewhere } = twoTickets();
    const plain = modelTransport(server, ATTENDANT, () => true);
    let ticketPulls = 0;
    let messagesRead!: () => void;
    const messagesFirstRead = new Promise<void>((resolve) => (messagesRead = resolve));
    let heldPull = false;
    // The tickets' second pull waits until the messages' first pull has read the feed; then the
    // other ticket moves here, so that pull brings it while the tickets are still busy.
    const transport: SyncTransport = {
      ...plain,
      request: async <T,>(query: string, variables: Record<string, unknown>, operation?: string): Promise<T> => {
        if (query.includes('pullChatTicket(') && ++ticketPulls > 1 && !heldPull) {
          heldPull = true;
          await messagesFirstRead;
          server.move(elsewhere, '20');
        }
        // Another tickets' pull asked for while the first is in flight, as the socket's RESYNC at its opening does.
        if (query.includes('pullChatTicket(') && ticketPulls === 1) setTimeout(() => engine?.leader()?.reSync(), 0);
        const answer = await plain.request<T>(query, variables, operation);
        if (query.includes('pullCustomerChat(')) messagesRead();
        return answer;
      },
    };

    const database = await start(server, transport, `arrivals${Date.now()}`);
    await historyOf(database, elsewhere);
    expect(heldPull).toBe(true);
  });

  it('gets its history when it came into view between the sessions of a first sync cut short', async () => {
    const { server, elsewhere } = twoTickets();
    const transport = modelTransport(server, ATTENDANT, () => true);
    const database = await start(server, transport, `resumed${Date.now()}`);
    await eventually('the first session\'s messages stored', async () => (await database.customerchats.count().exec()) === 1);
    await eventually('the first sync marked done', async () => database.getLocal(syncedKeyOf(identifierFor(SCOPE, 'chattickets'))));
    await engine!.stop();
    // Cut short after the messages' feed stored its position, before the sync was marked done.
    await (await database.getLocal(syncedKeyOf(identifierFor(SCOPE, 'chattickets'))))?.remove();
    server.move(elsewhere, '20');

    await start(server, transport, 'unused');
    await historyOf(database, elsewhere);
  });
});

import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterEach, describe, expect, it } from 'vitest';
import { openPedbotDatabase } from '../../../src/app/data/database/open-database';
import { startSyncEngine, type SyncEngine } from '../../../src/app/data/replication/sync-engine';
import type { SyncTransport } from '../../../src/app/data/replication/transport';
import type { PedbotDatabase } from '../../../src/app/data/schema';
import { ModelSocket, modelTransport } from './support/model-client';
import { ModelServer, type ModelViewer } from './support/model-server';
import { eventually } from './support/sync-client';

/**
 * On an empty database the messages' first pull waits for the tickets' first pull, and a ticket
 * the tickets' first pull brought gets no history load of its own. A ticket that enters this
 * user's list after the messages' first pull read the feed needs one, however busy the tickets'
 * replication still is then: the feed went past its messages while this user could not see them.
 * Seed 69 of the convergence model lost a message this way under load.
 */
const ATTENDANT: ModelViewer = { userId: '1003', roleName: 'atendente', departmentId: '20' };

let engine: SyncEngine | undefined;
let db: PedbotDatabase | undefined;
afterEach(async () => {
  await engine?.stop();
  await db?.remove();
});

describe('a ticket entering the list while the first pulls run', () => {
  it('gets its history when it arrives after the messages\' first pull read the feed', async () => {
    const server = new ModelServer();
    server.inbound('5511900000001', 'Olá, ainda em outro departamento');
    server.inbound('5511900000002', 'Olá, já no departamento');
    const [elsewhere, here] = [...server.rows.chattickets.keys()];
    server.move(elsewhere!, '10');
    server.move(here!, '20');

    const plain = modelTransport(server, ATTENDANT, () => true);
    let ticketPulls = 0;
    let messagesRead!: () => void;
    const messagesFirstRead = new Promise<void>((resolve) => (messagesRead = resolve));
    let heldPull = false;
    // The tickets' second pull waits until the messages' first pull has read the feed;
    // then the other ticket moves here, so that pull brings it while the tickets are still busy.
    const transport: SyncTransport = {
      ...plain,
      request: async <T,>(query: string, variables: Record<string, unknown>, operation?: string): Promise<T> => {
        if (query.includes('pullChatTicket(') && ++ticketPulls > 1 && !heldPull) {
          heldPull = true;
          await messagesFirstRead;
          server.move(elsewhere!, '20');
        }
        // Another tickets' pull asked for while the first is in flight, as the socket's RESYNC at its opening does.
        if (query.includes('pullChatTicket(') && ticketPulls === 1) setTimeout(() => engine?.leader()?.reSync(), 0);
        const answer = await plain.request<T>(query, variables, operation);
        if (query.includes('pullCustomerChat(')) messagesRead();
        return answer;
      },
    };

    db = await openPedbotDatabase({ storage: getRxStorageMemory(), name: `arrivals${Date.now()}`, multiInstance: false, collections: ['customerchats', 'chattickets', 'customers'] });
    const database = db;
    engine = startSyncEngine({
      db: database,
      transport,
      scope: { tenant: 'model', userId: ATTENDANT.userId, instanceId: '1' },
      retryTime: 10,
      visibleTicketDelayMs: 5,
      createSocket: () => new ModelSocket(server, ATTENDANT, () => true, 5),
    });

    await eventually('the moved ticket stored', async () => database.chattickets.findOne(elsewhere!).exec());
    expect(heldPull).toBe(true);
    const history = await eventually('the moved ticket\'s message stored', async () =>
      (await database.customerchats.find({ selector: { ticket_key: elsewhere! } }).exec()).find((m) => m.message === 'Olá, ainda em outro departamento'),
    );
    expect(history.is_temp).toBe(false);
  });
});

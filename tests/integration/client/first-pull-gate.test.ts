import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { BehaviorSubject, Subject } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { openPedbotDatabase } from '../../../src/app/data/database/open-database';
import { REPLICATED_SPECS } from '../../../src/app/data/replication/documents';
import { replicateCollection, type CollectionReplication } from '../../../src/app/data/replication/replicate-collection';
import { SideloadQueue } from '../../../src/app/data/replication/side-load';
import type { SubscriptionSink, SyncSocket } from '../../../src/app/data/replication/sync-socket';
import type { PedbotDatabase } from '../../../src/app/data/schema';
import { ModelServer, type ModelViewer } from './support/model-server';
import { modelTransport } from './support/model-client';
import { eventually } from './support/sync-client';

/** A socket whose stream emissions the test makes itself: no RESYNC marker unless sent. */
class HandSocket implements SyncSocket {
  readonly status$ = new BehaviorSubject<'connected'>('connected');
  readonly reconnected$ = new Subject<void>();
  readonly sinks: Array<SubscriptionSink<Record<string, unknown>>> = [];
  subscribe<T>(_query: string, _variables: Record<string, unknown>, sink: SubscriptionSink<T>): () => void {
    this.sinks.push(sink as SubscriptionSink<Record<string, unknown>>);
    return () => undefined;
  }
  terminate(): void {}
  async dispose(): Promise<void> {}
}

const ADMIN: ModelViewer = { userId: '900', roleName: 'administrador', departmentId: null };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let db: PedbotDatabase | undefined;
let replication: CollectionReplication | undefined;
afterEach(async () => {
  await replication?.state.cancel();
  await db?.remove();
});

describe('the tickets\' first pull held for the initial window', () => {
  it('stores a page of side-loaded tickets at once, and a change streamed meanwhile moves no checkpoint past the history', async () => {
    const server = new ModelServer();
    for (const phone of ['5511900000001', '5511900000002', '5511900000003']) server.inbound(phone, 'Histórico');
    const history = [...server.rows.chattickets.values()].map((row) => row.doc);
    const windowTicket = history[2]!;

    db = await openPedbotDatabase({ storage: getRxStorageMemory(), name: `gate${Date.now()}`, multiInstance: false, collections: ['chattickets'] });
    const database = db;
    const socket = new HandSocket();
    const sideloads = new SideloadQueue();
    sideloads.add('chattickets', [windowTicket]);
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    let pulls = 0;
    const transport = modelTransport(server, ADMIN, () => true);
    replication = replicateCollection({
      collection: database.chattickets,
      spec: REPLICATED_SPECS.chattickets,
      transport: { ...transport, request: (query, variables, operation) => (pulls++, transport.request(query, variables, operation)) },
      socket,
      instanceId: '1',
      identifier: 'gate-test',
      takeSideloaded: () => sideloads.take(database, 'chattickets'),
      onRejected: async () => undefined,
      retryTime: 10,
      beforeFirstPull: () => gate,
      tombstonesThroughPull: true,
    });

    // The window's ticket is stored while the first pull waits for its gate.
    await eventually('the window ticket', async () => (await database.chattickets.findOne(windowTicket.id as string).exec()) !== null);
    expect(pulls).toBe(0);

    // A customer writes meanwhile: the stream hands over the change, far ahead of the history not pulled yet.
    server.inbound('5511900000004', 'Durante a espera');
    const streamed = [...server.rows.chattickets.values()].at(-1)!;
    for (const sink of socket.sinks) {
      sink.next({ streamChatTicket: { documents: [streamed.doc], checkpoint: { id: streamed.doc.id, position: streamed.position }, resync: false } });
    }
    await sleep(100);

    openGate();
    await eventually('every ticket, the history included', async () => (await database.chattickets.count().exec()) === 4);
    expect(pulls).toBeGreaterThan(0);
  });
});

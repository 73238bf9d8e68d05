import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { startDataSession, type DataSession } from '../../../src/app/data/session/data-session';
import { SyncRequestError, type SyncTransport } from '../../../src/app/data/replication/transport';

/**
 * A server that knows nothing new and accepts every push, for the seeding page only: documents
 * seeded locally count as local writes, and RxDB's upstream would otherwise scan (and try to push)
 * all 110,000 of them on every later page load, which a client synced with a real server never
 * does. Seeding through this and waiting until the replication is in sync leaves the database as
 * a synced client's: every document's master state known, the upstream checkpoint at the end.
 */
const acceptingServer: SyncTransport = {
  async request<T>(query: string): Promise<T> {
    const push = /\bpush(\w+)\(/.exec(query);
    if (push && query.trimStart().startsWith('mutation')) return { [`push${push[1]}`]: [] } as T;
    if (/\bpull\w+\(/.test(query)) return {} as T;
    if (query.includes('chatTickets(')) return { chatTickets: { total_pages: 0, items: [] } } as T;
    if (query.includes('customerChatsPaginated(')) return { customerChatsPaginated: { data: [] } } as T;
    if (query.includes('oldCustomerChats(')) return { oldCustomerChats: [] } as T;
    throw new SyncRequestError('network', 'no server on the bench page');
  },
  wsUrl: () => 'ws://127.0.0.1:9/graphql',
  getToken: async () => 'bench',
};

/** The scope selectConnection('1') opens for the bench's administrator, so later pages keep the data. */
export async function startSyncedSession(): Promise<DataSession> {
  return startDataSession({
    tenant: 'bench',
    user: { id: '1', roleName: 'administrador', departmentId: null, image: null },
    instanceId: '1',
    transport: acceptingServer,
    storage: getRxStorageDexie(),
    multiTab: true,
  });
}

/** Resolves once this tab leads and its replication has nothing left to push or pull. */
export async function awaitReplicationInSync(session: DataSession): Promise<void> {
  for (;;) {
    const leader = session.engine.leader();
    if (leader) return leader.awaitInSync();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

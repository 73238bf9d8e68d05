import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { RxStorage } from 'rxdb';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import WebSocket from 'ws';
import { pedbotDexieStorage } from '../../../../src/app/data/database/dexie-storage';
import { openPedbotDatabase } from '../../../../src/app/data/database/open-database';
import type { SyncState } from '../../../../src/app/data/health/sync-state';
import { startSyncEngine, type SyncEngine } from '../../../../src/app/data/replication/sync-engine';
import type { SocketTiming } from '../../../../src/app/data/replication/sync-socket';
import { createHttpTransport, type SyncTransport } from '../../../../src/app/data/replication/transport';
import type { CollectionName, PedbotDatabase } from '../../../../src/app/data/schema';
import { DEMO_PASSWORD } from '../../../../src/server/modules/tenants/demo-seed';

/**
 * A browser client in Node: the data module's database (Dexie on fake-indexeddb, or memory) and
 * sync engine, signed in as a real user against the real server. A switch cuts its network
 * (HTTP requests fail, the socket drops and cannot reconnect) to test offline behaviour.
 */
export interface ClientOptions {
  baseUrl: () => string;
  email: string;
  tenant?: string;
  instanceId: string;
  storage?: 'dexie' | 'memory';
  collections?: readonly CollectionName[];
  name?: string;
  /** Wrap the transport (fault injection in the convergence test). */
  wrap?: (transport: SyncTransport) => SyncTransport;
  initialWindow?: boolean;
  socketTiming?: Partial<SocketTiming>;
  retryTime?: number;
  visibleTicketDelayMs?: number;
  /** An earlier sign-in of the same user: skips the sign-in round trip (many clients per test). */
  session?: ClientSession;
}

export interface ClientSession {
  token: string;
  user: { id: string; roleName: string; departmentId: string | null };
}

export interface TestClient {
  readonly user: { id: string; roleName: string; departmentId: string | null };
  readonly token: string;
  /** Ticket removals seen locally (id and time), to explain a failure. */
  readonly ticketRemovals: string[];
  db: PedbotDatabase;
  engine: SyncEngine;
  state: SyncState | null;
  setOnline(online: boolean): void;
  /** Closes and reopens database and engine on the same storage (a page reload). */
  restart(): Promise<void>;
  close(): Promise<void>;
  remove(): Promise<void>;
}

const LOG_IN = `mutation ($email: String!, $password: String!) {
  logIn(email: $email, password: $password) { token refresh_token user { id role { name } userDepartment { id } } }
}`;

/** A failed connect after the client gave up on the socket must not crash Node (browsers ignore it). */
class QuietWebSocket extends WebSocket {
  constructor(...args: ConstructorParameters<typeof WebSocket>) {
    super(...args);
    this.on('error', () => undefined);
  }
}

export const FAST_SOCKET = { reconnectMs: 50, sendRetryMs: 50, sendRetries: 20, delayedReconnectMs: 100 };

let counter = 0;

/** Signs a user in, for clients started later with `session`. */
export async function signIn(baseUrl: string, email: string, tenant = 'demo'): Promise<ClientSession> {
  const response = await fetch(`${baseUrl}/${tenant}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: LOG_IN, variables: { email, password: DEMO_PASSWORD } }),
  });
  const body = (await response.json()) as {
    data?: { logIn: { token: string; user: { id: string; role: { name: string }; userDepartment: { id: string } | null } } };
  };
  const login = body.data?.logIn;
  if (!login?.token) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(body)}`);
  return {
    token: login.token,
    user: { id: String(login.user.id), roleName: login.user.role.name, departmentId: login.user.userDepartment?.id ?? null },
  };
}

/**
 * The HTTP transport of a signed-in user with a network switch: offline, requests fail as
 * without network and the socket cannot connect (drop a connected one with `terminate`).
 */
export function switchableTransport(endpoint: () => string, token: string): { transport: SyncTransport; setOnline(online: boolean): void } {
  let online = true;
  const refused = () => Promise.reject(new TypeError('fetch failed (offline)'));
  // A request already on its way when the network drops loses its answer too, as on a real drop:
  // otherwise an answer computed after the drop could bring in what was written while offline.
  const offlineFetch: typeof fetch = (input, init) =>
    online ? fetch(input, init).then((response) => (online ? response : refused())) : refused();
  const base = createHttpTransport({ endpoint, getToken: async () => token, fetch: offlineFetch, webSocketImpl: QuietWebSocket });
  const transport: SyncTransport = {
    ...base,
    // Port 9 (discard) refuses at once: the socket fails to connect as it does without network.
    wsUrl: () => (online ? base.wsUrl() : 'ws://127.0.0.1:9/offline'),
  };
  return { transport, setOnline: (next) => (online = next) };
}

export async function startClient(options: ClientOptions): Promise<TestClient> {
  const tenant = options.tenant ?? 'demo';
  const endpoint = () => `${options.baseUrl()}/${tenant}/graphql`;
  const login = options.session ?? (await signIn(options.baseUrl(), options.email, tenant));
  const user = login.user;

  const network = switchableTransport(endpoint, login.token);
  const transport = options.wrap ? options.wrap(network.transport) : network.transport;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const storage: RxStorage<any, any> =
    options.storage === 'memory' ? getRxStorageMemory() : pedbotDexieStorage({ indexedDB: new IDBFactory(), IDBKeyRange });
  const name = options.name ?? `client${++counter}`;

  // As the app's local scope does: a start takes the initial window until one start has loaded it.
  let windowLoaded = false;
  const open = async () => {
    const db = await openPedbotDatabase({ storage, name, multiInstance: false, collections: options.collections });
    const engine = startSyncEngine({
      db,
      transport,
      scope: { tenant, userId: user.id, instanceId: options.instanceId },
      socketTiming: options.socketTiming ?? FAST_SOCKET,
      retryTime: options.retryTime ?? 100,
      needsInitialWindow: async () => (options.initialWindow ?? false) && !windowLoaded,
      onWindowLoaded: async () => {
        windowLoaded = true;
      },
      visibleTicketDelayMs: options.visibleTicketDelayMs ?? 100,
    });
    return { db, engine };
  };

  let current = await open();
  const client: TestClient = {
    user,
    token: login.token,
    ticketRemovals: [],
    db: current.db,
    engine: current.engine,
    state: null,
    setOnline: (next) => {
      network.setOnline(next);
      if (!next) client.engine.leader()?.socket.terminate();
      else client.engine.leader()?.reSync();
    },
    restart: async () => {
      await client.close();
      current = await open();
      client.db = current.db;
      client.engine = current.engine;
      watch();
    },
    close: async () => {
      await client.engine.stop();
      await client.db.close();
    },
    remove: async () => {
      await client.engine.stop();
      await client.db.remove();
    },
  };
  const watch = () => {
    client.engine.state$.subscribe((s) => (client.state = s));
    client.db.chattickets?.remove$.subscribe((e) => client.ticketRemovals.push(`${e.documentId}@${new Date().toISOString().slice(11, 23)}`));
  };
  watch();
  return client;
}

/** Polls `check` until it holds (or throws with `what` after `timeoutMs`). */
export async function eventually<T>(what: string, check: () => Promise<T | false | null | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
}

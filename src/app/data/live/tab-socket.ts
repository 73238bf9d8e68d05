import { BehaviorSubject, Subject, map, type Observable } from 'rxjs';
import { getAccessToken, refreshAccessToken } from '../../api/graphql-client';
import { ACCESS_TOKEN_MESSAGE } from '../replication/outbox-contract';
import { createSyncSocket, type SocketStatus, type SubscriptionSink, type SyncSocket } from '../replication/sync-socket';

/**
 * The one graphql-ws socket of a signed-in tab (DESIGN §5a "one socket per tab"): replication
 * (when this tab leads), ticket events, connection drops and tenant changes all ride on it, with
 * the sync socket's ping watchdog, reconnects and token refresh. The signed-in area starts it and
 * sign-out stops it; streams subscribed through here follow it across restarts.
 */
interface Running {
  tenant: string;
  socket: SyncSocket;
}

const running$ = new BehaviorSubject<Running | null>(null);
const authCloses = new Subject<number>();

const wsUrlOf = (tenant: string): string => {
  const { protocol, host } = globalThis.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/${encodeURIComponent(tenant)}/graphql`;
};

/** The service worker replays sends queued offline with the freshest token it was told. */
function tellServiceWorker(token: string | null): void {
  if (token) globalThis.navigator?.serviceWorker?.controller?.postMessage({ type: ACCESS_TOKEN_MESSAGE, token });
}

/** The signed-in session's access token for sockets and replication; refreshed when asked to. */
export async function sessionToken(forceRefresh: boolean): Promise<string | null> {
  const token = forceRefresh ? await refreshAccessToken().catch(() => null) : await getAccessToken();
  tellServiceWorker(token);
  return token;
}

/** Starts the tab's socket for this tenant (idempotent); another tenant's socket is closed first. */
export function startTabSocket(tenant: string): SyncSocket {
  const now = running$.getValue();
  if (now?.tenant === tenant) return now.socket;
  if (now) void now.socket.dispose();
  const socket = createSyncSocket({
    url: () => wsUrlOf(tenant),
    getToken: sessionToken,
    onAuthClose: (code) => authCloses.next(code),
  });
  running$.next({ tenant, socket });
  return socket;
}

/** Sign-out: the socket closes and every stream riding on it stops until the next start. */
export function stopTabSocket(): void {
  const now = running$.getValue();
  running$.next(null);
  void now?.socket.dispose();
}

/** The running socket (null when signed out). */
export const tabSocket$: Observable<SyncSocket | null> = running$.pipe(map((running) => running?.socket ?? null));

/** The server closed the socket for the credentials (4401/4403): the signed-in user may have changed. */
export const tabSocketAuthCloses$: Observable<number> = authCloses.asObservable();

/**
 * Subscribes a GraphQL subscription on the tab's socket, now and on every socket started later
 * (sign-in again, another tenant). Returns the unsubscribe.
 */
export function subscribeOnTabSocket<T>(query: string, variables: Record<string, unknown>, sink: SubscriptionSink<T>): () => void {
  let inner: (() => void) | null = null;
  const subscription = running$.subscribe((running) => {
    inner?.();
    inner = running ? running.socket.subscribe<T>(query, variables, sink) : null;
  });
  return () => {
    subscription.unsubscribe();
    inner?.();
    inner = null;
  };
}

/** The status of the tab's socket ('closed' while none runs), and its reconnects. */
export function watchTabSocket(listeners: { status?: (status: SocketStatus) => void; reconnected?: () => void }): () => void {
  let inner: Array<{ unsubscribe: () => void }> = [];
  const subscription = running$.subscribe((running) => {
    for (const sub of inner) sub.unsubscribe();
    inner = [];
    if (!running) return listeners.status?.('closed');
    if (listeners.status) inner.push(running.socket.status$.subscribe(listeners.status));
    if (listeners.reconnected) inner.push(running.socket.reconnected$.subscribe(listeners.reconnected));
  });
  return () => {
    subscription.unsubscribe();
    for (const sub of inner) sub.unsubscribe();
  };
}

/**
 * A view of the tab's socket for one user of it (the replication of a connection): disposing the
 * view ends only the subscriptions made through it, never the socket the other streams share.
 */
export function shareTabSocket(tenant: string): SyncSocket {
  const socket = startTabSocket(tenant);
  const mine = new Set<() => void>();
  return {
    status$: socket.status$,
    reconnected$: socket.reconnected$,
    subscribe<T>(query: string, variables: Record<string, unknown>, sink: SubscriptionSink<T>) {
      const stop = socket.subscribe<T>(query, variables, sink);
      mine.add(stop);
      return () => {
        mine.delete(stop);
        stop();
      };
    },
    terminate: () => socket.terminate(),
    dispose: async () => {
      for (const stop of mine) stop();
      mine.clear();
    },
  };
}

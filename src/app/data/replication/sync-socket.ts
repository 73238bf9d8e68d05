import { createClient, type Client } from 'graphql-ws';
import { BehaviorSubject, Subject, type Observable } from 'rxjs';

/**
 * The one graphql-ws connection of a replicating tab (SPEC §4, §9): ping every 29 s and drop a
 * socket whose pong does not come back, reconnect 1 s after a close, and when a connection
 * cannot be established within 20 checks 300 ms apart, tear it down and reconnect after 1.6 s.
 */
export interface SocketTiming {
  keepAliveMs: number;
  pongTimeoutMs: number;
  reconnectMs: number;
  sendRetryMs: number;
  sendRetries: number;
  delayedReconnectMs: number;
}

export const SPEC_SOCKET_TIMING: SocketTiming = {
  keepAliveMs: 29_000,
  pongTimeoutMs: 10_000,
  reconnectMs: 1_000,
  sendRetryMs: 300,
  sendRetries: 20,
  delayedReconnectMs: 1_600,
};

export type SocketStatus = 'connecting' | 'connected' | 'closed';

export interface SyncSocketOptions {
  /** Read at every connection attempt (a server may come back elsewhere; throwing means offline). */
  url: string | (() => string);
  /** A valid access token; `forceRefresh` after the server refused the previous one. */
  getToken: (forceRefresh: boolean) => Promise<string | null>;
  webSocketImpl?: unknown;
  timing?: Partial<SocketTiming>;
  /**
   * The server closed the socket for the credentials (4401 token expired or scope changed, 4403
   * unauthorized): the tab may re-read its user (a role or department changed, the user was
   * disconnected) besides reconnecting.
   */
  onAuthClose?: (code: number) => void;
}

export interface SubscriptionSink<T> {
  next: (value: T) => void;
  error: (error: unknown) => void;
  complete: () => void;
}

export interface SyncSocket {
  readonly status$: Observable<SocketStatus>;
  /** Emits on every acknowledged connection after the first: what happened meanwhile must be pulled. */
  readonly reconnected$: Observable<void>;
  subscribe<T>(query: string, variables: Record<string, unknown>, sink: SubscriptionSink<T>): () => void;
  /** Drops the current socket (as a network cut would); the client reconnects on its own. */
  terminate(): void;
  dispose(): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const isAuthClose = (event: unknown): boolean => {
  const e = event as { code?: number; reason?: string } | null;
  return !!e && (e.code === 4401 || e.code === 4403 || /expired|unauthori[sz]ed/i.test(e.reason ?? ''));
};

export function createSyncSocket(options: SyncSocketOptions): SyncSocket {
  const timing = { ...SPEC_SOCKET_TIMING, ...options.timing };
  const status$ = new BehaviorSubject<SocketStatus>('connecting');
  const reconnected$ = new Subject<void>();
  let connections = 0;
  let refreshToken = false;
  let nextWaitMs = timing.reconnectMs;
  let pongTimer: ReturnType<typeof setTimeout> | undefined;
  let watchdog: ReturnType<typeof setInterval> | undefined;
  let disposed = false;

  const stopWatchdog = () => {
    if (watchdog) clearInterval(watchdog);
    watchdog = undefined;
  };
  const startWatchdog = () => {
    if (watchdog || disposed) return;
    let checks = 0;
    watchdog = setInterval(() => {
      if (status$.getValue() === 'connected') return stopWatchdog();
      checks += 1;
      if (checks < timing.sendRetries) return;
      stopWatchdog();
      nextWaitMs = timing.delayedReconnectMs;
      client.terminate();
    }, timing.sendRetryMs);
  };

  const client: Client = createClient({
    url: options.url,
    webSocketImpl: options.webSocketImpl,
    lazy: false,
    keepAlive: timing.keepAliveMs,
    retryAttempts: Number.POSITIVE_INFINITY,
    shouldRetry: () => !disposed,
    retryWait: async () => {
      const ms = nextWaitMs;
      nextWaitMs = timing.reconnectMs;
      await sleep(ms);
    },
    onNonLazyError: () => {},
    connectionParams: async () => {
      const token = await options.getToken(refreshToken);
      refreshToken = false;
      return token ? { authorization: `Bearer ${token}` } : {};
    },
    on: {
      connecting: () => {
        status$.next('connecting');
        startWatchdog();
      },
      connected: () => {
        stopWatchdog();
        connections += 1;
        status$.next('connected');
        if (connections > 1) reconnected$.next();
      },
      closed: (event) => {
        if (pongTimer) clearTimeout(pongTimer);
        if (isAuthClose(event)) {
          refreshToken = true;
          if (!disposed) options.onAuthClose?.((event as { code?: number }).code ?? 0);
        }
        if (!disposed) {
          status$.next('closed');
          startWatchdog();
        }
      },
      ping: (received) => {
        if (received) return;
        if (pongTimer) clearTimeout(pongTimer);
        pongTimer = setTimeout(() => client.terminate(), timing.pongTimeoutMs);
      },
      pong: (received) => {
        if (received && pongTimer) clearTimeout(pongTimer);
      },
    },
  });

  return {
    status$: status$.asObservable(),
    reconnected$: reconnected$.asObservable(),
    subscribe<T>(query: string, variables: Record<string, unknown>, sink: SubscriptionSink<T>) {
      return client.subscribe<T>(
        { query, variables },
        {
          next: (result) => {
            if (result.errors?.length) sink.error(result.errors);
            else if (result.data) sink.next(result.data as T);
          },
          error: sink.error,
          complete: sink.complete,
        },
      );
    },
    terminate: () => client.terminate(),
    dispose: async () => {
      disposed = true;
      stopWatchdog();
      if (pongTimer) clearTimeout(pongTimer);
      status$.next('closed');
      status$.complete();
      reconnected$.complete();
      // Disposing while a connection attempt fails rejects with that failure: nothing to report.
      await Promise.resolve(client.dispose()).catch(() => undefined);
    },
  };
}

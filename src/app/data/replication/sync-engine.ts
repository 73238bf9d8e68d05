import { BehaviorSubject, Subscription, type Observable } from 'rxjs';
import { INITIAL_SYNC_STATE, nextSyncState, type SyncSignals, type SyncState } from '../health/sync-state';
import type { LeaderElection } from '../leader/lease-election';
import { REPLICATED, type PedbotDatabase, type ReplicatedName } from '../schema';
import type { ServerDoc } from './documents';
import { startLeaderSession, type LeaderSession, type SyncScope } from './leader-session';
import { SideloadQueue, awaitStored } from './side-load';
import { readSyncScope, rebuildForScope } from './sync-scope';
import type { SocketTiming, SyncSocket } from './sync-socket';
import { SyncRequestError, type SyncTransport } from './transport';

/**
 * The data session of one tab for one (tenant, user, connection): replicates while this tab
 * leads, mirrors the leader's health otherwise, and routes side-loads to whichever tab leads.
 */
export interface SyncEngineOptions {
  db: PedbotDatabase;
  transport: SyncTransport;
  scope: SyncScope;
  /** Absent: this process always replicates (Node, tests, a single-tab browser). */
  election?: LeaderElection;
  /** Tab-to-tab messages (health mirroring, side-load forwarding); needed with an election. */
  channel?: ChannelLike;
  socketTiming?: Partial<SocketTiming>;
  retryTime?: number;
  /** Whether SPEC §9's initial window still has to be loaded for this scope. */
  needsInitialWindow?: () => Promise<boolean>;
  onWindowLoaded?: () => Promise<void>;
  visibleTicketDelayMs?: number;
  now?: () => number;
  createSocket?: () => SyncSocket;
}

interface ChannelLike {
  postMessage(message: unknown): void;
  close(): void;
  onmessage: ((event: MessageEvent) => void) | null;
}

/** How long a rebuild waits for the writes still to push; offline they wait for nothing. */
const REBUILD_PUSH_GRACE_MS = 3_000;

type TabMessage = { t: 'state'; state: SyncState } | { t: 'sideload'; name: ReplicatedName; docs: ServerDoc[] };

export interface SyncEngine {
  readonly state$: Observable<SyncState>;
  readonly db: PedbotDatabase;
  readonly transport: SyncTransport;
  readonly scope: SyncScope;
  isLeader(): boolean;
  /** Puts server documents into the local collections through the replication; resolves once stored. */
  sideload(name: ReplicatedName, docs: readonly ServerDoc[]): Promise<boolean>;
  /** The running replication of this tab (leader only); tests and diagnostics. */
  leader(): LeaderSession | null;
  stop(): Promise<void>;
}

/** Wraps the transport to learn whether requests currently fail for lack of network. */
function trackNetwork(transport: SyncTransport, onResult: (failing: boolean) => void): SyncTransport {
  return {
    ...transport,
    request: async (query, variables, operation) => {
      try {
        const result = await transport.request(query, variables, operation);
        onResult(false);
        return result as never;
      } catch (error) {
        if (error instanceof SyncRequestError && error.kind === 'network') onResult(true);
        throw error;
      }
    },
  };
}

export function startSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { db, scope, election, channel } = options;
  const now = options.now ?? (() => Date.now());
  const names = REPLICATED.filter((name) => !!db.collections[name]);
  const sideloads = new SideloadQueue();
  const state$ = new BehaviorSubject<SyncState>(INITIAL_SYNC_STATE);
  const subs = new Subscription();
  const signals: SyncSignals = {
    socketConnected: false,
    browserOnline: globalThis.navigator?.onLine ?? true,
    active: true,
    requestFailing: false,
    pendingSends: 0,
  };
  let session: LeaderSession | null = null;
  let sessionSubs: Subscription | null = null;
  let starting: Promise<void> = Promise.resolve();
  let stopped = false;

  const publish = () => {
    if (!session) return;
    const state = nextSyncState(state$.getValue(), signals, now());
    state$.next(state);
    channel?.postMessage({ t: 'state', state } satisfies TabMessage);
  };
  const transport = trackNetwork(options.transport, (failing) => {
    if (signals.requestFailing === failing) return;
    signals.requestFailing = failing;
    publish();
  });

  const onOnline = () => {
    signals.browserOnline = true;
    session?.reSync();
    publish();
  };
  const onOffline = () => {
    signals.browserOnline = false;
    publish();
  };
  globalThis.addEventListener?.('online', onOnline);
  globalThis.addEventListener?.('offline', onOffline);

  const lead = async (rebuilt = false) => {
    const initialWindow = rebuilt || ((await options.needsInitialWindow?.()) ?? false);
    const generation = (await readSyncScope(db))?.generation ?? 0;
    if (stopped) return;
    session = startLeaderSession({
      db,
      transport,
      scope,
      names,
      sideloads,
      socketTiming: options.socketTiming,
      retryTime: options.retryTime,
      initialWindow,
      onWindowLoaded: options.onWindowLoaded ?? (async () => {}),
      visibleTicketDelayMs: options.visibleTicketDelayMs,
      createSocket: options.createSocket,
      generation,
      onScopeChanged: (next) => rebuild(next),
    });
    sessionSubs = session.signals$.subscribe((s) => {
      Object.assign(signals, s);
      publish();
    });
  };
  const follow = async () => {
    sessionSubs?.unsubscribe();
    sessionSubs = null;
    const running = session;
    session = null;
    await running?.stop();
  };

  /** The server's scope of this user changed: stop replicating, rebuild the local data for it, lead again. */
  const rebuild = (next: string) => {
    starting = starting.then(async () => {
      if (stopped || !session) return;
      // The rebuild drops the replicated rows: what the user did that is still to push goes first.
      await session.flushPushes(REBUILD_PUSH_GRACE_MS);
      await follow();
      sideloads.clear();
      // A failed rebuild is tried again: the stored scope still differs at the next check.
      let rebuilt = true;
      await rebuildForScope(db, scope, names, next).catch((error: unknown) => {
        rebuilt = false;
        console.error('sync:', error);
      });
      if (!stopped && (election?.isLeader() ?? true)) await lead(rebuilt);
    });
  };

  if (channel) {
    channel.onmessage = (event: MessageEvent) => {
      const message = event.data as TabMessage;
      if (message.t === 'state' && !session) state$.next(message.state);
      if (message.t === 'sideload' && session) {
        sideloads.add(message.name, message.docs);
        session.reSync([message.name]);
      }
    };
  }

  if (election) {
    subs.add(
      election.isLeader$.subscribe((leading) => {
        starting = starting.then(() => (leading && !stopped ? lead() : follow()));
      }),
    );
  } else {
    starting = lead();
  }

  return {
    state$: state$.asObservable(),
    db,
    transport,
    scope,
    isLeader: () => !!session,
    leader: () => session,
    sideload: async (name, docs) => {
      if (docs.length === 0) return true;
      if (session) {
        sideloads.add(name, docs);
        session.reSync([name]);
      } else {
        channel?.postMessage({ t: 'sideload', name, docs: [...docs] } satisfies TabMessage);
      }
      return awaitStored(db, name, docs);
    },
    stop: async () => {
      stopped = true;
      subs.unsubscribe();
      globalThis.removeEventListener?.('online', onOnline);
      globalThis.removeEventListener?.('offline', onOffline);
      await starting;
      await follow();
      state$.complete();
    },
  };
}

import { BehaviorSubject, Subscription, auditTime, bufferTime, combineLatest, filter, map, merge, type Observable } from 'rxjs';
import { fetchInitialWindow } from '../history/fetch-history';
import { markRejected } from '../messages/outgoing';
import { reconcileConfirmed, reconcileStored } from '../messages/reconcile';
import type { CustomerChatDoc, PedbotDatabase, ReplicatedName } from '../schema';
import { temporaryMessagesQuery } from '../queries/temporary-messages';
import { REPLICATED_SPECS } from './documents';
import { replicateCollection, type CollectionReplication } from './replicate-collection';
import type { SideloadQueue } from './side-load';
import { fetchSyncScope, identifierFor, readSyncScope, scopeSeesEveryTicket, storeSyncScope } from './sync-scope';
import { followTicketArrivals, messagesMayPull } from './ticket-arrivals';
import { createSyncSocket, type SocketTiming, type SyncSocket } from './sync-socket';
import type { SyncTransport } from './transport';

/**
 * What the replicating tab runs: one socket, one replication per collection, and the reactions
 * to what arrives: confirmed messages replace temporary ones, a ticket tombstone drops the
 * ticket's messages and reactions, a ticket that becomes visible gets its latest messages, and a
 * fresh scope loads SPEC §9's initial window first.
 */
export interface SyncScope {
  tenant: string;
  userId: string;
  instanceId: string;
}

export interface LeaderSessionOptions {
  db: PedbotDatabase;
  transport: SyncTransport;
  scope: SyncScope;
  names: readonly ReplicatedName[];
  sideloads: SideloadQueue;
  socketTiming?: Partial<SocketTiming>;
  retryTime?: number;
  /** Load the initial window before the feed catches up (fresh scopes only). */
  initialWindow: boolean;
  onWindowLoaded: () => Promise<void>;
  /** Delay before checking whether a newly visible ticket has messages (the feed may bring them). */
  visibleTicketDelayMs?: number;
  /** Replaces the graphql-ws socket (model-based tests drive streams without a network). */
  createSocket?: () => SyncSocket;
  /** The rebuilds of this database so far (sync-scope.ts): part of the replication identifiers. */
  generation?: number;
  /**
   * Called once when the server's scope of this user (role, department, use of the connection)
   * differs from the one the local data was pulled under; the session should then be stopped and
   * the data rebuilt. Without it the scope is not checked.
   */
  onScopeChanged?: (next: string) => void;
}

export interface LeaderSignals {
  socketConnected: boolean;
  active: boolean;
  pendingSends: number;
  /** Documents stored by the first pulls of a fresh scope until they are done, else null. */
  initialReceived: number | null;
}

export interface LeaderSession {
  readonly signals$: Observable<LeaderSignals>;
  readonly replications: ReadonlyMap<ReplicatedName, CollectionReplication>;
  readonly socket: SyncSocket;
  /** Makes every replication pull now (side-loaded documents ride on that pull). */
  reSync(names?: readonly ReplicatedName[]): void;
  awaitInSync(): Promise<void>;
  /**
   * Gives the local writes not pushed yet (a ticket viewed offline, a send) up to `timeoutMs` to
   * reach the server, before a rebuild drops their rows: the push of a session that just started
   * may not have run yet, and a failed one waits for its retry.
   */
  flushPushes(timeoutMs: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * On a fresh scope the tickets' and the customers' first pulls wait this long at most for the initial window, whose
 * tickets and customers go in meanwhile as pages of their own: the server answers a tenant's requests one at a time
 * on the embedded database, and their 1,000-document pages held up the window's small requests, then its documents,
 * which rode on them. Settings and reactions are not held: their pulls are small, and screens read settings from the
 * start.
 */
export const WINDOW_FIRST_MS = 1_500;
const WAIT_FOR_WINDOW: ReadonlySet<ReplicatedName> = new Set(['chattickets', 'customers']);

export function startLeaderSession(options: LeaderSessionOptions): LeaderSession {
  const { db, transport, scope, sideloads } = options;
  let windowFetched = () => {};
  const windowOrTimeout = options.initialWindow
    ? new Promise<void>((resolve) => {
        windowFetched = resolve;
        setTimeout(resolve, WINDOW_FIRST_MS);
      })
    : null;
  const generation = options.generation ?? 0;
  const subs = new Subscription();
  const socket =
    options.createSocket?.() ??
    createSyncSocket({
      url: () => transport.wsUrl(),
      getToken: transport.getToken,
      webSocketImpl: transport.webSocketImpl,
      timing: options.socketTiming,
    });
  const replications = new Map<ReplicatedName, CollectionReplication>();
  const ticketsReadFirst = new Set<string>();
  for (const name of options.names) {
    replications.set(
      name,
      replicateCollection({
        collection: db[name],
        spec: REPLICATED_SPECS[name],
        transport,
        socket,
        instanceId: scope.instanceId,
        identifier: identifierFor(scope, name, generation),
        takeSideloaded: () => sideloads.take(db, name),
        onRejected: (id, error) => markRejected(db, id, error.message),
        retryTime: options.retryTime,
        tombstonesThroughPull: name === 'chattickets',
        firstPullReads: name === 'chattickets' ? ticketsReadFirst : undefined,
        beforeFirstPull:
          name === 'customerchats'
            ? async () => {
                const tickets = replications.get('chattickets');
                if (tickets) await messagesMayPull(db, tickets, identifierFor(scope, 'chattickets', generation));
              }
            : windowOrTimeout && WAIT_FOR_WINDOW.has(name)
              ? () => windowOrTimeout
              : undefined,
      }),
    );
  }
  let stopped = false;
  // Work still in flight when the session stops meets a closed database; anything else is a bug.
  const unlessStopped = (error: unknown) => {
    if (!stopped) console.error('sync:', error);
  };
  const messages = replications.get('customerchats');
  const tickets = replications.get('chattickets');

  if (messages) {
    void reconcileStored(db).catch(unlessStopped);
    subs.add(
      messages.state.received$
        .pipe(
          bufferTime(50),
          filter((docs) => docs.length > 0),
        )
        .subscribe((docs) => void reconcileConfirmed(db, docs as unknown as CustomerChatDoc[]).catch(unlessStopped)),
    );
  }

  if (messages && tickets) {
    subs.add(
      followTicketArrivals({
        db,
        transport,
        sideloads,
        tickets,
        messages,
        identifier: identifierFor(scope, 'chattickets', generation),
        messagesIdentifier: identifierFor(scope, 'customerchats', generation),
        ticketsReadFirst,
        delayMs: options.visibleTicketDelayMs ?? 1_500,
        seesEveryTicket: async () => scopeSeesEveryTicket((await readSyncScope(db))?.scope),
        onError: unlessStopped,
      }),
    );
  }

  if (options.onScopeChanged) {
    const onScopeChanged = options.onScopeChanged;
    // After every connection of the socket, not only at start: the server closes a socket whose
    // user's scope changed, so a change after an answer here is always followed by another check.
    let checking = false;
    let checkAgain = false;
    let changed = false;
    const check = async (): Promise<void> => {
      if (checking) {
        checkAgain = true;
        return;
      }
      checking = true;
      try {
        const current = await fetchSyncScope(transport, scope.instanceId);
        if (current === null || stopped || changed) return;
        const stored = await readSyncScope(db);
        if (!stored || stored.scope === null) {
          await storeSyncScope(db, { scope: current, generation });
        } else if (stored.scope !== current) {
          changed = true;
          onScopeChanged(current);
        }
      } catch {
        // Offline or refused: the next connection of the socket asks again.
      } finally {
        checking = false;
        if (checkAgain && !stopped && !changed) {
          checkAgain = false;
          void check();
        }
      }
    };
    void check();
    subs.add(socket.status$.pipe(filter((status) => status === 'connected')).subscribe(() => void check()));
  }

  if (options.initialWindow && tickets) {
    // Each part rides on its collection's next pull as soon as it is fetched: the lists first,
    // then each ticket's messages, so the first screen does not wait for the whole window.
    void fetchInitialWindow(transport, scope.instanceId, (window) => {
      if (stopped) return;
      for (const name of ['customers', 'chattickets', 'customerchats'] as const) {
        const docs = window[name];
        if (!docs?.length || !replications.has(name)) continue;
        sideloads.add(name, docs);
        replications.get(name)?.pullNow();
      }
    })
      .then(() => {
        windowFetched();
        return options.onWindowLoaded();
      })
      .catch(() => windowFetched());
  }

  // The progress of a fresh scope's first pulls, for the indicator: documents stored so far,
  // counted as they land and told at most four times a second; null once every first pull is done.
  const initialReceived$ = new BehaviorSubject<number | null>(null);
  if (options.initialWindow) {
    let received = 0;
    initialReceived$.next(0);
    const counting = merge(...[...replications.values()].map((r) => r.state.received$))
      .pipe(
        map(() => (received += 1)),
        auditTime(250),
      )
      .subscribe((count) => {
        if (initialReceived$.getValue() !== null) initialReceived$.next(count);
      });
    subs.add(counting);
    void Promise.all([...replications.values()].map((r) => r.state.awaitInitialReplication()))
      .catch(() => undefined)
      .then(() => {
        counting.unsubscribe();
        initialReceived$.next(null);
      });
  }

  const active$ = combineLatest([...replications.values()].map((r) => r.state.active$)).pipe(map((all) => all.some(Boolean)));
  // A send the server refused (ack -1) stays, shown failed, but waits for nothing: counted, it
  // kept the health at "Sincronizando…" for good (a send on a ticket transferred away meanwhile).
  const pending$ = messages
    ? temporaryMessagesQuery(db).$.pipe(map((docs) => docs.filter((doc) => doc.ack >= 0).length))
    : new BehaviorSubject(0);
  const signals$ = combineLatest([socket.status$, active$, pending$, initialReceived$]).pipe(
    map(([status, active, pendingSends, initialReceived]) => ({ socketConnected: status === 'connected', active, pendingSends, initialReceived })),
  );

  return {
    signals$,
    replications,
    socket,
    reSync: (names) => {
      for (const [name, replication] of replications) if (!names || names.includes(name)) replication.pullNow();
    },
    awaitInSync: async () => {
      await Promise.all([...replications.values()].map((r) => r.state.awaitInSync()));
    },
    flushPushes: async (timeoutMs) => {
      const pushing = [...replications]
        .filter(([name]) => REPLICATED_SPECS[name].pushable)
        .map(([, replication]) => {
          replication.state.reSync();
          return replication.state.awaitInSync();
        });
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
      await Promise.race([Promise.all(pushing).catch(() => undefined), late]);
      clearTimeout(timer);
    },
    stop: async () => {
      stopped = true;
      subs.unsubscribe();
      await Promise.all([...replications.values()].map((r) => r.state.cancel()));
      await socket.dispose();
    },
  };
}

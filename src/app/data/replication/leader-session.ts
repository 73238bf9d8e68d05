import { BehaviorSubject, Subscription, bufferTime, combineLatest, filter, map, type Observable } from 'rxjs';
import { fetchInitialWindow } from '../history/fetch-history';
import { markRejected } from '../messages/outgoing';
import { reconcileConfirmed, reconcileStored } from '../messages/reconcile';
import type { CustomerChatDoc, PedbotDatabase, ReplicatedName } from '../schema';
import { temporaryMessagesQuery } from '../queries/temporary-messages';
import { REPLICATED_SPECS } from './documents';
import { replicateCollection, type CollectionReplication } from './replicate-collection';
import type { SideloadQueue } from './side-load';
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
}

export interface LeaderSignals {
  socketConnected: boolean;
  active: boolean;
  pendingSends: number;
}

export interface LeaderSession {
  readonly signals$: Observable<LeaderSignals>;
  readonly replications: ReadonlyMap<ReplicatedName, CollectionReplication>;
  readonly socket: SyncSocket;
  /** Makes every replication pull now (side-loaded documents ride on that pull). */
  reSync(names?: readonly ReplicatedName[]): void;
  awaitInSync(): Promise<void>;
  stop(): Promise<void>;
}

export const identifierFor = (scope: SyncScope, name: ReplicatedName): string =>
  `pedbot|${scope.tenant}|${scope.userId}|${scope.instanceId}|${name}`;

export function startLeaderSession(options: LeaderSessionOptions): LeaderSession {
  const { db, transport, scope, sideloads } = options;
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
  for (const name of options.names) {
    replications.set(
      name,
      replicateCollection({
        collection: db[name],
        spec: REPLICATED_SPECS[name],
        transport,
        socket,
        instanceId: scope.instanceId,
        identifier: identifierFor(scope, name),
        takeSideloaded: (upstreamSettled) => sideloads.take(db, name, upstreamSettled),
        onRejected: (id, error) => markRejected(db, id, error.message),
        retryTime: options.retryTime,
        tombstonesThroughPull: name === 'chattickets',
        beforeFirstPull:
          name === 'customerchats'
            ? async () => {
                const tickets = replications.get('chattickets');
                if (tickets) await messagesMayPull(db, tickets, identifierFor(scope, 'chattickets'));
              }
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
        identifier: identifierFor(scope, 'chattickets'),
        delayMs: options.visibleTicketDelayMs ?? 1_500,
        onError: unlessStopped,
      }),
    );
  }

  if (options.initialWindow && tickets) {
    void fetchInitialWindow(transport, scope.instanceId)
      .then(async (window) => {
        for (const name of ['customers', 'chattickets', 'customerchats'] as const) {
          if (replications.has(name)) sideloads.add(name, window[name]);
        }
        for (const name of ['customers', 'chattickets', 'customerchats'] as const) replications.get(name)?.state.reSync();
        await options.onWindowLoaded();
      })
      .catch(() => undefined);
  }

  const active$ = combineLatest([...replications.values()].map((r) => r.state.active$)).pipe(map((all) => all.some(Boolean)));
  const pending$ = messages
    ? temporaryMessagesQuery(db).$.pipe(map((docs) => docs.length))
    : new BehaviorSubject(0);
  const signals$ = combineLatest([socket.status$, active$, pending$]).pipe(
    map(([status, active, pendingSends]) => ({ socketConnected: status === 'connected', active, pendingSends })),
  );

  return {
    signals$,
    replications,
    socket,
    reSync: (names) => {
      for (const [name, replication] of replications) if (!names || names.includes(name)) replication.state.reSync();
    },
    awaitInSync: async () => {
      await Promise.all([...replications.values()].map((r) => r.state.awaitInSync()));
    },
    stop: async () => {
      stopped = true;
      subs.unsubscribe();
      await Promise.all([...replications.values()].map((r) => r.state.cancel()));
      await socket.dispose();
    },
  };
}

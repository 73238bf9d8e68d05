import type { RxCollection, RxDocument, RxReplicationWriteToMasterRow } from 'rxdb';
import { replicateRxCollection } from 'rxdb/plugins/replication';
import { Observable, combineLatest, filter, firstValueFrom, merge, map } from 'rxjs';
import { PUSH_BATCH_MAX } from '../../../shared/domain/sync-batches';
import { fromServer, toServer, type ReplicatedSpec, type ServerDoc } from './documents';
import { startFeedPull, type FeedEvent, type FeedPage } from './feed-pull';
import type { SyncSocket } from './sync-socket';
import { SyncRequestError, type SyncTransport } from './transport';

/**
 * One collection's replication over the sync protocol (sync.graphql, DESIGN §4):
 * (1) pull<X>(checkpoint, limit, instance_id) from the stored checkpoint;
 * (2) stream<X>(instance_id) over graphql-ws, whose first emission of every (re)subscription is
 *     the RESYNC marker, and every socket reconnect also forces a RESYNC;
 * (3) push<X>(rows), answering conflicts (the server's master state, adopted locally);
 * (4) side-loaded documents (older history, the initial window) ride on the next pull answer,
 *     so they enter as server states through the pull, never as local writes.
 * The pull is `feed-pull.ts`: the server's state is written as it comes, with none of the
 * replication meta RxDB's own downstream keeps per pulled document for its push (a second write
 * of every document, and its reads). RxDB's replication runs only the push of the collections
 * that have one: a send (a new message) and a ticket viewed here (`view_pending`, documents.ts).
 */
export interface Checkpoint {
  id: string;
  position: number;
}

/**
 * The server's largest page (MAX_PULL_LIMIT): every answer costs an IndexedDB transaction, so
 * larger pages apply faster (in Chromium, 1000 instead of 500 doubled the initial sync rate;
 * tests/bench/client-sync-browser.ts).
 */
export const PULL_BATCH_SIZE = 1000;
export const PUSH_BATCH_SIZE = PUSH_BATCH_MAX;

/** The local document holding the checkpoint of a collection's pull. */
export const feedCheckpointKey = (identifier: string): string => `pull|${identifier}`;

// RxDB's collection generics differ per document type; this module handles them alike.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyCollection = RxCollection<any>;

export interface CollectionReplicationOptions {
  collection: AnyCollection;
  spec: ReplicatedSpec;
  transport: SyncTransport;
  socket: SyncSocket;
  instanceId: string;
  /** Unique per (tenant, user, connection, collection) so each resumes from its own checkpoint. */
  identifier: string;
  /** Documents waiting to ride on the next pull answer. */
  takeSideloaded: () => Promise<ServerDoc[]>;
  /** A send the server refused for good (validation, forbidden characters). */
  onRejected: (docId: string, error: SyncRequestError) => Promise<void>;
  retryTime?: number;
  /** Awaited before the first pull (the messages wait for the tickets on an empty database). */
  beforeFirstPull?: () => Promise<void>;
  /**
   * A tombstone answering a push (the row left this user's view meanwhile) rides on the next
   * pull answer instead of being RxDB's conflict resolution, so that it reaches `received$`
   * like every other tombstone: the tickets' listeners drop the messages with the ticket.
   */
  tombstonesThroughPull?: boolean;
  /**
   * Filled with the ids of the documents of every page read before the first pull's last answer
   * (pages side-loaded while it waited for its gate included): what the server held before
   * anything that waits for `firstPullFetched` read it.
   */
  firstPullReads?: Set<string>;
}

/** What the session and tests use of a replication, whichever way it pulls (RxDB's own interface). */
export interface ReplicationControl {
  /** Every document stored from the server, once stored. */
  readonly received$: Observable<unknown>;
  readonly active$: Observable<boolean>;
  reSync(): void;
  awaitInitialReplication(): Promise<void>;
  awaitInSync(): Promise<unknown>;
  // RxDB's documents are typed per collection; this module handles them alike.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  awaitDocumentPushed(doc: RxDocument<any>): Promise<void>;
  cancel(): Promise<unknown>;
}

export interface CollectionReplication {
  state: ReplicationControl;
  /** Resolves once the pull answers received so far are applied. */
  pullSettled: () => Promise<unknown>;
  /**
   * Resolves once the first pull got its last answer, which may not be applied yet. Pages of documents side-loaded
   * before that pull do not count: RxDB's own first sync is done after the first of them.
   */
  firstPullFetched: () => Promise<void>;
  /** The latest checkpoint this replication saw (for diagnostics and tests). */
  lastCheckpoint: () => Checkpoint | null;
  /**
   * Pulls now: side-loaded documents ride on that pull, or go in at once as a page of their own while the first
   * pull waits for its gate.
   */
  pullNow: () => void;
}

const normalize = (checkpoint: unknown): Checkpoint | null => {
  const cp = checkpoint as Partial<Checkpoint> | null | undefined;
  return cp && typeof cp.id === 'string' && typeof cp.position === 'number' ? { id: cp.id, position: cp.position } : null;
};

interface PullBulk {
  documents: ServerDoc[];
  checkpoint: Checkpoint | null;
  resync?: boolean;
}

function streamOf(options: CollectionReplicationOptions): Observable<FeedEvent> {
  const { spec, socket, instanceId } = options;
  const field = `stream${spec.typeName}`;
  const query = `subscription Stream${spec.typeName}($instance_id: ID!) {
    ${field}(instance_id: $instance_id) { documents { ${spec.fields} } checkpoint { id position } resync }
  }`;
  const events = new Observable<FeedEvent>((subscriber) => {
    let stopped = false;
    let unsubscribe: () => void = () => {};
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = () => {
      unsubscribe = socket.subscribe<Record<string, PullBulk>>(query, { instance_id: instanceId }, {
        next: (data) => {
          const bulk = data[field];
          if (!bulk) return;
          const checkpoint = normalize(bulk.checkpoint);
          if (bulk.resync || !checkpoint) subscriber.next('RESYNC');
          else subscriber.next({ documents: bulk.documents, checkpoint });
        },
        // A refused or ended subscription is retried; whatever changed meanwhile is pulled on RESYNC.
        error: () => restart(),
        complete: () => restart(),
      });
    };
    const restart = () => {
      if (stopped) return;
      timer = setTimeout(start, 1_000);
    };
    start();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      unsubscribe();
    };
  });
  const reconnects = socket.reconnected$.pipe(map(() => 'RESYNC' as const));
  return merge(events, reconnects);
}

export function replicateCollection(options: CollectionReplicationOptions): CollectionReplication {
  const { spec, transport, instanceId } = options;
  let last: Checkpoint | null = null;
  const remember = (checkpoint: Checkpoint | null) => {
    if (checkpoint && (!last || checkpoint.position > last.position || (checkpoint.position === last.position && checkpoint.id > last.id))) {
      last = checkpoint;
    }
  };

  const pullQuery = `query Pull${spec.typeName}($checkpoint: ${spec.typeName}CheckpointInput, $limit: Int!, $instance_id: ID!) {
    pull${spec.typeName}(checkpoint: $checkpoint, limit: $limit, instance_id: $instance_id) {
      documents { ${spec.fields} } checkpoint { id position }
    }
  }`;
  const pushQuery = `mutation Push${spec.typeName}($rows: [${spec.typeName}PushRow!]!) {
    push${spec.typeName}(rows: $rows) { ${spec.fields} }
  }`;

  const pushRows = async (rows: RxReplicationWriteToMasterRow<unknown>[]): Promise<ServerDoc[]> => {
    const data = await transport.request<Record<string, ServerDoc[]>>(pushQuery, { rows }, `push${spec.typeName}`);
    return data[`push${spec.typeName}`] ?? [];
  };

  /** Push answers held for the next pull answer (`tombstonesThroughPull`), by id. */
  const answeredTombstones = new Map<string, ServerDoc>();
  let pullNow = () => {};
  const conflictsOf = (answered: ServerDoc[]): ServerDoc[] => {
    if (!options.tombstonesThroughPull) return answered;
    const held = answered.filter((doc) => doc._deleted === true);
    if (held.length === 0) return answered;
    for (const doc of held) answeredTombstones.set(doc.id, doc);
    // RxDB holds pulls back while a push runs: this one starts once the push is settled.
    pullNow();
    return answered.filter((doc) => doc._deleted !== true);
  };

  let firstPullAllowed: Promise<void> | undefined;
  let gateOpen = !options.beforeFirstPull;
  /** Wakes a first pull waiting for its gate: documents were side-loaded meanwhile. */
  let nudge = () => {};
  let fetchedAll!: () => void;
  let fetched = false;
  const firstPullFetched = new Promise<void>((resolve) => {
    fetchedAll = () => {
      fetched = true;
      resolve();
    };
  });
  const noted = (page: FeedPage): FeedPage => {
    if (!fetched && options.firstPullReads) for (const doc of page.documents) options.firstPullReads.add(doc.id);
    return page;
  };
  /** One page of the feed after `from`, with the side-loaded documents riding on it. */
  const pullPage = async (from: Checkpoint | null, limit: number): Promise<FeedPage> => {
    firstPullAllowed ??= (options.beforeFirstPull?.() ?? Promise.resolve()).then(() => {
      gateOpen = true;
    });
    // While the first pull waits (the messages wait for every ticket page on an empty database,
    // seconds on a large account), side-loaded documents do not: the initial window's tickets and
    // messages are what the first screen shows. They go in as a page of their own at the same checkpoint.
    while (!gateOpen) {
      const sideloaded = await options.takeSideloaded();
      if (sideloaded.length > 0) return noted({ documents: sideloaded, checkpoint: from, more: true, beforeFirstPull: true });
      await Promise.race([firstPullAllowed, new Promise<void>((resolve) => (nudge = resolve))]);
    }
    const data = await transport.request<Record<string, PullBulk>>(pullQuery, {
      checkpoint: from,
      limit,
      instance_id: instanceId,
    });
    const bulk = data[`pull${spec.typeName}`];
    const answered = normalize(bulk?.checkpoint) ?? from;
    remember(answered);
    const sideloaded = await options.takeSideloaded();
    sideloaded.push(...answeredTombstones.values());
    answeredTombstones.clear();
    const pulled = bulk?.documents ?? [];
    // The later copy in the list wins: a side-loaded one must not undo a newer state in this answer.
    // At the same state it stays, as it was read with the viewer's current visibility (a
    // ticket back in view) where the answer may still carry that row's tombstone.
    const newest = new Map(pulled.map((doc) => [doc.id, doc.updatedAt ?? 0]));
    const fresher = sideloaded.filter((doc) => (newest.get(doc.id) ?? -1) <= (doc.updatedAt ?? 0));
    return noted({ documents: [...pulled, ...fresher], checkpoint: answered, more: pulled.length >= limit });
  };

  const push = spec.pushable
    ? {
        batchSize: PUSH_BATCH_SIZE,
        modifier: (doc: unknown) => toServer(spec.name, doc as Record<string, unknown>),
        handler: async (rows: RxReplicationWriteToMasterRow<unknown>[]) => {
          try {
            return conflictsOf(await pushRows(rows)).map((doc) => fromServer(spec.name, doc)) as never[];
          } catch (error) {
            if (!(error instanceof SyncRequestError) || error.kind !== 'final') throw error;
            // One refused row must not hold back the others: push them one by one.
            const conflicts: ServerDoc[] = [];
            for (const row of rows) {
              try {
                conflicts.push(...(await pushRows([row])));
              } catch (rowError) {
                if (!(rowError instanceof SyncRequestError) || rowError.kind !== 'final') throw rowError;
                await options.onRejected((row.newDocumentState as unknown as { id: string }).id, rowError);
              }
            }
            return conflictsOf(conflicts).map((doc) => fromServer(spec.name, doc)) as never[];
          }
        },
      }
    : undefined;

  const common = {
    replicationIdentifier: options.identifier,
    collection: options.collection,
    live: true,
    retryTime: options.retryTime ?? 5_000,
    waitForLeadership: false,
    autoStart: true,
  };

  const pushState = push ? replicateRxCollection<unknown, Checkpoint>({ ...common, push }) : null;
  const internal = async () => {
    await pushState?.startPromise;
    return pushState?.internalReplicationState;
  };
  const feed = startFeedPull({
    collection: options.collection,
    name: spec.name,
    checkpointKey: feedCheckpointKey(options.identifier),
    fetchPage: async (from) => {
      const page = await pullPage(from, PULL_BATCH_SIZE);
      if (!page.more) fetchedAll();
      return page;
    },
    writeContext: internal().then((state) => state?.downstreamBulkWriteFlag ?? 'pedbot-feed-pull'),
    pushIdle: pushState
      ? async () => {
          const state = await internal();
          // Completes without an idle emission when the replication is canceled meanwhile.
          if (state) await firstValueFrom(state.events.active.up.pipe(filter((up) => !up)), { defaultValue: false });
        }
      : undefined,
    retryTime: common.retryTime,
    onError: (error) => console.error('sync:', error),
  });
  const sub = streamOf(options).subscribe((event) => {
    if (event !== 'RESYNC') remember(event.checkpoint);
    // RxDB's upstream also runs again on RESYNC (it looks for local writes it missed).
    if (event === 'RESYNC') pushState?.reSync();
    feed.add(event);
  });
  const state: ReplicationControl = {
    received$: feed.received$,
    active$: pushState ? combineLatest([feed.active$, pushState.active$]).pipe(map(([down, up]) => down || up)) : feed.active$,
    reSync: () => {
      pushState?.reSync();
      feed.reSync();
      nudge();
    },
    awaitInitialReplication: async () => {
      await Promise.all([feed.awaitInitialReplication(), pushState?.awaitInitialReplication()]);
    },
    awaitInSync: () => Promise.all([feed.awaitInSync(), pushState?.awaitInSync()]),
    awaitDocumentPushed: async (doc) => {
      if (!pushState) throw new Error(`${spec.name} is never pushed`);
      await pushState.awaitDocumentPushed(doc);
    },
    cancel: async () => {
      sub.unsubscribe();
      await Promise.all([feed.cancel(), pushState?.cancel()]);
    },
  };
  pullNow = state.reSync;
  return {
    state,
    pullSettled: () => feed.settled(),
    firstPullFetched: () => firstPullFetched,
    lastCheckpoint: () => last,
    pullNow,
  };
}

import {
  deepEqual,
  getWrittenDocumentsFromBulkWriteResponse,
  type BulkWriteRow,
  type RxCollection,
  type RxDocumentData,
  type RxStorageWriteErrorConflict,
} from 'rxdb';
import { BehaviorSubject, Subject, type Observable } from 'rxjs';
import { fromServer, type ServerDoc } from './documents';
import type { ReplicatedName } from '../schema';
import { SyncRequestError } from './transport';

/**
 * The pull of every replicated collection: the server's state always wins. RxDB's downstream
 * keeps a second copy of every pulled document (its assumed master state) so that its push can
 * tell local edits from pulled states; writing it doubled the IndexedDB work of an initial sync.
 * Here the one local edit of a server document, a ticket viewed here, carries its own mark
 * (`view_pending`), and a pulled state may replace it before the push's answer comes: the push
 * took the edit from its change event, and the server's answer and stream bring the viewed
 * state back. This loop follows RxDB's downstream otherwise: a RESYNC pulls from the stored
 * checkpoint until a short page, stream events are applied in order and dropped when a pull
 * started after them, and received documents are emitted once stored.
 */
export interface FeedCheckpoint {
  id: string;
  position: number;
}

export interface FeedPage {
  documents: ServerDoc[];
  checkpoint: FeedCheckpoint | null;
  /** Whether the feed may hold more after this page (it came full). */
  more: boolean;
  /** A page of side-loaded documents only, taken while the first pull waits for its gate. */
  beforeFirstPull?: boolean;
}

export type FeedEvent = { documents: ServerDoc[]; checkpoint: FeedCheckpoint } | 'RESYNC';

export interface FeedPullOptions {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  collection: RxCollection<any>;
  name: ReplicatedName;
  /** The local document holding this feed's checkpoint. */
  checkpointKey: string;
  fetchPage: (checkpoint: FeedCheckpoint | null) => Promise<FeedPage>;
  /**
   * The storage write context of the applied documents. A push replication of the same
   * collection passes its downstream's, so that its upstream skips them as pulled states.
   */
  writeContext: Promise<string>;
  /** Server events wait while a push runs, as RxDB's downstream does. */
  pushIdle?: () => Promise<unknown>;
  retryTime: number;
  onError: (error: unknown) => void;
}

export interface FeedPull {
  readonly received$: Observable<RxDocumentData<unknown>>;
  readonly active$: Observable<boolean>;
  /** A stream emission: documents with their checkpoint, or RESYNC. */
  add(event: FeedEvent): void;
  reSync(): void;
  awaitInitialReplication(): Promise<void>;
  awaitInSync(): Promise<void>;
  /** Resolves once the tasks queued so far are applied. */
  settled(): Promise<void>;
  cancel(): Promise<void>;
}

interface CheckpointDoc {
  checkpoint: FeedCheckpoint | null;
}

const stateOf = (doc: Record<string, unknown>): Record<string, unknown> => {
  const { _meta: _m, _rev: _r, _attachments: _a, ...state } = doc;
  return state;
};

export function startFeedPull(options: FeedPullOptions): FeedPull {
  const { collection, name } = options;
  const primaryPath = collection.schema.primaryPath as string;
  const received$ = new Subject<RxDocumentData<unknown>>();
  const active$ = new BehaviorSubject(true);
  let stopped = false;
  let firstDone!: () => void;
  const first = new Promise<void>((resolve) => (firstDone = resolve));
  // Not registered as a mutable write context: RxDB then stamps every row as a first revision,
  // previous or not, and a document cache holding a local edit (a viewed ticket, revision 2) takes
  // the pulled state written over it for an older one and keeps showing the edit.
  const context = options.writeContext;

  let current: Promise<FeedCheckpoint | null> = collection.database
    .getLocal<CheckpointDoc>(options.checkpointKey)
    .then((doc) => doc?.toJSON().data.checkpoint ?? null);

  // Writes run one after the other; pages pulled meanwhile merge into the next one (later wins).
  // After a failed write no later checkpoint is stored until a RESYNC pulled the lost documents again.
  let writes: Promise<void> = Promise.resolve();
  let failed = false;
  const pending = new Map<string, ServerDoc>();
  let pendingCheckpoint: FeedCheckpoint | null = null;

  const apply = async (docs: ServerDoc[]): Promise<void> => {
    const ctx = await context;
    const storage = collection.storageInstance;
    const next = new Map<string, RxDocumentData<unknown>>();
    const rows: BulkWriteRow<unknown>[] = docs.map((raw) => {
      const document = fromServer(name, raw) as unknown as RxDocumentData<unknown>;
      document._attachments = {};
      next.set(raw.id, document);
      return { document };
    });
    // Inserted without reading first: on a fresh database nearly every document is new, and
    // the storage reports those it already holds, to be written over unless they are equal.
    let result = await storage.bulkWrite(rows, ctx);
    let written = getWrittenDocumentsFromBulkWriteResponse(primaryPath, rows, result);
    for (;;) {
      for (const doc of written) received$.next(doc);
      const retry: BulkWriteRow<unknown>[] = [];
      for (const error of result.error) {
        const conflict = error as RxStorageWriteErrorConflict<unknown>;
        if (error.status !== 409 || !conflict.documentInDb) throw new Error(`sync: ${name} write failed (${error.status})`);
        const document = next.get(error.documentId)!;
        if (deepEqual(stateOf(conflict.documentInDb as never), stateOf(document as never))) continue;
        retry.push({ previous: conflict.documentInDb, document });
      }
      if (retry.length === 0 || stopped) return;
      result = await storage.bulkWrite(retry, ctx);
      written = getWrittenDocumentsFromBulkWriteResponse(primaryPath, retry, result);
    }
  };

  const flush = async (): Promise<void> => {
    if (stopped || pending.size === 0) return;
    const docs = [...pending.values()];
    const checkpoint = pendingCheckpoint;
    pending.clear();
    await apply(docs);
    if (stopped || failed) return;
    current = Promise.resolve(checkpoint);
    await collection.database.upsertLocal<CheckpointDoc>(options.checkpointKey, { checkpoint });
  };

  const persist = (docs: readonly ServerDoc[], checkpoint: FeedCheckpoint | null): void => {
    for (const doc of docs) pending.set(doc.id, doc);
    pendingCheckpoint = checkpoint;
    writes = writes.then(flush).catch((error: unknown) => {
      if (stopped) return;
      options.onError(error);
      failed = true;
      setTimeout(() => add('RESYNC'), options.retryTime);
    });
  };

  // A failed pull is retried after `retryTime`, or sooner when the browser is back online or a
  // RESYNC is asked for.
  let wake: (() => void) | null = null;
  const pause = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        globalThis.removeEventListener?.('online', done);
        wake = null;
        resolve();
      };
      const timer = setTimeout(done, options.retryTime);
      globalThis.addEventListener?.('online', done);
      wake = done;
    });

  const fetchPage = async (checkpoint: FeedCheckpoint | null): Promise<FeedPage | null> => {
    while (!stopped) {
      try {
        return await options.fetchPage(checkpoint);
      } catch (error) {
        if (!(error instanceof SyncRequestError)) options.onError(error);
        await pause();
      }
    }
    return null;
  };

  // Tasks are numbered as they arrive; a stream event numbered before the last pull request
  // started is already covered by that pull.
  let clock = 0;
  let lastPullAt = -1;
  const open: { at: number; event: FeedEvent }[] = [];
  let queue: Promise<void> = Promise.resolve();

  const resync = async () => {
    await writes;
    failed = false;
    let checkpoint = await current;
    while (!stopped) {
      lastPullAt = clock++;
      const page = await fetchPage(checkpoint);
      if (!page || page.documents.length === 0) break;
      checkpoint = page.checkpoint ?? checkpoint;
      persist(page.documents, checkpoint);
      if (!page.more) break;
    }
    await writes;
  };

  const step = async () => {
    const events: Exclude<FeedEvent, 'RESYNC'>[] = [];
    while (open.length > 0 && !stopped) {
      const task = open.shift()!;
      if (task.at < lastPullAt) continue;
      if (task.event === 'RESYNC') {
        if (events.length === 0) {
          active$.next(true);
          await resync();
          return;
        }
        open.unshift(task);
        break;
      }
      events.push(task.event);
    }
    if (events.length === 0) return;
    active$.next(true);
    for (const event of events) persist(event.documents, event.checkpoint);
    await writes;
  };

  const enqueue = (event: FeedEvent) => {
    if (stopped) return;
    open.push({ at: clock++, event });
    queue = queue
      .then(step)
      .catch((error: unknown) => {
        if (!stopped) options.onError(error);
      })
      .then(() => {
        if (open.length === 0) active$.next(false);
        firstDone();
      });
  };

  const add = (event: FeedEvent) => {
    if (stopped) return;
    if (!options.pushIdle) return enqueue(event);
    void options.pushIdle().then(() => enqueue(event));
  };

  const settled = async () => {
    await queue;
    await writes;
  };

  enqueue('RESYNC');

  return {
    received$: received$.asObservable(),
    active$: active$.asObservable(),
    add,
    reSync: () => {
      wake?.();
      add('RESYNC');
    },
    awaitInitialReplication: () => first,
    awaitInSync: async () => {
      await first;
      // Twice, as RxDB does: a stream event may land while the first round settles.
      for (let round = 0; round < 2; round++) {
        await collection.database.requestIdlePromise();
        await settled();
      }
    },
    settled,
    cancel: async () => {
      stopped = true;
      wake?.();
      received$.complete();
      active$.next(false);
      await writes;
    },
  };
}

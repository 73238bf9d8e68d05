import type { RxStorage } from 'rxdb';
import { BehaviorSubject, Subject, Subscription, map, switchMap, type Observable } from 'rxjs';
import { publishSyncState, INITIAL_SYNC_STATE } from '../health/sync-state';
import { requestPersistentStorage, watchStorageQuota, type StorageNotice } from '../health/storage-quota';
import { createLeaseElection, type LeaderElection } from '../leader/lease-election';
import { openPedbotDatabase, DATABASE_NAME } from '../database/open-database';
import { REPLICATED, type CollectionName, type PedbotDatabase } from '../schema';
import { startSyncEngine, type SyncEngine } from '../replication/sync-engine';
import { leaveConnection } from '../replication/sync-scope';
import type { SocketTiming, SyncSocket } from '../replication/sync-socket';
import type { SyncTransport } from '../replication/transport';
import { compareScope, isWindowLoaded, markWindowLoaded, writeScope, type LocalScope } from './local-scope';

/**
 * The data session of this tab: the local database (opened once, at once, so screens render
 * local data before any network), and the sync engine for the signed-in user and the chosen
 * connection. Starting never waits for the server; a new connection restarts replication on the
 * same database, keeping the outbox and the drafts; the end of the session (logout) removes this
 * user's local data.
 */
export interface SessionUser {
  id: string;
  roleName: string;
  departmentId?: string | null;
  image?: string | null;
}

export interface StartDataSessionInput {
  tenant: string;
  user: SessionUser;
  instanceId: string;
  transport: SyncTransport;
  // RxDB's storages are typed by their internals, which callers never touch.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  storage: RxStorage<any, any>;
  databaseName?: string;
  /** Elect one replicating tab (browsers); without it this process always replicates. */
  multiTab?: boolean;
  collections?: readonly CollectionName[];
  socketTiming?: Partial<SocketTiming>;
  /** The socket replication rides on (the app: the tab's one socket); its own one when omitted. */
  createSocket?: () => SyncSocket;
  retryTime?: number;
  /** Ask for persistent storage and watch the quota (browsers). */
  watchStorage?: boolean;
}

export interface DataSession {
  readonly db: PedbotDatabase;
  readonly engine: SyncEngine;
  readonly user: SessionUser;
  readonly scope: LocalScope;
}

const session$ = new BehaviorSubject<DataSession | null>(null);
const database$ = new BehaviorSubject<PedbotDatabase | null>(null);
const notices = new Subject<StorageNotice>();

/** The running session (null when signed out); actions and hooks read it. */
export const dataSession$: Observable<DataSession | null> = session$.asObservable();
/** The open local database, as soon as it is open (screens query it before replication runs). */
export const localDatabase$: Observable<PedbotDatabase | null> = database$.asObservable();
const starting$ = new BehaviorSubject(0);
/** Whether a data session is being started (a connection was chosen and its database is opening). */
export const dataSessionStarting$: Observable<boolean> = starting$.pipe(map((count) => count > 0));
export const isDataSessionStarting = (): boolean => starting$.getValue() > 0;

/** Storage warnings for the UI to show as notifications (pt-BR title and message). */
export const storageNotices$: Observable<StorageNotice> = notices.asObservable();

export const currentDataSession = (): DataSession | null => session$.getValue();

let teardown: Array<() => void | Promise<void>> = [];
let queue: Promise<unknown> = Promise.resolve();

const serialized = <T>(task: () => Promise<T>): Promise<T> => {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
};

async function stopRunning(): Promise<void> {
  const steps = teardown.reverse();
  teardown = [];
  session$.next(null);
  for (const step of steps) await step();
}

/**
 * Resolves when the page is idle after its next frame, so the screens' first queries and paint
 * run before replication starts reading and writing the same database. At once outside a browser.
 */
function afterNextPaint(): Promise<void> {
  const frame = globalThis.requestAnimationFrame;
  const idle = globalThis.requestIdleCallback;
  if (!frame || !idle) return Promise.resolve();
  return new Promise((resolve) => frame(() => idle(() => resolve(), { timeout: IDLE_TIMEOUT_MS })));
}

/** Bounds how long a busy page delays replication. */
const IDLE_TIMEOUT_MS = 400;

/**
 * A lease election that only takes part once `ready` resolves: until then this tab neither
 * leads nor claims, and closing it before then never starts it.
 */
function electionAfter(ready: Promise<void>, create: () => LeaderElection): LeaderElection {
  const started = new BehaviorSubject<LeaderElection | null>(null);
  let closed = false;
  void ready.then(() => {
    if (!closed) started.next(create());
  });
  return {
    get id() {
      return started.getValue()?.id ?? '';
    },
    isLeader$: started.pipe(switchMap((election) => election?.isLeader$ ?? new BehaviorSubject(false))),
    isLeader: () => started.getValue()?.isLeader() ?? false,
    abdicate: () => started.getValue()?.abdicate(),
    close: () => {
      closed = true;
      started.getValue()?.close();
    },
  };
}

async function openScoped(input: StartDataSessionInput, scope: LocalScope): Promise<PedbotDatabase> {
  const open = () =>
    openPedbotDatabase({
      storage: input.storage,
      name: input.databaseName ?? DATABASE_NAME,
      multiInstance: input.multiTab ?? false,
      collections: input.collections,
    });
  let db = database$.getValue() ?? (await open());
  const change = await compareScope(db, scope);
  if (change.kind === 'user') {
    database$.next(null);
    await db.remove();
    db = await open();
  } else if (change.kind === 'connection') {
    // Not removed and reopened: the outbox and the drafts stay in place, so a page closed
    // halfway loses nothing, and the switch is done again at the next start.
    await leaveConnection(db, change.previous, REPLICATED.filter((name) => !!db.collections[name]));
    await db.references?.find().remove();
  }
  if (change.kind !== 'same') await writeScope(db, scope);
  database$.next(db);
  return db;
}

/** Starts (or restarts, for another user or connection) the data session. Resolves once the local database is open. */
export function startDataSession(input: StartDataSessionInput): Promise<DataSession> {
  starting$.next(starting$.getValue() + 1);
  const done = () => starting$.next(starting$.getValue() - 1);
  return startSerialized(input).finally(done);
}

function startSerialized(input: StartDataSessionInput): Promise<DataSession> {
  return serialized(async () => {
    await stopRunning();
    const scope: LocalScope = { tenant: input.tenant, userId: input.user.id, instanceId: input.instanceId };
    const db = await openScoped(input, scope);
    let election: LeaderElection | undefined;
    let channel: BroadcastChannel | undefined;
    if (input.multiTab) {
      const key = `${input.databaseName ?? DATABASE_NAME}|${scope.tenant}|${scope.userId}|${scope.instanceId}`;
      // A database still without its first lists has nothing to paint first: replication starts at once.
      const ready = (await isWindowLoaded(db)) ? afterNextPaint() : Promise.resolve();
      election = electionAfter(ready, () => createLeaseElection({ channelName: `pedbot-leader|${key}` }));
      channel = new BroadcastChannel(`pedbot-sync|${key}`);
      const abdicate = () => election?.abdicate();
      const close = () => election?.close();
      globalThis.addEventListener?.('freeze', abdicate);
      globalThis.addEventListener?.('pagehide', close);
      teardown.push(() => {
        globalThis.removeEventListener?.('freeze', abdicate);
        globalThis.removeEventListener?.('pagehide', close);
        election?.close();
        channel?.close();
      });
    }
    const engine = startSyncEngine({
      db,
      transport: input.transport,
      scope,
      election,
      channel,
      socketTiming: input.socketTiming,
      createSocket: input.createSocket,
      retryTime: input.retryTime,
      needsInitialWindow: async () => !(await isWindowLoaded(db)),
      onWindowLoaded: () => markWindowLoaded(db),
    });
    const subs = new Subscription();
    subs.add(engine.state$.subscribe(publishSyncState));
    teardown.push(async () => {
      subs.unsubscribe();
      await engine.stop();
      publishSyncState(INITIAL_SYNC_STATE);
    });
    if (input.watchStorage) {
      void requestPersistentStorage((n) => notices.next(n));
      teardown.push(watchStorageQuota((n) => notices.next(n)));
    }
    const session: DataSession = { db, engine, user: input.user, scope };
    session$.next(session);
    return session;
  });
}

/** Stops replication; `wipe` (logout) also removes the local data of this user. */
export function endDataSession(options: { wipe?: boolean } = {}): Promise<void> {
  return serialized(async () => {
    await stopRunning();
    const db = database$.getValue();
    if (!db) return;
    database$.next(null);
    if (options.wipe) await db.remove();
    else await db.close();
  });
}

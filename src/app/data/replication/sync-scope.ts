import type { BulkWriteRow, RxCollection, RxStorageWriteErrorConflict } from 'rxdb';
import { replicateRxCollection } from 'rxdb/plugins/replication';
import { ADMIN_ROLE } from '../../../shared/domain/routes';
import type { PedbotDatabase, ReplicatedName } from '../schema';
import { TEMP_ID_END, TEMP_ID_PREFIX } from '../schema/customer-chat';
import type { SyncScope } from './leader-session';
import { feedCheckpointKey } from './replicate-collection';
import { forgetTicketArrivals } from './ticket-arrivals';
import type { SyncTransport } from './transport';

/**
 * The scope the local replicated data was pulled under (sync.graphql syncScope): the server's
 * answer for this user's role, department and use of the connection. Checkpoints are only valid
 * for it: after a change, resuming from them would keep rows of the old scope that did not change
 * since (another department's inbox) and never bring the new scope's older rows. So a changed
 * scope rebuilds the replicated data: rows dropped, then pulled afresh under new replication
 * identifiers, while the outbox (sends not confirmed yet) and the local-only collections (drafts)
 * stay. Other local writes (a ticket viewed) are pushed before, within a grace (sync-engine.ts).
 * Choosing another connection drops the replicated data the same way (`leaveConnection`).
 */
export interface StoredSyncScope {
  /** Null after a connection change, until the server answers for the new connection. */
  scope: string | null;
  /** Bumped by every rebuild; part of the replication identifiers, so checkpoints start afresh. */
  generation: number;
}

const SCOPE_DOC = 'sync-scope';

const SYNC_SCOPE = `query SyncScope($instance_id: ID!) { syncScope(instance_id: $instance_id) }`;

/** Unique per (tenant, user, connection, collection, rebuild) so each resumes from its own checkpoint. */
export const identifierFor = (scope: SyncScope, name: ReplicatedName, generation = 0): string =>
  generation === 0
    ? `pedbot|${scope.tenant}|${scope.userId}|${scope.instanceId}|${name}`
    : `pedbot|${scope.tenant}|${scope.userId}|${scope.instanceId}|g${generation}|${name}`;

export async function readSyncScope(db: PedbotDatabase): Promise<StoredSyncScope | null> {
  return (await db.getLocal<StoredSyncScope>(SCOPE_DOC))?.toJSON().data ?? null;
}

export async function storeSyncScope(db: PedbotDatabase, stored: StoredSyncScope): Promise<void> {
  await db.upsertLocal<StoredSyncScope>(SCOPE_DOC, stored);
}

/**
 * Whether a scope's role sees every ticket of the connection (SPEC §4: administrador), so no
 * ticket ever leaves its view while the scope holds. The server writes the scope as
 * [role name, department id, may use the connection] (server/sync/access.ts syncScopeOf).
 */
export function scopeSeesEveryTicket(scope: string | null | undefined): boolean {
  if (!scope) return false;
  try {
    const parsed: unknown = JSON.parse(scope);
    return Array.isArray(parsed) && parsed[0] === ADMIN_ROLE && parsed[2] === true;
  } catch {
    return false;
  }
}

/** The server's scope of this user on the connection; null when the server gave none. Throws offline. */
export async function fetchSyncScope(transport: SyncTransport, instanceId: string): Promise<string | null> {
  const data = await transport.request<{ syncScope?: unknown }>(SYNC_SCOPE, { instance_id: instanceId });
  return typeof data?.syncScope === 'string' ? data.syncScope : null;
}

const REMOVE_BATCH = 500;

// RxDB's collection generics differ per document type; the rebuild handles them alike.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyCollection = RxCollection<any>;

/**
 * Deletes through the storage, against the stored state of each row: RxDB's `bulkRemove` deletes
 * against its in-memory copy of a document, and a copy left behind by a write it did not see
 * advance (the same revision height) answered every attempt with a conflict, endlessly.
 */
async function removeMatching(collection: AnyCollection, selector: Record<string, unknown>): Promise<void> {
  const storage = collection.storageInstance;
  for (;;) {
    const ids = (await collection.find({ selector, limit: REMOVE_BATCH }).exec()).map((doc) => doc.primary as string);
    if (ids.length === 0) return;
    let rows: BulkWriteRow<unknown>[] = (await storage.findDocumentsById(ids, false)).map((stored) => ({
      previous: stored,
      document: { ...stored, _deleted: true },
    }));
    // Never loop on a query that still lists rows already gone: the rebuild is done again later.
    if (rows.length === 0) throw new Error(`sync: ${collection.name} still lists removed rows`);
    while (rows.length > 0) {
      const { error } = await storage.bulkWrite(rows, 'pedbot-scope-rebuild');
      rows = error.flatMap((failed) => {
        const inDb = (failed as RxStorageWriteErrorConflict<unknown>).documentInDb;
        if (failed.status !== 409 || !inDb) throw new Error(`sync: ${collection.name} removal failed (${failed.status})`);
        return inDb._deleted ? [] : [{ previous: inDb, document: { ...inDb, _deleted: true } }];
      });
    }
  }
}

/**
 * Drops the replicated rows of this database but the outbox, and what the replications under
 * `scope` and `generation` kept; replication must be stopped.
 */
async function dropReplicated(db: PedbotDatabase, scope: SyncScope, names: readonly ReplicatedName[], generation: number): Promise<void> {
  for (const name of names) {
    const collection = db[name] as AnyCollection;
    if (name === 'customerchats') {
      // Temporary messages ("tmp:" ids, a range of the primary key) are the outbox: they stay.
      await removeMatching(collection, { id: { $lt: TEMP_ID_PREFIX } });
      await removeMatching(collection, { id: { $gte: TEMP_ID_END } });
    } else {
      await removeMatching(collection, {});
    }
    // Purged rather than kept as tombstones: RxDB's downstream would take a tombstone without a
    // replication meta for a local write not pushed yet, and skip the server's state of that row.
    await collection.storageInstance.cleanup(0);
    await forgetReplication(collection, identifierFor(scope, name, generation));
  }
  await forgetTicketArrivals(db, identifierFor(scope, 'chattickets', generation));
}

/**
 * Rebuilds the replicated data of this database for the scope `next`; replication must be
 * stopped. Order matters if the page closes halfway: rows go first, and the new generation is
 * stored last, so a replication never starts under fresh identifiers (no assumed master states)
 * while old rows remain, which it would push back to the server; an unfinished rebuild is simply
 * done again at the next start, as the stored scope still differs.
 */
export async function rebuildForScope(db: PedbotDatabase, scope: SyncScope, names: readonly ReplicatedName[], next: string): Promise<void> {
  const generation = (await readSyncScope(db))?.generation ?? 0;
  await dropReplicated(db, scope, names, generation);
  await storeSyncScope(db, { scope: next, generation: generation + 1 });
}

/**
 * The attendant chose another connection: the replicated data of `previous` leaves and the next
 * replication starts under identifiers never used on this database, whatever connection it is
 * for. The outbox stays: the push takes each send for its own connection (the server checks the
 * user may use it; the hash makes a replay a no-op), and as its ticket is not held here, it is
 * dropped once pushed like any send whose ticket left (ticket-arrivals.ts); choosing that
 * connection again pulls its confirmed copy. The caller records the new connection last, so a
 * switch cut short is done again at the next start.
 */
export async function leaveConnection(db: PedbotDatabase, previous: SyncScope, names: readonly ReplicatedName[]): Promise<void> {
  const generation = (await readSyncScope(db))?.generation ?? 0;
  await dropReplicated(db, previous, names, generation);
  await storeSyncScope(db, { scope: null, generation: generation + 1 });
}

/** Removes what a replication identifier kept: RxDB's checkpoints and assumed master states, the feed pull's checkpoint. */
async function forgetReplication(collection: AnyCollection, identifier: string): Promise<void> {
  await (await collection.database.getLocal(feedCheckpointKey(identifier)))?.remove();
  const replication = replicateRxCollection({
    replicationIdentifier: identifier,
    collection,
    live: false,
    autoStart: false,
    waitForLeadership: false,
    pull: { handler: async () => ({ documents: [], checkpoint: null }) },
  });
  await replication.remove();
}

import { Dexie } from 'dexie';
import type { RxDocumentData, RxStorageInstance } from 'rxdb';
import type { RxStorageInstanceDexie } from 'rxdb/plugins/storage-dexie';
import { fromDexieRecord } from './from-dexie-record';

/**
 * A collection whose documents are written locally only within one range of primary keys (the
 * messages: a send is "tmp:<hash>" until the server's copy replaces it; every other message is
 * the server's, written by the pull). RxDB's Dexie storage indexes every document by its last
 * write time twice (`[_meta.lwt+id]` for the push's look for changes, `_meta.lwt` for the
 * cleanup), and those two index entries were about a sixth of IndexedDB's work per message in an
 * initial sync (tests/bench/indexeddb-put.ts). Such a store keeps neither: the push's look for
 * changes reads the local range alone, which holds every document the push can send, and the
 * cleanup walks the deleted documents by `[_deleted+id]`.
 */
export interface LocalWriteRange {
  /**
   * The first schema version whose store is declared without the write-time indexes (a new
   * IndexedDB database per version). Dexie leaves indexes it is not told of in a store created
   * before, where IndexedDB keeps them up to date but nothing reads them.
   */
  sinceVersion: number;
  /** The collection's schema version now: an older one is opened only for a migration to read it. */
  version: number;
  /** Primary keys from `lower` (included) to `upper` (excluded). */
  lower: string;
  upper: string;
}

export type LocalWriteRanges = Readonly<Record<string, LocalWriteRange>>;

/** RxDB's Dexie storage names a collection's database `rxdb-dexie-<database>--<version>--<collection>`. */
const DEXIE_NAME = /--(\d+)--([^-]+)$/;

const isWriteTimeIndex = (part: string): boolean => part === '_meta.lwt' || part.startsWith('[_meta.lwt+');

/** A Dexie stores line without the write-time indexes. */
export function withoutWriteTimeIndexes(stores: string): string {
  return stores
    .split(',')
    .map((part) => part.trim())
    .filter((part) => !isWriteTimeIndex(part))
    .join(', ');
}

/** The local write range of `collection` if its store at schema `version` is lean. */
export function leanRange(ranges: LocalWriteRanges, collection: string, version: number): LocalWriteRange | undefined {
  const range = Object.hasOwn(ranges, collection) ? ranges[collection] : undefined;
  return range && version >= range.sinceVersion ? range : undefined;
}

/** Dexie's `onCreate` hook (RxDB calls it before declaring the stores): lean stores declare their docs table without the write-time indexes. */
export function declareLean(ranges: LocalWriteRanges) {
  return (db: Dexie, dexieName: string): void => {
    const match = DEXIE_NAME.exec(dexieName);
    if (!match || !leanRange(ranges, match[2]!, Number(match[1]))) return;
    const version = db.version.bind(db);
    db.version = (versionNumber: number) => {
      const declared = version(versionNumber);
      const stores = declared.stores.bind(declared);
      declared.stores = (schema) => stores({ ...schema, docs: withoutWriteTimeIndexes(String(schema.docs)) });
      return declared;
    };
  };
}

type Checkpoint = { id: string; lwt: number };
type Changes<T> = ReturnType<NonNullable<RxStorageInstance<T, unknown, unknown, Checkpoint>['getChangedDocumentsSince']>>;

const idOf = (doc: RxDocumentData<unknown>, primaryPath: string): string => String((doc as Record<string, unknown>)[primaryPath]);

const after = (doc: RxDocumentData<unknown>, checkpoint: Checkpoint | undefined, primaryPath: string): boolean => {
  if (!checkpoint) return true;
  const lwt = doc._meta.lwt;
  return lwt > checkpoint.lwt || (lwt === checkpoint.lwt && idOf(doc, primaryPath) > checkpoint.id);
};

/** The answer of `getChangedDocumentsSince`: the checkpoint moves to the last document given, if any. */
function changes<T>(documents: RxDocumentData<T>[], checkpoint: Checkpoint | undefined, primaryPath: string): Awaited<Changes<T>> {
  const last = documents[documents.length - 1];
  return { documents, checkpoint: last ? { id: idOf(last, primaryPath), lwt: last._meta.lwt } : (checkpoint ?? { id: '', lwt: 0 }) };
}

/** The documents of the local range written after `checkpoint`, in write order (RxDB's `getChangedDocumentsSince`). */
export async function changedInRange<T>(
  instance: RxStorageInstanceDexie<T>,
  range: LocalWriteRange,
  limit: number,
  checkpoint?: Checkpoint,
): Changes<T> {
  const state = await instance.internals;
  const primaryPath = instance.primaryPath as string;
  const records = await state.dexieTable.where(':id').between(range.lower, range.upper, true, false).toArray();
  const documents = records
    .map((record) => fromDexieRecord<T>(state.booleanIndexes, record))
    .filter((doc) => after(doc, checkpoint, primaryPath))
    .sort((a, b) => a._meta.lwt - b._meta.lwt || (idOf(a, primaryPath) < idOf(b, primaryPath) ? -1 : 1))
    .slice(0, limit);
  return changes(documents, checkpoint, primaryPath);
}

/**
 * RxDB's `getChangedDocumentsSince` for a lean store of an older schema version, which a
 * migration reads and nothing writes any more: every document, in primary key order, so the
 * checkpoint's id alone says where to go on.
 */
export async function allByKey<T>(
  instance: RxStorageInstanceDexie<T>,
  limit: number,
  checkpoint?: Checkpoint,
): Changes<T> {
  const state = await instance.internals;
  const keys = checkpoint?.id ? state.dexieTable.where(':id').above(checkpoint.id) : state.dexieTable.toCollection();
  const documents = (await keys.limit(limit).toArray()).map((record) => fromDexieRecord<T>(state.booleanIndexes, record));
  return changes(documents, checkpoint, instance.primaryPath as string);
}

/** Gives the storage instance of a lean store the two methods that would read the write-time indexes. */
export function readLean<T>(instance: RxStorageInstanceDexie<T>, range: LocalWriteRange): void {
  const current = instance.schema.version === range.version;
  // An optional method RxDB's Dexie instance lacks, without which RxDB queries `[_meta.lwt+id]`.
  Object.assign(instance, {
    getChangedDocumentsSince: (limit: number, checkpoint?: Checkpoint) =>
      current ? changedInRange(instance, range, limit, checkpoint) : allByKey(instance, limit, checkpoint),
  });
  instance.cleanup = (minimumDeletedTime) => purgeDeleted(instance, minimumDeletedTime);
}

/** RxDB's `cleanup`: purges documents deleted longer than `minimumDeletedTime` ago, found by `[_deleted+id]`. */
export async function purgeDeleted<T>(instance: RxStorageInstanceDexie<T>, minimumDeletedTime: number): Promise<boolean> {
  const state = await instance.internals;
  const primaryPath = instance.primaryPath as string;
  const before = Date.now() - minimumDeletedTime;
  await state.dexieDb.transaction('rw', state.dexieTable, async () => {
    const deleted = await state.dexieTable.where(`[_deleted+${primaryPath}]`).between(['1', Dexie.minKey], ['1', Dexie.maxKey]).toArray();
    const ids = deleted.filter((record: RxDocumentData<T>) => record._meta.lwt < before).map((record: Record<string, unknown>) => record[primaryPath]);
    await state.dexieTable.bulkDelete(ids);
  });
  return true;
}

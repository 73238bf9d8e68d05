import { Dexie } from 'dexie';
import type { RxDocumentData, RxStorageInstance } from 'rxdb';
import type { RxStorageInstanceDexie } from 'rxdb/plugins/storage-dexie';
import { walksPrimaryKey } from './batched-query';
import { fromDexieRecord } from './from-dexie-record';

/**
 * A collection whose documents are written locally only within one range of primary keys (the
 * messages: a send is "tmp:<hash>" until the server's copy replaces it; every other message is
 * the server's, written by the pull), or never (an empty range: the customers, only pulled).
 * RxDB's Dexie storage indexes every document by its last write time twice (`[_meta.lwt+id]` for
 * the push's look for changes, `_meta.lwt` for the cleanup), and those two index entries were
 * about a sixth of IndexedDB's work per message in an initial sync (tests/bench/indexeddb-put.ts).
 * It also indexes every document by `[_deleted+id]`, another 6 % of a message's put. Such a
 * store keeps none of the three: the push's look for changes reads the local range alone, which
 * holds every document the push can send; a query planned on `[_deleted+id]` reads the primary
 * key (batched-query.ts); the cleanup walks the deleted documents by another index that starts
 * with `_deleted`, or the whole store when there is none.
 */
export interface LocalWriteRange {
  /**
   * The first schema version whose store is declared without those indexes (a new IndexedDB
   * database per version). Dexie leaves indexes it is not told of in a store created before, where
   * IndexedDB keeps them up to date but nothing reads them.
   */
  sinceVersion: number;
  /** The collection's schema version now: an older one is opened only for a migration to read it. */
  version: number;
  /** Primary keys from `lower` (included) to `upper` (excluded); none when they are equal. */
  lower: string;
  upper: string;
}

export type LocalWriteRanges = Readonly<Record<string, LocalWriteRange>>;

/** RxDB's Dexie storage names a collection's database `rxdb-dexie-<database>--<version>--<collection>`. */
const DEXIE_NAME = /--(\d+)--([^-]+)$/;

const isWriteTimeIndex = (part: string): boolean => part === '_meta.lwt' || part.startsWith('[_meta.lwt+');

/** A Dexie stores line (the primary key first) without the write-time indexes and `[_deleted+<primary key>]`. */
export function leanIndexes(stores: string): string {
  const parts = stores.split(',').map((part) => part.trim());
  const deletedKey = `[_deleted+${parts[0]}]`;
  return parts.filter((part) => !isWriteTimeIndex(part) && part !== deletedKey).join(', ');
}

/** The local write range of `collection` if its store at schema `version` is lean. */
export function leanRange(ranges: LocalWriteRanges, collection: string, version: number): LocalWriteRange | undefined {
  const range = Object.hasOwn(ranges, collection) ? ranges[collection] : undefined;
  return range && version >= range.sinceVersion ? range : undefined;
}

/** Dexie's `onCreate` hook (RxDB calls it before declaring the stores): lean stores declare their docs table with `leanIndexes`. */
export function declareLean(ranges: LocalWriteRanges) {
  return (db: Dexie, dexieName: string): void => {
    const match = DEXIE_NAME.exec(dexieName);
    if (!match || !leanRange(ranges, match[2]!, Number(match[1]))) return;
    const version = db.version.bind(db);
    db.version = (versionNumber: number) => {
      const declared = version(versionNumber);
      const stores = declared.stores.bind(declared);
      declared.stores = (schema) => stores({ ...schema, docs: leanIndexes(String(schema.docs)) });
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

/** Gives the storage instance of a lean store the methods that would read the indexes it does not keep. */
export function readLean<T>(instance: RxStorageInstanceDexie<T>, range: LocalWriteRange): void {
  const current = instance.schema.version === range.version;
  // An optional method RxDB's Dexie instance lacks, without which RxDB queries `[_meta.lwt+id]`.
  Object.assign(instance, {
    getChangedDocumentsSince: (limit: number, checkpoint?: Checkpoint) =>
      current ? changedInRange(instance, range, limit, checkpoint) : allByKey(instance, limit, checkpoint),
  });
  instance.cleanup = (minimumDeletedTime) => purgeDeleted(instance, minimumDeletedTime);
  // RxDB counts a plan its index fully decides by that index, which a lean store may not keep: the
  // primary key's range is read instead, as exact ('fast': RxDB refuses 'slow' counts by default).
  const count = instance.count.bind(instance);
  instance.count = async (prepared) => {
    if (!walksPrimaryKey(prepared.queryPlan, instance.primaryPath as string)) return count(prepared);
    const { limit: _limit, ...all } = prepared.query;
    return { count: (await instance.query({ ...prepared, query: { ...all, skip: 0 } })).documents.length, mode: 'fast' };
  };
}

/**
 * RxDB's `cleanup`: purges documents deleted longer than `minimumDeletedTime` ago, found by the
 * first declared index that starts with `_deleted` ('1' for deleted, then any key), or by a walk of
 * the whole store when none does.
 */
export async function purgeDeleted<T>(instance: RxStorageInstanceDexie<T>, minimumDeletedTime: number): Promise<boolean> {
  const state = await instance.internals;
  const primaryPath = instance.primaryPath as string;
  const before = Date.now() - minimumDeletedTime;
  const byDeleted = state.dexieTable.schema.indexes.find((index) => Array.isArray(index.keyPath) && index.keyPath[0] === '_deleted');
  await state.dexieDb.transaction('rw', state.dexieTable, async () => {
    const deleted: Array<RxDocumentData<T> & Record<string, unknown>> = byDeleted
      ? await state.dexieTable.where(byDeleted.name).between(['1'], ['1', Dexie.maxKey]).toArray()
      : await state.dexieTable.filter((record: { _deleted: string }) => record._deleted === '1').toArray();
    const ids = deleted.filter((record) => record._meta.lwt < before).map((record) => record[primaryPath]);
    await state.dexieTable.bulkDelete(ids);
  });
  return true;
}

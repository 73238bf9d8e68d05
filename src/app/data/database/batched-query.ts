import { getQueryMatcher, getSortComparator, type PreparedQuery, type RxDocumentData, type RxQueryPlan, type RxStorageQueryResult } from 'rxdb';
import {
  DEXIE_DOCS_TABLE_NAME,
  dexieReplaceIfStartsWithPipe,
  getKeyRangeByQueryPlan,
  type RxStorageInstanceDexie,
} from 'rxdb/plugins/storage-dexie';
import { fromDexieRecord } from './from-dexie-record';

/** The most records one request reads: a large range never blocks the page with one huge answer. */
export const READ_BATCH = 1_000;

/** A record's value at an index key path ('a.b' for nested fields), as IndexedDB reads it. */
const valueAt = (record: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], record);

const indexKeyOf = (record: unknown, keyPath: string | string[]): unknown =>
  Array.isArray(keyPath) ? keyPath.map((path) => valueAt(record, path)) : valueAt(record, keyPath);

/** Whether a lean store (local-write-range.ts) answers `plan` from its primary key: it keeps no `[_deleted+<primary key>]`. */
export const walksPrimaryKey = (plan: RxQueryPlan, primaryPath: string): boolean =>
  plan.index.length === 2 && plan.index[0] === '_deleted' && plan.index[1] === primaryPath;

/** The part of `range` (all keys when undefined) after `key`, or null when nothing is left. */
function rangeAfter(Range: typeof IDBKeyRange, range: IDBKeyRange | undefined, key: unknown): IDBKeyRange | null {
  try {
    return range?.upper === undefined ? Range.lowerBound(key, true) : Range.bound(key, range.upper, true, range.upperOpen);
  } catch {
    // The last key read was the range's upper bound: an empty remainder.
    return null;
  }
}

/**
 * RxDB's Dexie query, reading the planned index range with `getAll` instead of a cursor.
 *
 * RxDB's own walk steps a cursor one record at a time, and every step is an IndexedDB request
 * whose answer waits for a free turn of the page's main thread: a page of 50 tickets was 50
 * round trips, a 500-message conversation 500, each slower the busier the page is (at start-up,
 * while the screen renders, a 50-ticket page took 80–100 ms for about 20 ms of work). `getAll`
 * answers the next n records of a range in one request.
 *
 * The records come in the index's order, as the cursor gave them. When the index alone decides
 * which documents match and in what order, the first `skip + limit` records are the answer: one
 * request. Otherwise the range is read in batches, each starting after the last record read (RxDB
 * ends every index with the primary key, so a record's index key is unique): more when the selector
 * also filters, until enough match; all of it when the index does not give the order, sorted after
 * as RxDB does.
 *
 * In a lean store (`lean`), a plan on `[_deleted+<primary key>]` reads the primary key's range
 * instead, every record checked by the selector (whose `_deleted` the index would have checked).
 */
export function batchedQuery<T>(
  instance: RxStorageInstanceDexie<T>,
  prepared: PreparedQuery<T>,
  maxBatch = READ_BATCH,
  lean = false,
): Promise<RxStorageQueryResult<T>> {
  return instance.internals.then(async (state) => {
    const { query, queryPlan } = prepared;
    const byKey = lean && walksPrimaryKey(queryPlan, instance.primaryPath as string);
    const Range = (state.dexieDb._options.IDBKeyRange as typeof IDBKeyRange | undefined) ?? globalThis.IDBKeyRange;
    let range: IDBKeyRange | undefined;
    try {
      range = getKeyRangeByQueryPlan(state.booleanIndexes, queryPlan, Range) as IDBKeyRange;
      if (byKey) {
        // The primary keys of one `_deleted` value; of both, the whole store (and then RxDB's
        // planner does not count on the index's order).
        const [lower, upper] = [range.lower as unknown[], range.upper as unknown[]];
        range = lower[0] === upper[0] ? Range.bound(lower[1], upper[1], range.lowerOpen, range.upperOpen) : undefined;
      }
    } catch (error) {
      // An empty range (start after end): RxDB answers it with no documents.
      if (error instanceof Error && error.name === 'DataError') return { documents: [] };
      throw error;
    }
    const skip = query.skip ?? 0;
    const end = typeof query.limit === 'number' ? skip + query.limit : Infinity;
    // How many matches to read: with a sort the index does not give, all of them.
    const wanted = queryPlan.sortSatisfiedByIndex ? end : Infinity;
    const matches = queryPlan.selectorSatisfiedByIndex && !byKey ? null : getQueryMatcher(instance.schema, query);
    const indexName = `[${queryPlan.index.map((field) => dexieReplaceIfStartsWithPipe(field)).join('+')}]`;
    const rows: RxDocumentData<T>[] = [];
    await state.dexieDb.transaction('r', state.dexieTable, (dexieTx) => {
      const store = dexieTx.idbtrans.objectStore(DEXIE_DOCS_TABLE_NAME);
      const index = byKey ? store : store.index(indexName);
      return new Promise<void>((resolve, reject) => {
        // Each next request is made inside the previous one's success event, while the
        // transaction is still active.
        const read = (from: IDBKeyRange | undefined) => {
          const missing = wanted - rows.length;
          // A filtering selector keeps only some records: ask for more than are missing.
          const count = Math.min(maxBatch, matches ? Math.max(missing * 2, 64) : missing);
          const request = index.getAll(from, count);
          request.onerror = () => reject(request.error);
          request.onsuccess = () => {
            const records = request.result as unknown[];
            // Before the records are converted in place (their booleans stop being index keys).
            const lastKey = records.length === count ? indexKeyOf(records[records.length - 1], index.keyPath!) : undefined;
            for (const record of records) {
              const doc = fromDexieRecord<T>(state.booleanIndexes, record);
              if (!matches || matches(doc)) rows.push(doc);
              if (rows.length === wanted) break;
            }
            const next = records.length < count || rows.length >= wanted ? null : rangeAfter(Range, from, lastKey);
            if (next) read(next);
            else resolve();
          };
        };
        read(range);
      });
    });
    if (!queryPlan.sortSatisfiedByIndex) rows.sort(getSortComparator(instance.schema, query));
    return { documents: rows.slice(skip, end) };
  });
}

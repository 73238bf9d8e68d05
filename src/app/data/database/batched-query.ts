import { getQueryMatcher, getSortComparator, type PreparedQuery, type RxDocumentData, type RxStorageQueryResult } from 'rxdb';
import {
  DEXIE_DOCS_TABLE_NAME,
  dexieReplaceIfStartsWithPipe,
  fromDexieToStorage,
  getKeyRangeByQueryPlan,
  type RxStorageInstanceDexie,
} from 'rxdb/plugins/storage-dexie';

/**
 * RxDB's Dexie query, reading the planned index range with `getAll` instead of a cursor.
 *
 * RxDB's own walk steps a cursor one record at a time, and every step is an IndexedDB request
 * whose answer waits for a free turn of the page's main thread: a page of 50 tickets was 50
 * round trips, a 500-message conversation 500, each slower the busier the page is (at start-up,
 * while the screen renders, a 50-ticket page took 80–100 ms for about 20 ms of work). `getAll`
 * answers a whole range, or its first n records, in one request.
 *
 * The records come in the index's order, as the cursor gave them. When the index alone decides
 * which documents match and in what order, the first `skip + limit` records are the answer. When
 * the selector also filters, the first n records may hold fewer matches than wanted: the range is
 * read again with twice the count (so the records read in all stay under four times those kept,
 * in a handful of requests). A sort the index does not give needs every match, so the whole range
 * is read and sorted, as RxDB does.
 */
export function batchedQuery<T>(instance: RxStorageInstanceDexie<T>, prepared: PreparedQuery<T>): Promise<RxStorageQueryResult<T>> {
  return instance.internals.then(async (state) => {
    const { query, queryPlan } = prepared;
    const skip = query.skip ?? 0;
    const end = typeof query.limit === 'number' ? skip + query.limit : Infinity;
    // How many matches to read: with a sort the index does not give, all of them.
    const wanted = queryPlan.sortSatisfiedByIndex ? end : Infinity;
    const matches = queryPlan.selectorSatisfiedByIndex ? null : getQueryMatcher(instance.schema, query);
    let range: IDBKeyRange;
    try {
      range = getKeyRangeByQueryPlan(state.booleanIndexes, queryPlan, state.dexieDb._options.IDBKeyRange) as IDBKeyRange;
    } catch (error) {
      // An empty range (start after end): RxDB answers it with no documents.
      if (error instanceof Error && error.name === 'DataError') return { documents: [] };
      throw error;
    }
    const indexName = `[${queryPlan.index.map((field) => dexieReplaceIfStartsWithPipe(field)).join('+')}]`;
    let rows: RxDocumentData<T>[] = [];
    await state.dexieDb.transaction('r', state.dexieTable, (dexieTx) => {
      const index = dexieTx.idbtrans.objectStore(DEXIE_DOCS_TABLE_NAME).index(indexName);
      return new Promise<void>((resolve, reject) => {
        // Each next request is made inside the previous one's success event, while the
        // transaction is still active.
        const read = (count: number | undefined) => {
          const request = index.getAll(range, count);
          request.onerror = () => reject(request.error);
          request.onsuccess = () => {
            const records = request.result as unknown[];
            rows = [];
            for (const record of records) {
              const doc = fromDexieToStorage<T>(state.booleanIndexes, record);
              if (!matches || matches(doc)) rows.push(doc);
              if (rows.length === wanted) break;
            }
            const exhausted = count === undefined || records.length < count;
            if (rows.length >= wanted || exhausted) resolve();
            else read(count * 2);
          };
        };
        read(Number.isFinite(wanted) ? wanted : undefined);
      });
    });
    if (!queryPlan.sortSatisfiedByIndex) rows.sort(getSortComparator(instance.schema, query));
    return { documents: rows.slice(skip, end) };
  });
}

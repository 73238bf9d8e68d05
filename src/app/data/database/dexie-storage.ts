import type { DBCore, DBCoreGetManyRequest, DBCoreKeyRange, DBCoreTable, Dexie } from 'dexie';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import type { DexieSettings } from 'rxdb';
import { batchedQuery, READ_BATCH } from './batched-query';
import { declareLean, leanRange, readLean, type LocalWriteRanges } from './local-write-range';
import { LOCAL_WRITE_RANGES } from '../schema';

/**
 * RxDB's Dexie storage, reading sparsely stored keys with fewer IndexedDB requests.
 *
 * Before every bulk write RxDB reads the documents it is about to write, to tell inserts from
 * updates, and Dexie reads many keys with one IndexedDB request per key. A pulled page is mostly
 * new documents with ids close together: one walk of the keys stored between its smallest and
 * largest id (keys only, bounded) tells which of them exist, and only those are read. On an
 * initial sync that is one request per page instead of one per document, which were a sixth of
 * the sync's IndexedDB work in Chromium.
 */

/** Below this many keys the plain reads are as cheap. */
const MIN_KEYS = 16;
/** How many stored keys the range may hold, per key asked for, before the plain reads are used. */
const SPREAD = 2;
/** DBCoreRangeType.Range (a const enum, which isolated modules cannot import). */
const RANGE = 2 as DBCoreKeyRange['type'];

/** The smallest and the largest of `keys` (not empty), in IndexedDB's order of strings. */
export function stringKeyBounds(keys: readonly string[]): { lower: string; upper: string } {
  let lower = keys[0]!;
  let upper = lower;
  for (const key of keys) {
    if (key < lower) lower = key;
    else if (key > upper) upper = key;
  }
  return { lower, upper };
}

function sparseGetMany(table: DBCoreTable): DBCoreTable['getMany'] {
  return (req: DBCoreGetManyRequest) => {
    const { keys } = req;
    if (keys.length < MIN_KEYS || !keys.every((key): key is string => typeof key === 'string')) return table.getMany(req);
    const { lower, upper } = stringKeyBounds(keys as string[]);
    const limit = keys.length * SPREAD + 1;
    return table
      .query({ trans: req.trans, values: false, limit, query: { index: table.schema.primaryKey, range: { type: RANGE, lower, upper } } })
      .then((stored) => {
        if (stored.result.length >= limit) return table.getMany(req);
        const held = new Set(stored.result as string[]);
        const present = [...new Set((keys as string[]).filter((key) => held.has(key)))];
        if (present.length === 0) return keys.map(() => undefined);
        return table.getMany({ ...req, keys: present }).then((values) => {
          const byKey = new Map(present.map((key, index) => [key, values[index]]));
          return keys.map((key) => byKey.get(key));
        });
      });
  };
}

export function sparseReads(db: Dexie): void {
  db.use({
    stack: 'dbcore',
    name: 'PedbotSparseReads',
    create: (down: DBCore) => ({
      ...down,
      table: (name: string) => {
        const table = down.table(name);
        return { ...table, getMany: sparseGetMany(table) };
      },
    }),
  });
}

/**
 * RxDB's Dexie storage with sparse key reads, batched index reads (`batchedQuery`; tests set a
 * small `readBatch` to read across several batches), and lean stores for the collections written
 * locally within one range of keys or never (`localWrites`, local-write-range.ts).
 */
export function pedbotDexieStorage(
  settings: DexieSettings = {},
  { readBatch = READ_BATCH, localWrites = LOCAL_WRITE_RANGES }: { readBatch?: number; localWrites?: LocalWriteRanges } = {},
): ReturnType<typeof getRxStorageDexie> {
  const lean = declareLean(localWrites);
  const storage = getRxStorageDexie({
    ...settings,
    addons: [...(settings.addons ?? []), sparseReads],
    onCreate: async (db, name) => {
      await settings.onCreate?.(db, name);
      lean(db, name);
    },
  });
  const create = storage.createStorageInstance.bind(storage);
  storage.createStorageInstance = async (params) => {
    const instance = await create(params);
    const range = leanRange(localWrites, params.collectionName, params.schema.version);
    instance.query = (prepared) => batchedQuery(instance, prepared, readBatch, range !== undefined);
    if (range) readLean(instance, range);
    return instance;
  };
  return storage;
}

import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange, IDBObjectStore } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sparseReads } from '../../../../src/app/data/database/dexie-storage';

/** Reads of many keys through the sparse-reads middleware: the same answers, fewer requests. */
let db: Dexie;
let gets = 0;
const originalGet = IDBObjectStore.prototype.get;

beforeEach(async () => {
  gets = 0;
  IDBObjectStore.prototype.get = function (this: IDBObjectStore, key: IDBValidKey | IDBKeyRange) {
    gets += 1;
    return originalGet.call(this, key);
  } as typeof originalGet;
  db = new Dexie('sparse', { indexedDB: new IDBFactory(), IDBKeyRange, addons: [sparseReads] });
  db.version(1).stores({ docs: 'id' });
  await db.open();
});
afterEach(() => {
  IDBObjectStore.prototype.get = originalGet;
  db.close();
});

const id = (n: number) => String(100000 + n);
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => id(from + i));
const docs = () => db.table<{ id: string; n: number }, string>('docs');

describe('reading many keys', () => {
  it('answers keys none of which is stored with one walk of their range, no read per key', async () => {
    await docs().bulkPut(range(0, 10).map((key) => ({ id: key, n: Number(key) })));
    gets = 0;
    const found = await docs().bulkGet(range(10, 1010));
    expect(found).toHaveLength(1000);
    expect(found.every((doc) => doc === undefined)).toBe(true);
    expect(gets).toBe(0);
  });

  it('reads only the stored ones, each in its place, duplicates included', async () => {
    await docs().bulkPut([3, 7, 40].map((n) => ({ id: id(n), n })));
    gets = 0;
    const keys = [...range(0, 50), id(7)];
    const found = await docs().bulkGet(keys);
    expect(found.map((doc, index) => (doc ? [keys[index], doc.n] : null)).filter(Boolean)).toEqual([
      [id(3), 3],
      [id(7), 7],
      [id(40), 40],
      [id(7), 7],
    ]);
    expect(gets).toBe(3);
  });

  it('falls back to a read per key when the range holds many other stored keys', async () => {
    await docs().bulkPut(range(0, 200).map((key) => ({ id: key, n: Number(key) })));
    gets = 0;
    const keys = [id(0), ...range(190, 210)];
    const found = await docs().bulkGet(keys);
    expect(found.map((doc) => doc?.id ?? null)).toEqual(keys.map((key) => (Number(key) - 100000 < 200 ? key : null)));
    expect(gets).toBe(keys.length);
  });

  it('reads a few keys one by one, as Dexie does', async () => {
    await docs().bulkPut([{ id: id(1), n: 1 }]);
    gets = 0;
    expect((await docs().bulkGet([id(1), id(2)])).map((doc) => doc?.n ?? null)).toEqual([1, null]);
    expect(gets).toBe(2);
  });
});

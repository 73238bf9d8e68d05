import { IDBFactory, IDBKeyRange, IDBObjectStore } from 'fake-indexeddb';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterEach, describe, expect, it } from 'vitest';
import { pedbotDexieStorage } from '../../../../src/app/data/database/dexie-storage';
import { openPedbotDatabase } from '../../../../src/app/data/database/open-database';
import { ticketTombstones } from '../../../../src/app/data/queries/ticket-tombstones';
import type { PedbotDatabase } from '../../../../src/app/data/schema';
import { localDoc, serverTicket } from './server-docs';

/** Which of a page's tickets left this user's view: the same answer on both storages, without reading live tickets on Dexie. */
let db: PedbotDatabase | undefined;
const originalGet = IDBObjectStore.prototype.get;
let gets = 0;
afterEach(async () => {
  IDBObjectStore.prototype.get = originalGet;
  await db?.remove();
  db = undefined;
});

const ticket = (id: number) => localDoc('chattickets', serverTicket(String(id), { updatedAt: id }));

const storages = {
  dexie: () => pedbotDexieStorage({ indexedDB: new IDBFactory(), IDBKeyRange }),
  memory: () => getRxStorageMemory(),
};

describe.each(Object.keys(storages) as (keyof typeof storages)[])('the tombstones among a page of tickets (%s)', (kind) => {
  it('answers the removed ones only, and on Dexie reads no live ticket to tell', async () => {
    db = await openPedbotDatabase({ storage: storages[kind](), name: `tombstones${Date.now()}${Math.random()}`.replace('.', ''), multiInstance: false, collections: ['chattickets'] });
    await db.chattickets.bulkInsert(Array.from({ length: 40 }, (_, i) => ticket(100 + i)));
    await db.chattickets.bulkRemove(['130', '131']);
    IDBObjectStore.prototype.get = function (this: IDBObjectStore, key: IDBValidKey | IDBKeyRange) {
      gets += 1;
      return originalGet.call(this, key);
    } as typeof originalGet;
    gets = 0;

    const live = Array.from({ length: 20 }, (_, i) => String(105 + i));
    expect(await ticketTombstones(db, live)).toEqual([]);
    if (kind === 'dexie') expect(gets).toBe(0);

    const mixed = ['139', '131', '110', '999'];
    expect((await ticketTombstones(db, mixed)).map((t) => [t.id, t._deleted])).toEqual([['131', true]]);
    expect(await ticketTombstones(db, [])).toEqual([]);
  });
});

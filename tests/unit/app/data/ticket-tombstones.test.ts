import { IDBFactory, IDBIndex, IDBKeyRange, IDBObjectStore } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pedbotDexieStorage } from '../../../../src/app/data/database/dexie-storage';
import { openPedbotDatabase } from '../../../../src/app/data/database/open-database';
import { ticketTombstonesAmong } from '../../../../src/app/data/queries/ticket-tombstones';
import { fromServer } from '../../../../src/app/data/replication/documents';
import type { ChatTicketDoc, PedbotDatabase } from '../../../../src/app/data/schema';
import { randomServerTickets } from '../../../helpers/random-tickets';

/** Which tickets of a page of messages left the view, read without one request per ticket. */
let db: PedbotDatabase;
const requests = { get: 0, getAll: 0 };
const originalGet = IDBObjectStore.prototype.get;
const originalGetAll = IDBIndex.prototype.getAll;

beforeAll(async () => {
  IDBObjectStore.prototype.get = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['get']>) {
    requests.get += 1;
    return originalGet.apply(this, args);
  } as typeof originalGet;
  IDBIndex.prototype.getAll = function (this: IDBIndex, ...args: Parameters<IDBIndex['getAll']>) {
    requests.getAll += 1;
    return originalGetAll.apply(this, args);
  } as typeof originalGetAll;
  db = await openPedbotDatabase({ storage: pedbotDexieStorage({ indexedDB: new IDBFactory(), IDBKeyRange }), name: 'tombstones', multiInstance: false, collections: ['chattickets'] });
  // Ids 1..120 as strings: "9" sorts after "10" and "100", as IndexedDB orders them.
  const tickets = randomServerTickets(120, 3, '5', 7).map((raw, i) => {
    const { _deleted: _, ...doc } = fromServer('chattickets', { ...raw, id: String(i + 1) } as never) as unknown as ChatTicketDoc & { _deleted?: boolean };
    return doc;
  });
  await db.chattickets.bulkInsert(tickets);
  await db.chattickets.bulkRemove(['9', '10', '100', '57']);
});

afterAll(async () => {
  IDBObjectStore.prototype.get = originalGet;
  IDBIndex.prototype.getAll = originalGetAll;
  await db.remove();
});

describe('ticket tombstones among ids', () => {
  it('names the tombstones among the ids asked for, and nothing else, with one index read', async () => {
    requests.get = 0;
    requests.getAll = 0;
    const gone = await ticketTombstonesAmong(db, ['11', '9', '10', '100', '2', '999', '9']);
    expect([...gone].sort()).toEqual(['10', '100', '9']);
    expect(requests).toEqual({ get: 0, getAll: 1 });
  });

  it('answers nothing for live, unknown or no tickets', async () => {
    expect(await ticketTombstonesAmong(db, ['1', '56', '58', 'x'])).toEqual(new Set());
    expect(await ticketTombstonesAmong(db, [])).toEqual(new Set());
    expect(await ticketTombstonesAmong(db, ['57'])).toEqual(new Set(['57']));
  });
});

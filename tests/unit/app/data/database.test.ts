import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { addRxPlugin } from 'rxdb';
import { RxDBDevModePlugin, disableWarnings } from 'rxdb/plugins/dev-mode';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { afterEach, describe, expect, it } from 'vitest';
import { openPedbotDatabase } from '../../../../src/app/data/database/open-database';
import type { PedbotDatabase } from '../../../../src/app/data/schema';
import { ticketSortKey } from '../../../../src/app/data/schema/sort-key';

disableWarnings();
addRxPlugin(RxDBDevModePlugin);

let db: PedbotDatabase | undefined;
afterEach(async () => {
  await db?.remove();
  db = undefined;
});

const ticket = (id: string, over: Record<string, unknown> = {}) => {
  const doc = {
    id,
    is_campaign: false,
    instance_id: '1',
    finished_ticket: false,
    open_by_template: false,
    customer_id: '7',
    is_finishing: false,
    unseenMsg: 0,
    isNotResponded: false,
    inbox: true,
    createdAt: '2025-01-01T10:00:00.000Z',
    is_research: false,
    updatedAt: 1,
    owner_key: '',
    sort_at: `2025-01-0${id}T10:00:00.000Z`,
    ...over,
  };
  return { ...doc, sort_key: ticketSortKey(doc) };
};

describe('the local database', () => {
  it('opens every collection with schemas that pass RxDB dev-mode checks and validate documents', async () => {
    db = await openPedbotDatabase({
      storage: wrappedValidateAjvStorage({ storage: getRxStorageMemory() }),
      name: `schema${Date.now()}`,
      multiInstance: false,
    });
    expect(Object.keys(db.collections).sort()).toEqual(
      ['chattickets', 'customerchatreactions', 'customerchats', 'customers', 'drafts', 'references', 'settings'].sort(),
    );
    await expect(db.chattickets.insert(ticket('1', { unseenMsg: 'x' }))).rejects.toThrow();
  });

  it('answers the ticket-tab query and its count by index on Dexie (fake-indexeddb)', async () => {
    db = await openPedbotDatabase({
      storage: wrappedValidateAjvStorage({ storage: getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange }) }),
      name: 'pedbot',
      multiInstance: false,
    });
    await db.chattickets.bulkInsert([ticket('1'), ticket('2'), ticket('3', { inbox: false }), ticket('4', { instance_id: '2' })]);
    const selector = { instance_id: '1', finished_ticket: false, inbox: true, is_campaign: false };
    const docs = await db.chattickets.find({ selector, sort: [{ sort_key: 'asc' }], limit: 2 }).exec();
    expect(docs.map((d) => d.id)).toEqual(['2', '1']);
    expect(await db.chattickets.count({ selector }).exec()).toBe(2);
  });
});

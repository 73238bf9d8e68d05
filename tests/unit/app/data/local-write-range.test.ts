import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { addRxPlugin, createRxDatabase, getChangedDocumentsSince, normalizeMangoQuery, prepareQuery, type MangoQuery, type RxJsonSchema, type RxStorageInstance } from 'rxdb';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { replicateRxCollection } from 'rxdb/plugins/replication';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { pedbotDexieStorage } from '../../../../src/app/data/database/dexie-storage';
import { leanIndexes } from '../../../../src/app/data/database/local-write-range';
import { openPedbotDatabase } from '../../../../src/app/data/database/open-database';
import { fromServer } from '../../../../src/app/data/replication/documents';
import type { CustomerChatDoc, PedbotDatabase } from '../../../../src/app/data/schema';
import { CUSTOMER_CHAT_LOCAL_WRITES, customerChatMigrations, customerChatSchema } from '../../../../src/app/data/schema/customer-chat';

addRxPlugin(RxDBMigrationSchemaPlugin);

let opened: { remove(): Promise<unknown> } | undefined;
afterEach(async () => {
  await opened?.remove();
  opened = undefined;
});

const message = (id: string, extra: Partial<CustomerChatDoc> = {}): CustomerChatDoc => {
  const { _deleted: _, ...doc } = fromServer('customerchats', {
    id,
    ack: 2,
    customer_id: 'c1',
    instance_id: '1',
    hash: `h-${id}`,
    type: 'text',
    message: `mensagem ${id}`,
    sent_at: '2026-11-29T10:00:00.000Z',
    is_temp: false,
    updatedAt: 1,
  }) as unknown as CustomerChatDoc & { _deleted: boolean };
  return { ...doc, ...extra };
};
const send = (hash: string): CustomerChatDoc => message(`tmp:${hash}`, { is_temp: true, ack: 0, hash });

/** The index names of a collection's IndexedDB store at schema `version`. */
async function storedIndexes(factory: IDBFactory, database: string, version: number, collection = 'customerchats'): Promise<string[]> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = factory.open(`rxdb-dexie-${database}--${version}--${collection}`);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const names = [...db.transaction('docs').objectStore('docs').indexNames].sort();
  db.close();
  return names;
}

/** What a push replication of the messages sends, run once to its end from its stored checkpoint. */
async function pushOnce(db: PedbotDatabase, identifier: string): Promise<string[]> {
  const pushed: string[] = [];
  const replication = replicateRxCollection<CustomerChatDoc, unknown>({
    collection: db.customerchats,
    replicationIdentifier: identifier,
    live: false,
    push: {
      handler: async (rows) => {
        pushed.push(...rows.map((row) => row.newDocumentState.id));
        return [];
      },
    },
  });
  await replication.awaitInitialReplication();
  await replication.cancel();
  return pushed;
}

describe('leanIndexes', () => {
  it("drops the write-time indexes and the primary-key walk from a Dexie stores line and keeps the others in order", () => {
    expect(leanIndexes('id, [_deleted+id], [_deleted+ticket_key+id], [_meta.lwt+id], _meta.lwt')).toBe('id, [_deleted+ticket_key+id]');
    expect(leanIndexes('code, [_deleted+code], [_deleted+id], [_meta.lwt+code], _meta.lwt')).toBe('code, [_deleted+id]');
  });
});

describe('the messages stored without write-time indexes', () => {
  it('are stored so in a new database; a database stored before opens as it was, and a send stored in it is still pushed, alone', async () => {
    const factory = new IDBFactory();
    const fresh = await openPedbotDatabase({ storage: pedbotDexieStorage({ indexedDB: factory, IDBKeyRange }), name: 'lean-new', multiInstance: false, collections: ['customerchats'] });
    await fresh.close();
    expect(await storedIndexes(factory, 'lean-new', 2)).toEqual(['[_deleted+customer_id+instance_id+sort_key+id]', '[_deleted+ticket_key+id]']);

    // Stored by RxDB's own Dexie storage, as every database was before: with the write-time indexes.
    const name = 'lean-installed';
    const old = await createRxDatabase({ name, storage: getRxStorageDexie({ indexedDB: factory, IDBKeyRange }), multiInstance: false });
    const { customerchats } = await old.addCollections({ customerchats: { schema: customerChatSchema, migrationStrategies: customerChatMigrations } });
    await customerchats.bulkInsert([...Array.from({ length: 30 }, (_unused, i) => message(String(i + 1))), send('before')]);
    await old.close();
    const installed = await storedIndexes(factory, name, 2);
    expect(installed).toContain('[_meta.lwt+id]');

    const db = await openPedbotDatabase({ storage: pedbotDexieStorage({ indexedDB: factory, IDBKeyRange }), name, multiInstance: false, collections: ['customerchats'] });
    opened = db;
    expect(await storedIndexes(factory, name, 2)).toEqual(installed);
    expect((await db.customerchats.find().exec()).map((doc) => doc.id).sort()).toEqual(
      [...Array.from({ length: 30 }, (_unused, i) => String(i + 1)), 'tmp:before'].sort(),
    );

    expect(await pushOnce(db, 'push')).toEqual(['tmp:before']);
    // A later send goes from the stored checkpoint; the server's messages written meanwhile are not the push's.
    await db.customerchats.insert(send('after'));
    await db.customerchats.upsert(message('5', { ack: 3 }));
    await db.customerchats.insert(message('31'));
    expect(await pushOnce(db, 'push')).toEqual(['tmp:after']);
  });

  it("list the local range's changes in write order, page by page", async () => {
    const db = await openPedbotDatabase({ storage: pedbotDexieStorage({ indexedDB: new IDBFactory(), IDBKeyRange }), name: 'lean-changes', multiInstance: false, collections: ['customerchats'] });
    opened = db;
    for (const hash of ['c', 'a', 'd', 'b']) {
      await db.customerchats.insert(send(hash));
      await db.customerchats.insert(message(`9${hash.charCodeAt(0)}`));
    }
    await db.customerchats.insert(message('zzz'));
    const instance = db.customerchats.storageInstance;
    const seen: string[] = [];
    let checkpoint: unknown;
    for (let page = 0; page < 4; page++) {
      const result = await getChangedDocumentsSince(instance, 3, checkpoint);
      if (result.documents.length === 0) break;
      seen.push(...result.documents.map((doc) => doc.id));
      checkpoint = result.checkpoint;
    }
    expect(seen).toEqual(['tmp:c', 'tmp:a', 'tmp:d', 'tmp:b']);
  });

  it('purge the deleted messages on cleanup and keep the rest', async () => {
    const db = await openPedbotDatabase({ storage: pedbotDexieStorage({ indexedDB: new IDBFactory(), IDBKeyRange }), name: 'lean-cleanup', multiInstance: false, collections: ['customerchats'] });
    opened = db;
    await db.customerchats.bulkInsert([...['1', '2', '3', '4'].map((id) => message(id)), send('x')]);
    await db.customerchats.bulkRemove(['2', 'tmp:x']);
    const instance = db.customerchats.storageInstance;
    expect((await instance.findDocumentsById(['2', 'tmp:x'], true)).map((doc) => doc.id).sort()).toEqual(['2', 'tmp:x']);
    await instance.cleanup(0);
    expect(await instance.findDocumentsById(['2', 'tmp:x'], true)).toEqual([]);
    expect((await db.customerchats.find().exec()).map((doc) => doc.id).sort()).toEqual(['1', '3', '4']);
  });

  it('are read whole when a later schema version migrates them', async () => {
    const factory = new IDBFactory();
    const name = 'lean-next';
    const current = await openPedbotDatabase({ storage: pedbotDexieStorage({ indexedDB: factory, IDBKeyRange }), name, multiInstance: false, collections: ['customerchats'] });
    const ids = Array.from({ length: 450 }, (_unused, i) => String(1000 + i));
    await current.customerchats.bulkInsert([...ids.map((id) => message(id)), send('waiting')]);
    await current.close();

    // A next version as a later release would add it: the migration reads the lean store of this one.
    const next = customerChatSchema.version + 1;
    const nextStorage = pedbotDexieStorage(
      { indexedDB: factory, IDBKeyRange },
      { localWrites: { customerchats: { ...CUSTOMER_CHAT_LOCAL_WRITES, version: next } } },
    );
    const db = await createRxDatabase({ name, storage: nextStorage, multiInstance: false });
    opened = db;
    const { customerchats } = await db.addCollections({
      customerchats: {
        schema: { ...customerChatSchema, version: next } as RxJsonSchema<CustomerChatDoc>,
        migrationStrategies: { ...customerChatMigrations, [next]: (doc: CustomerChatDoc) => ({ ...doc, message: `${doc.message}!` }) },
      },
    });
    const stored = (await customerchats.find().exec()).map((doc) => doc.toJSON() as CustomerChatDoc);
    expect(stored.map((doc) => doc.id).sort()).toEqual([...ids, 'tmp:waiting'].sort());
    expect(stored.every((doc) => doc.message?.endsWith('!'))).toBe(true);
  });

  it("answer the queries planned on the primary-key walk, and their counts, as RxDB's own store does", async () => {
    const docs = [...['1', '2', '3', '30', '4'].map((id) => message(id)), ...['a', 'b', 'c', 'd'].map(send)];
    const open = async (lean: boolean) => {
      const name = lean ? 'walk-lean' : 'walk-plain';
      const options = { indexedDB: new IDBFactory(), IDBKeyRange };
      if (lean) {
        const db = await openPedbotDatabase({ storage: pedbotDexieStorage(options, { readBatch: 2 }), name, multiInstance: false, collections: ['customerchats'] });
        return { db, collection: db.customerchats };
      }
      const db = await createRxDatabase({ name, storage: getRxStorageDexie(options), multiInstance: false });
      const { customerchats } = await db.addCollections({ customerchats: { schema: customerChatSchema, migrationStrategies: customerChatMigrations } });
      return { db, collection: customerchats };
    };
    const stores = await Promise.all([open(true), open(false)]);
    for (const { collection } of stores) {
      await collection.bulkInsert(docs);
      await collection.bulkRemove(['3', 'tmp:b']);
    }
    const queries: MangoQuery<CustomerChatDoc>[] = [
      { selector: { _deleted: { $eq: false }, id: { $gte: 'tmp:', $lt: 'tmp;' } } as never, sort: [{ id: 'asc' }], skip: 1, limit: 2 },
      { selector: { _deleted: { $eq: false }, id: { $gte: 'tmp:', $lt: 'tmp;' } } as never, sort: [{ id: 'desc' }] },
      { selector: { id: { $gt: '2' } }, sort: [{ id: 'asc' }] },
      { selector: { _deleted: { $eq: true } } as never, sort: [{ id: 'asc' }] },
      { selector: { _deleted: { $eq: false }, ack: { $eq: 0 } } as never, sort: [{ id: 'asc' }], limit: 3 },
    ];
    try {
      for (const query of queries) {
        const answers = await Promise.all(
          stores.map(async ({ collection }) => {
            const instance = collection.storageInstance as RxStorageInstance<CustomerChatDoc, unknown, unknown>;
            const prepared = prepareQuery(instance.schema, normalizeMangoQuery(instance.schema, query));
            expect(prepared.queryPlan.index).toEqual(['_deleted', 'id']);
            const { documents } = await instance.query(prepared);
            return { ids: documents.map((doc) => `${doc.id}${doc._deleted ? ' (deleted)' : ''}`), count: (await instance.count(prepared)).count };
          }),
        );
        expect(answers[0]!.ids.length).toBeGreaterThan(0);
        expect(answers[0]).toEqual(answers[1]);
      }
      const sends = await stores[0]!.collection.find({ selector: { id: { $gte: 'tmp:', $lt: 'tmp;' } }, sort: [{ id: 'asc' }] }).exec();
      expect(sends.map((doc) => doc.id)).toEqual(['tmp:a', 'tmp:c', 'tmp:d']);
    } finally {
      await Promise.all(stores.map(({ db }) => db.remove()));
    }
  });
});

describe('the customers, only pulled', () => {
  it('are stored with no index but the primary key, read by id, and purged of the deleted on cleanup', async () => {
    const factory = new IDBFactory();
    const db = await openPedbotDatabase({ storage: pedbotDexieStorage({ indexedDB: factory, IDBKeyRange }), name: 'lean-customers', multiInstance: false, collections: ['customers'] });
    opened = db;
    expect(await storedIndexes(factory, 'lean-customers', 1, 'customers')).toEqual([]);
    await db.customers.bulkInsert(['c1', 'c2', 'c3'].map((id) => ({ id, name: `Cliente ${id}`, phone_number: '5511999990000', is_favorite: false, is_blacklisted: false, is_blacklisted_campaign: false, updatedAt: 1 })));
    await db.customers.bulkRemove(['c2']);
    expect([...(await db.customers.findByIds(['c1', 'c2', 'c3']).exec()).keys()].sort()).toEqual(['c1', 'c3']);
    expect(await db.customers.count().exec()).toBe(2);
    expect((await getChangedDocumentsSince(db.customers.storageInstance, 10)).documents).toEqual([]);
    await db.customers.storageInstance.cleanup(0);
    expect(await db.customers.storageInstance.findDocumentsById(['c2'], true)).toEqual([]);
    expect((await db.customers.find().exec()).map((doc) => doc.name)).toEqual(['Cliente c1', 'Cliente c3']);
  });
});

import { IDBFactory, IDBIndex, IDBKeyRange } from 'fake-indexeddb';
import type { MangoQuery } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pedbotDexieStorage } from '../../../../src/app/data/database/dexie-storage';
import { openPedbotDatabase } from '../../../../src/app/data/database/open-database';
import { conversationQuery } from '../../../../src/app/data/queries/message-queries';
import { ticketListQuery } from '../../../../src/app/data/queries/ticket-queries';
import { fromServer } from '../../../../src/app/data/replication/documents';
import type { ChatTicketDoc, CustomerChatDoc, PedbotDatabase } from '../../../../src/app/data/schema';
import { TAB_COMBINATIONS } from '../../../../src/shared/domain/tickets';
import { randomServerTickets } from '../../../helpers/random-tickets';

/**
 * The app's queries read index ranges with getAll (batched-query.ts): every answer must be the one
 * RxDB's own cursor walk gives, on the same documents, in fewer IndexedDB requests.
 */
const ME = '5';
const requests = { cursors: 0, getAll: 0 };
const originalCursor = IDBIndex.prototype.openCursor;
const originalGetAll = IDBIndex.prototype.getAll;
IDBIndex.prototype.openCursor = function (this: IDBIndex, ...args: Parameters<IDBIndex['openCursor']>) {
  requests.cursors += 1;
  return originalCursor.apply(this, args);
} as typeof originalCursor;
IDBIndex.prototype.getAll = function (this: IDBIndex, ...args: Parameters<IDBIndex['getAll']>) {
  requests.getAll += 1;
  return originalGetAll.apply(this, args);
} as typeof originalGetAll;

let batched: PedbotDatabase;
let walked: PedbotDatabase;
/** Reads at most 16 records a request, so ranges are read across several batches. */
let smallBatches: PedbotDatabase;

function tickets(count: number): ChatTicketDoc[] {
  return randomServerTickets(count, 11, ME, 13).map((raw) => {
    const { _deleted: _, ...doc } = fromServer('chattickets', raw as never) as unknown as ChatTicketDoc & { _deleted?: boolean };
    return doc;
  });
}

function messages(count: number): CustomerChatDoc[] {
  return Array.from({ length: count }, (__, i) => {
    const raw = {
      id: String(i + 1),
      customer_id: i % 4 === 0 ? 'c2' : 'c1',
      instance_id: '1',
      chat_ticket_id: '1',
      body: `mensagem ${i}`,
      sent_at: `2025-01-01T10:${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}.000Z`,
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: 1,
    };
    const { _deleted: _, ...doc } = fromServer('customerchats', raw as never) as unknown as CustomerChatDoc & { _deleted?: boolean };
    return doc;
  });
}

beforeAll(async () => {
  const collections = ['chattickets', 'customerchats'] as const;
  batched = await openPedbotDatabase({ storage: pedbotDexieStorage({ indexedDB: new IDBFactory(), IDBKeyRange }), name: 'batched', multiInstance: false, collections });
  walked = await openPedbotDatabase({ storage: getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange }), name: 'walked', multiInstance: false, collections });
  smallBatches = await openPedbotDatabase({
    storage: pedbotDexieStorage({ indexedDB: new IDBFactory(), IDBKeyRange }, { readBatch: 16 }),
    name: 'small',
    multiInstance: false,
    collections,
  });
  for (const db of [batched, walked, smallBatches]) {
    await db.chattickets.bulkInsert(tickets(400));
    await db.customerchats.bulkInsert(messages(700));
  }
  return async () => {
    await batched.remove();
    await walked.remove();
    await smallBatches.remove();
  };
});

afterEach(() => {
  requests.cursors = 0;
  requests.getAll = 0;
});

const ids = async (db: PedbotDatabase, query: MangoQuery<ChatTicketDoc>) => (await db.chattickets.find(query).exec()).map((d) => d.id);

describe('index ranges read with getAll', () => {
  it('answer every tab page exactly as the cursor walk, with one request and no cursor', async () => {
    for (const { tab, is_campaign } of [...TAB_COMBINATIONS, { tab: 'closed' as const, is_campaign: true }]) {
      for (const limit of [1, 7, 50, undefined]) {
        const filter = { instanceId: '1', tab, isCampaign: is_campaign, userId: ME, limit };
        const want = (await ticketListQuery(walked, filter).exec()).map((d) => d.id);
        requests.getAll = 0;
        requests.cursors = 0;
        const got = (await ticketListQuery(batched, filter).exec()).map((d) => d.id);
        expect(got).toEqual(want);
        expect([tab, limit, requests.getAll, requests.cursors]).toEqual([tab, limit, 1, 0]);
      }
    }
  });

  it('answer the latest messages of a conversation in one request', async () => {
    const want = (await conversationQuery(walked, 'c1', '1', 200).exec()).map((d) => d.id);
    requests.getAll = 0;
    const got = (await conversationQuery(batched, 'c1', '1', 200).exec()).map((d) => d.id);
    expect(got).toHaveLength(200);
    expect(got).toEqual(want);
    expect(requests.getAll).toBe(1);
  });

  it('read past what the index selects until enough match, in a few requests', async () => {
    // unseenMsg is in no index: the planner walks an index and the matcher drops most records.
    const query: MangoQuery<ChatTicketDoc> = {
      selector: { instance_id: '1', finished_ticket: false, inbox: false, is_campaign: false, unseenMsg: 2 },
      sort: [{ sort_key: 'asc' }],
      limit: 20,
    };
    const { queryPlan } = batched.chattickets.find(query).getPreparedQuery();
    expect([queryPlan.sortSatisfiedByIndex, queryPlan.selectorSatisfiedByIndex]).toEqual([true, false]);
    const want = await ids(walked, query);
    requests.getAll = 0;
    expect(await ids(batched, query)).toEqual(want);
    expect(want).toHaveLength(20);
    expect(requests.getAll).toBeLessThan(4);
  });

  it('sort, skip and limit in memory when the index does not give the order', async () => {
    const queries: MangoQuery<ChatTicketDoc>[] = [
      { selector: { instance_id: '1' }, sort: [{ unseenMsg: 'desc' }, { id: 'asc' }], limit: 25 },
      { selector: { instance_id: '1' }, sort: [{ unseenMsg: 'desc' }, { id: 'asc' }], skip: 10, limit: 5 },
      { selector: { instance_id: '2', inbox: true }, sort: [{ sort_key: 'asc' }], skip: 3, limit: 4 },
      { selector: { instance_id: '3' }, sort: [{ sort_key: 'asc' }], limit: 5 },
      { selector: { instance_id: '1', unseenMsg: { $gt: 0 } }, sort: [{ sort_key: 'asc' }] },
    ];
    for (const query of queries) {
      const want = await ids(walked, query);
      expect(await ids(batched, query)).toEqual(want);
    }
  });

  it('read a range across batches, each after the last record read, to the same answer', async () => {
    const queries: MangoQuery<ChatTicketDoc>[] = [
      { selector: { instance_id: '1', finished_ticket: false, inbox: false, is_campaign: false }, sort: [{ sort_key: 'asc' }] },
      { selector: { instance_id: '1', finished_ticket: false, inbox: false, is_campaign: false, unseenMsg: 2 }, sort: [{ sort_key: 'asc' }], limit: 20 },
      { selector: { instance_id: '1' }, sort: [{ unseenMsg: 'desc' }, { id: 'asc' }], skip: 40, limit: 30 },
      { selector: {}, sort: [{ id: 'asc' }] },
    ];
    for (const query of queries) {
      const want = await ids(walked, query);
      requests.getAll = 0;
      expect(await ids(smallBatches, query)).toEqual(want);
      expect(requests.getAll).toBeGreaterThan(1);
    }
    const conversation = (await conversationQuery(smallBatches, 'c1', '1', 200).exec()).map((d) => d.id);
    expect(conversation).toEqual((await conversationQuery(walked, 'c1', '1', 200).exec()).map((d) => d.id));
  });

  it('see a write made just before, in the same order', async () => {
    const filter = { instanceId: '1', tab: 'inbox' as const, isCampaign: false, userId: ME, limit: 5 };
    const [newest] = tickets(1).map((t) => ({ ...t, id: '9999', inbox: true, finished_ticket: false, is_campaign: false, instance_id: '1', sort_key: '0' }));
    for (const db of [batched, walked, smallBatches]) await db.chattickets.insert(newest!);
    const got = (await ticketListQuery(batched, filter).exec()).map((d) => d.id);
    expect(got[0]).toBe('9999');
    expect(got).toEqual((await ticketListQuery(walked, filter).exec()).map((d) => d.id));
  });
});

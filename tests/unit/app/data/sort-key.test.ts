import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createRxDatabase, type RxJsonSchema } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { openPedbotDatabase } from '../../../../src/app/data/database/open-database';
import { conversation$, conversationQuery } from '../../../../src/app/data/queries/message-queries';
import { temporaryMessagesQuery } from '../../../../src/app/data/queries/temporary-messages';
import { ticketList$, ticketListQuery, type TicketListFilter } from '../../../../src/app/data/queries/ticket-queries';
import { fromServer } from '../../../../src/app/data/replication/documents';
import type { ChatTicketDoc, CustomerChatDoc, PedbotDatabase } from '../../../../src/app/data/schema';
import { chatTicketSchema } from '../../../../src/app/data/schema/chat-ticket';
import { customerChatSchema } from '../../../../src/app/data/schema/customer-chat';
import { descendingText, messageSortKey, ticketSortKey } from '../../../../src/app/data/schema/sort-key';
import { TAB_COMBINATIONS } from '../../../../src/shared/domain/tickets';
import { randomServerTickets, seededRandom } from '../../../helpers/random-tickets';

const ME = '5';
let db: PedbotDatabase | undefined;
afterEach(async () => {
  await db?.remove();
  db = undefined;
});

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** The lists' order as it was specified before the index keys: time descending, id descending (as text). */
const newestFirst = <T extends { id: string }>(time: (d: T) => string) => (a: T, b: T) => byText(time(b), time(a)) || byText(b.id, a.id);

const dexie = () => getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange });

const tabMatches = (t: ChatTicketDoc, f: TicketListFilter) =>
  t.instance_id === f.instanceId &&
  t.is_campaign === f.isCampaign &&
  (f.tab === 'inbox'
    ? !t.finished_ticket && t.inbox
    : f.tab === 'my_chats'
      ? t.owner_key === f.userId && !t.finished_ticket && !t.inbox
      : f.tab === 'opened'
        ? !t.finished_ticket && !t.inbox
        : t.finished_ticket && !t.inbox);

const FILTERS: TicketListFilter[] = [...TAB_COMBINATIONS, { tab: 'closed' as const, is_campaign: true }].map(({ tab, is_campaign }) => ({
  instanceId: '1',
  tab,
  isCampaign: is_campaign,
  userId: ME,
}));

describe('newest-first index keys', () => {
  it('order ascending exactly as their values order descending, prefixes included', () => {
    const next = seededRandom(7);
    const alphabet = '0123456789:-.TZtmp';
    const values = Array.from({ length: 400 }, () =>
      Array.from({ length: Math.floor(next() * 8) }, () => alphabet[Math.floor(next() * alphabet.length)]).join(''),
    );
    const viaKeys = [...values].sort((a, b) => byText(descendingText(a, 10), descendingText(b, 10)));
    expect(viaKeys).toEqual([...values].sort((a, b) => byText(b, a)));
  });

  it('serve every tab and the conversation as a bounded index walk, with no re-sort', async () => {
    db = await openPedbotDatabase({ storage: dexie(), name: 'plans', multiInstance: false, collections: ['chattickets', 'customerchats', 'customers'] });
    for (const f of FILTERS) {
      const { queryPlan } = ticketListQuery(db, { ...f, limit: 50 }).getPreparedQuery();
      expect([f.tab, f.isCampaign, queryPlan.sortSatisfiedByIndex, queryPlan.selectorSatisfiedByIndex]).toEqual([f.tab, f.isCampaign, true, true]);
    }
    const { queryPlan } = conversationQuery(db, 'c1', '1', 200).getPreparedQuery();
    expect([queryPlan.sortSatisfiedByIndex, queryPlan.selectorSatisfiedByIndex]).toEqual([true, true]);
    // The temporary messages: a primary-key range, not a walk over every message.
    const temporary = temporaryMessagesQuery(db).getPreparedQuery().queryPlan;
    expect([temporary.index, temporary.startKeys, temporary.selectorSatisfiedByIndex]).toEqual([['_deleted', 'id'], [false, 'tmp:'], true]);
  });

  it('list each tab page on Dexie in the specified order: newest last message first, higher id on a tie', async () => {
    db = await openPedbotDatabase({ storage: dexie(), name: 'order', multiInstance: false, collections: ['chattickets', 'customers'] });
    const docs = randomServerTickets(120, 3, ME).map((raw) => fromServer('chattickets', raw as never) as unknown as ChatTicketDoc & { _deleted?: boolean });
    await db.chattickets.bulkInsert(docs.map(({ _deleted: _, ...doc }) => doc));
    for (const f of FILTERS) {
      const expected = docs.filter((t) => tabMatches(t, f)).sort(newestFirst((t) => t.sort_at));
      const page = await firstValueFrom(ticketList$(db, { ...f, limit: 7 }));
      expect(page.map((t) => t.id)).toEqual(expected.slice(0, 7).map((t) => t.id));
      const all = await firstValueFrom(ticketList$(db, f));
      expect(all.map((t) => t.id)).toEqual(expected.map((t) => t.id));
    }
  });
});

describe('schema version 1 migration', () => {
  /** The version 0 schemas as they shipped: no sort_key, tab indexes ending with sort_at. */
  const v0 = <T>(schema: RxJsonSchema<T>, indexes: string[][]): RxJsonSchema<T> => {
    const properties = { ...schema.properties } as Record<string, unknown>;
    delete properties.sort_key;
    return {
      ...schema,
      version: 0,
      properties: properties as RxJsonSchema<T>['properties'],
      required: (schema.required as string[]).filter((f) => f !== 'sort_key') as RxJsonSchema<T>['required'],
      indexes,
    };
  };

  it('gives documents stored before it their sort_key, so the lists keep their order', async () => {
    const storage = dexie();
    const name = 'migration';
    const old = await createRxDatabase({ name, storage, multiInstance: false });
    const { chattickets, customerchats } = await old.addCollections({
      chattickets: {
        schema: v0(chatTicketSchema, [
          ['instance_id', 'finished_ticket', 'inbox', 'is_campaign', 'sort_at'],
          ['instance_id', 'owner_key', 'finished_ticket', 'inbox', 'is_campaign', 'sort_at'],
          ['customer_id'],
        ]),
      },
      customerchats: { schema: v0(customerChatSchema, [['customer_id', 'instance_id', 'sent_at'], ['hash'], ['ticket_key']]) },
    });
    const tickets = randomServerTickets(40, 11, ME).map((raw) => {
      const { _deleted: _, sort_key: __, ...doc } = fromServer('chattickets', raw as never) as unknown as ChatTicketDoc & { _deleted: boolean };
      return doc;
    });
    await chattickets.bulkInsert(tickets);
    const messages = Array.from({ length: 30 }, (_unused, i) => {
      const { _deleted: _, sort_key: __, ...doc } = fromServer('customerchats', {
        id: String(i + 1),
        ack: 2,
        customer_id: 'c1',
        instance_id: '1',
        hash: `h${i}`,
        type: 'text',
        sent_at: `2025-01-01T10:0${i % 4}:00.000Z`,
        is_temp: false,
        updatedAt: 1,
      }) as unknown as CustomerChatDoc & { _deleted: boolean };
      return doc;
    });
    await customerchats.bulkInsert(messages);
    await old.close();

    db = await openPedbotDatabase({ storage, name, multiInstance: false, collections: ['chattickets', 'customerchats', 'customers'] });
    const stored = (await db.chattickets.find().exec()).map((d) => d.toJSON() as ChatTicketDoc);
    expect(stored).toHaveLength(40);
    for (const t of stored) expect(t.sort_key).toBe(ticketSortKey(t));
    for (const m of (await db.customerchats.find().exec()).map((d) => d.toJSON() as CustomerChatDoc)) expect(m.sort_key).toBe(messageSortKey(m));

    const opened = FILTERS.find((f) => f.tab === 'opened' && !f.isCampaign)!;
    const expected = (stored as ChatTicketDoc[]).filter((t) => tabMatches(t, opened)).sort(newestFirst((t) => t.sort_at));
    expect((await firstValueFrom(ticketList$(db, { ...opened, limit: 10 }))).map((t) => t.id)).toEqual(expected.slice(0, 10).map((t) => t.id));
    const latest = [...messages].sort(newestFirst((m) => m.sent_at)).slice(0, 12).reverse();
    expect((await firstValueFrom(conversation$(db, 'c1', '1', 12))).map((m) => m.id)).toEqual(latest.map((m) => m.id));
  });
});

describe('customerchats schema version 2 migration', () => {
  it('gives messages stored under version 1 the short sort_key, and their conversation keeps its order', async () => {
    const storage = dexie();
    const name = 'migration-2';
    // Version 1 as it shipped: the long key (time padded to 30, id to 140) and four indexes.
    const longKey = (m: { sent_at: string; id: string }) => descendingText(m.sent_at, 30) + descendingText(m.id, 140);
    const v1 = {
      ...customerChatSchema,
      version: 1,
      properties: { ...customerChatSchema.properties, sort_key: { type: 'string', maxLength: 170 } },
      indexes: [['customer_id', 'instance_id', 'sort_key'], ['customer_id', 'instance_id', 'sent_at'], 'hash', 'ticket_key'],
    } as RxJsonSchema<CustomerChatDoc>;
    const old = await createRxDatabase({ name, storage, multiInstance: false });
    const { customerchats } = await old.addCollections({ customerchats: { schema: v1, migrationStrategies: { 1: (doc: CustomerChatDoc) => doc } } });
    const messages = Array.from({ length: 25 }, (_unused, i) => {
      const { _deleted: _, ...doc } = fromServer('customerchats', {
        id: String(i + 1),
        ack: 2,
        customer_id: 'c1',
        instance_id: '1',
        hash: `h${i}`,
        type: 'text',
        sent_at: `2025-01-01T10:0${i % 3}:00.000Z`,
        is_temp: false,
        updatedAt: 1,
      }) as unknown as CustomerChatDoc & { _deleted: boolean };
      return { ...doc, sort_key: longKey(doc) };
    });
    await customerchats.bulkInsert(messages);
    await old.close();

    db = await openPedbotDatabase({ storage, name, multiInstance: false, collections: ['customerchats'] });
    const stored = (await db.customerchats.find().exec()).map((d) => d.toJSON() as CustomerChatDoc);
    expect(stored).toHaveLength(25);
    for (const m of stored) expect(m.sort_key).toBe(messageSortKey(m));
    const latest = [...messages].sort(newestFirst((m) => m.sent_at)).slice(0, 10).reverse();
    expect((await firstValueFrom(conversation$(db, 'c1', '1', 10))).map((m) => m.id)).toEqual(latest.map((m) => m.id));
  });
});

import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createRxDatabase } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { pedbotDexieStorage } from '../../../../src/app/data/database/dexie-storage';
import { openPedbotDatabase } from '../../../../src/app/data/database/open-database';
import { ticketList$, type TicketListFilter } from '../../../../src/app/data/queries/ticket-queries';
import type { ServerDoc } from '../../../../src/app/data/replication/documents';
import { localDoc, serverTicket } from './server-docs';
import type { PedbotDatabase } from '../../../../src/app/data/schema';
import { chatTicketMigrations, chatTicketSchema } from '../../../../src/app/data/schema/chat-ticket';

let db: PedbotDatabase | undefined;
afterEach(async () => {
  await db?.remove();
  db = undefined;
});

const local = (raw: ServerDoc) => localDoc('chattickets', raw);

/** A ticket as the feed sends it; ids ascend with the last message, so the list shows them newest (highest) first. */
const ticket = (id: number, categoryIds: string[], over: Record<string, unknown> = {}): ServerDoc =>
  serverTicket(String(id), {
    last_msg: `2025-01-01T10:${String(Math.floor(id / 60)).padStart(2, '0')}:${String(id % 60).padStart(2, '0')}.000Z`,
    category_ids: categoryIds,
    updatedAt: id,
    ...over,
  });

const base: TicketListFilter = { instanceId: '1', tab: 'inbox', isCampaign: false, userId: '5' };
const ids = (database: PedbotDatabase, f: Partial<TicketListFilter>) => firstValueFrom(ticketList$(database, { ...base, ...f })).then((list) => list.map((t) => t.id));

async function seeded(): Promise<PedbotDatabase> {
  const opened = await openPedbotDatabase({
    storage: pedbotDexieStorage({ indexedDB: new IDBFactory(), IDBKeyRange }),
    name: `categories${Date.now()}${Math.random()}`.replace('.', ''),
    multiInstance: false,
    collections: ['chattickets', 'customers'],
  });
  // Every third ticket is a sale ('7'), every fifth a complaint ('12'); ticket 30 is in the other tab.
  const docs = Array.from({ length: 60 }, (_, i) => {
    const id = i + 1;
    const categories = [...(id % 3 === 0 ? ['7'] : []), ...(id % 5 === 0 ? ['12'] : [])];
    return ticket(id, categories, id === 30 ? { inbox: false } : {});
  });
  await opened.chattickets.bulkInsert(docs.map(local));
  return opened;
}

describe('the ticket list category filter', () => {
  it('keeps the tickets with any chosen category, newest first, a page at a time; no choice is no filter', async () => {
    db = await seeded();
    const desc = (keep: (id: number) => boolean) =>
      Array.from({ length: 60 }, (_, i) => 60 - i)
        .filter((id) => id !== 30 && keep(id))
        .map(String);
    expect(await ids(db, { categoryIds: ['12'] })).toEqual(desc((id) => id % 5 === 0));
    expect(await ids(db, { categoryIds: ['7', '12'] })).toEqual(desc((id) => id % 3 === 0 || id % 5 === 0));
    expect(await ids(db, { categoryIds: ['7'], limit: 4 })).toEqual(['60', '57', '54', '51']);
    expect(await ids(db, { categoryIds: ['99'] })).toEqual([]);
    expect(await ids(db, { categoryIds: [] })).toEqual(desc(() => true));
    expect(await ids(db, {})).toEqual(desc(() => true));
    expect(await ids(db, { tab: 'opened', categoryIds: ['7', '12'] })).toEqual(['30']);
  });

  it('follows a ticket tagged or untagged elsewhere, as the feed writes it', async () => {
    db = await seeded();
    const emissions: string[][] = [];
    const sub = ticketList$(db, { ...base, categoryIds: ['12'], limit: 3 }).subscribe((list) => emissions.push(list.map((t) => t.id)));
    await expect.poll(() => emissions.at(-1)).toEqual(['60', '55', '50']);
    await db.chattickets.upsert(local(ticket(59, ['12'], { updatedAt: 100 })));
    await expect.poll(() => emissions.at(-1)).toEqual(['60', '59', '55']);
    await db.chattickets.upsert(local(ticket(60, ['7'], { updatedAt: 101 })));
    await expect.poll(() => emissions.at(-1)).toEqual(['59', '55', '50']);
    sub.unsubscribe();
  });

  it('gives the tickets stored before categories an empty list, so they are simply untagged', async () => {
    const storage = getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange });
    const name = `migrate${Date.now()}`;
    const { category_ids: _, ...properties } = chatTicketSchema.properties;
    const old = await createRxDatabase({ name, storage, multiInstance: false });
    const { 1: one, 2: two, 3: three } = chatTicketMigrations;
    const collections = await old.addCollections({
      chattickets: { schema: { ...chatTicketSchema, version: 3, properties }, migrationStrategies: { 1: one, 2: two, 3: three } },
    });
    const { category_ids: __, ...stored } = local(ticket(1, [])) as Record<string, unknown>;
    await collections.chattickets.insert(stored as never);
    await old.close();

    db = await openPedbotDatabase({ storage, name, multiInstance: false, collections: ['chattickets', 'customers'] });
    expect((await db.chattickets.findOne('1').exec())?.category_ids).toEqual([]);
    expect(await ids(db, { categoryIds: ['7'] })).toEqual([]);
  });
});

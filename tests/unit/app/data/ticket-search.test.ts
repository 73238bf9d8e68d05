import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createRxDatabase } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openPedbotDatabase } from '../../../../src/app/data/database/open-database';
import { ticketList$ } from '../../../../src/app/data/queries/ticket-queries';
import { fromServer, toServer, viewedTicketEdit, type ServerDoc } from '../../../../src/app/data/replication/documents';
import { localDoc, serverTicket } from './server-docs';
import type { ChatTicketDoc, CustomerDoc, PedbotDatabase } from '../../../../src/app/data/schema';
import { chatTicketMigrations, chatTicketSchema } from '../../../../src/app/data/schema/chat-ticket';
import { customerSchema } from '../../../../src/app/data/schema/customer';
import { foldForSearch } from '../../../../src/shared/domain/messages';

const me = '5';
let db: PedbotDatabase | undefined;
afterEach(async () => {
  await db?.remove();
  db = undefined;
});

const ticket = (id: string, over: Record<string, unknown> = {}): ServerDoc =>
  serverTicket(id, { last_msg: `2025-01-${String(10 + Number(id)).padStart(2, '0')}T10:00:00.000Z`, ...over });

const customer = (id: string, name: string | undefined, phone: string): ServerDoc => ({
  id,
  name,
  phone_number: phone,
  is_favorite: false,
  is_blacklisted: false,
  is_blacklisted_campaign: false,
  updatedAt: 1,
});

const TICKETS = [
  ticket('1', { protocol: '20250001', last_msg_preview: 'Quero saber do pedido' }),
  ticket('2', { protocol: '20250002', last_msg_preview: 'Obrigado!' }),
  ticket('3', { protocol: '20250003', customer_name: 'Conceição (loja)' }),
  ticket('4', { protocol: '20259999', last_msg_preview: 'Promoção de verão' }),
  ticket('5', { customer_id: 'c-missing', protocol: '20250005' }),
  ticket('6', { protocol: '20250006', inbox: false }),
];
const CUSTOMERS = [
  customer('c1', 'José Antônio', '5511911110001'),
  customer('c2', 'Maria da Conceição', '5511911110002'),
  customer('c3', undefined, '5521988880003'),
  customer('c4', 'PROMOÇÃO Ltda', '5511911110004'),
  customer('c6', 'José Antônio Filho', '5511911110006'),
];

async function seeded(): Promise<PedbotDatabase> {
  const opened = await openPedbotDatabase({ storage: getRxStorageMemory(), name: `search${Date.now()}${Math.random()}`.replace('.', ''), multiInstance: false });
  await opened.chattickets.bulkInsert(TICKETS.map((t) => localDoc('chattickets', t)));
  await opened.customers.bulkInsert(CUSTOMERS.map((c) => localDoc('customers', c)));
  return opened;
}

const search = (database: PedbotDatabase, query: string, limit?: number) =>
  firstValueFrom(ticketList$(database, { instanceId: '1', tab: 'inbox', isCampaign: false, userId: me, search: query, limit })).then((list) =>
    list.map((t) => t.id),
  );

/** The list's search as it was before the folded texts: fold every field of the joined ticket. */
function reference(query: string): string[] {
  const needle = foldForSearch(query.trim());
  const customers = new Map(CUSTOMERS.map((c) => [c.id, c as unknown as CustomerDoc]));
  return TICKETS.filter((t) => t.inbox)
    .map((t) => t as unknown as ChatTicketDoc)
    .sort((a, b) => (b.last_msg ?? '').localeCompare(a.last_msg ?? ''))
    .filter((t) => {
      const c = customers.get(t.customer_id);
      return [c?.name, c?.phone_number, t.customer_name, t.protocol, t.last_msg_preview].some((text) => !!text && foldForSearch(text).includes(needle));
    })
    .map((t) => t.id);
}

describe('the ticket list search', () => {
  it('finds what folding every field of the joined tickets found: names with accents, phone digits, protocols, previews', async () => {
    db = await seeded();
    const queries = ['jose antonio', 'JOSÉ', 'Antônio', 'conceicao', 'CONCEIÇÃO', 'promocao', 'Promoção', '1111000', '5521', '2025000', '20259999', 'pedido', 'obrigado', ' maria ', 'ninguém', 'a'];
    for (const query of queries) expect([query, await search(db, query)]).toEqual([query, reference(query)]);
    expect(await search(db, 'jose antonio')).toEqual(['1']);
    expect(await search(db, 'conceicao')).toEqual(['3', '2']);
    expect(await search(db, '2025000')).toEqual(['5', '3', '2', '1']);
  });

  it('finds a phone typed in any format', async () => {
    db = await seeded();
    for (const query of ['(11) 91111-0002', '+55 11 91111 0002', '11 911110002', '91111-0002', '5511911110002']) {
      expect([query, await search(db, query)]).toEqual([query, ['2']]);
    }
    expect(await search(db, '(21) 98888-0003')).toEqual(['3']);
    expect(await search(db, '(11) 9999-9999')).toEqual([]);
  });

  it('keeps the newest matches up to the page size and the whole tab without a search', async () => {
    db = await seeded();
    expect(await search(db, '2025', 2)).toEqual(['5', '4']);
    expect(await search(db, '   ')).toEqual(['5', '4', '3', '2', '1']);
  });

  it('follows customers that arrive after their tickets or change, and tickets whose fields change', async () => {
    db = await seeded();
    const answers: string[][] = [];
    const sub = ticketList$(db, { instanceId: '1', tab: 'inbox', isCampaign: false, userId: me, search: 'beatriz' }).subscribe((list) =>
      answers.push(list.map((t) => t.id)),
    );
    await vi.waitFor(() => expect(answers).toEqual([[]]));
    await db.customers.insert(localDoc('customers', customer('c-missing', 'Beatriz Araújo', '5511955550005')));
    await vi.waitFor(() => expect(answers.at(-1)).toEqual(['5']));
    await db.customers.upsert(localDoc('customers', { ...customer('c1', 'Beatriz Souza', '5511911110001'), updatedAt: 2 }));
    await vi.waitFor(() => expect(answers.at(-1)).toEqual(['5', '1']));
    await db.customers.upsert(localDoc('customers', { ...customer('c-missing', 'Bia', '5511955550005'), updatedAt: 2 }));
    await vi.waitFor(() => expect(answers.at(-1)).toEqual(['1']));
    await db.chattickets.upsert(localDoc('chattickets', { ...TICKETS[1]!, last_msg_preview: 'Beatriz indicou a loja', updatedAt: 2 }));
    await vi.waitFor(() => expect(answers.at(-1)).toEqual(['2', '1']));
    sub.unsubscribe();
    expect(await search(db, 'jose antonio')).toEqual([]);
  });

  it('searches documents written without their folded text by folding their fields', async () => {
    db = await seeded();
    const { search_text: _, ...bare } = localDoc('customers', customer('c-missing', 'Íris', '5511900000000')) as CustomerDoc;
    await db.customers.insert(bare);
    expect(await search(db, 'iris')).toEqual(['5']);
  });

  it('never pushes the folded text to the server', () => {
    const doc = fromServer('chattickets', TICKETS[0]!);
    expect(doc.search_text).toBe('20250001\u0000quero saber do pedido');
    expect(toServer('chattickets', { ...doc, ...viewedTicketEdit() })).not.toHaveProperty('search_text');
  });

  it('adds the folded text to the tickets and customers stored before it existed', async () => {
    const storage = getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange });
    const name = `migrate${Date.now()}`;
    const { search_text: _t, ...ticketProperties } = chatTicketSchema.properties;
    const { search_text: _c, ...customerProperties } = customerSchema.properties;
    const old = await createRxDatabase({ name, storage, multiInstance: false });
    const collections = await old.addCollections({
      chattickets: { schema: { ...chatTicketSchema, version: 2, properties: ticketProperties }, migrationStrategies: { 1: chatTicketMigrations[1], 2: chatTicketMigrations[2] } },
      customers: { schema: { ...customerSchema, version: 0, properties: customerProperties } },
    });
    const strip = (doc: Record<string, unknown>) => {
      const { search_text: _s, ...rest } = doc;
      return rest;
    };
    await collections.chattickets.bulkInsert(TICKETS.map((t) => strip(localDoc('chattickets', t))));
    await collections.customers.bulkInsert(CUSTOMERS.map((c) => strip(localDoc('customers', c))));
    await old.close();

    db = await openPedbotDatabase({ storage, name, multiInstance: false, collections: ['chattickets', 'customers'] });
    expect((await db.chattickets.findOne('3').exec())?.search_text).toBe('conceicao (loja)\u000020250003');
    expect((await db.customers.findOne('c1').exec())?.search_text).toBe('jose antonio\u00005511911110001');
    expect(await search(db, 'conceicao')).toEqual(['3', '2']);
  });
});

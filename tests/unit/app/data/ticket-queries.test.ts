import { firstValueFrom } from 'rxjs';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPedbotDatabase } from '../../../../src/app/data/database/open-database';
import { conversation$, prefetchConversation } from '../../../../src/app/data/queries/message-queries';
import { prefetchTicketList, ticketCounts$, ticketList$ } from '../../../../src/app/data/queries/ticket-queries';
import { fromServer } from '../../../../src/app/data/replication/documents';
import type { PedbotDatabase } from '../../../../src/app/data/schema';
import { messageSortKey } from '../../../../src/app/data/schema/sort-key';

let db: PedbotDatabase;
const me = '5';

const ticket = (id: string, over: Record<string, unknown>) =>
  fromServer('chattickets', {
    id,
    instance_id: '1',
    customer_id: `c${id}`,
    is_campaign: false,
    finished_ticket: false,
    inbox: false,
    unseenMsg: 0,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: 1,
    ...over,
  });

beforeAll(async () => {
  db = await openPedbotDatabase({ storage: getRxStorageMemory(), name: 'queries', multiInstance: false });
  await db.chattickets.bulkInsert(
    [
      ticket('1', { inbox: true, last_msg: '2025-01-02T10:00:00.000Z' }),
      ticket('2', { inbox: true, last_msg: '2025-01-03T10:00:00.000Z' }),
      ticket('3', { user_id: me, last_msg: '2025-01-01T10:00:00.000Z' }),
      ticket('4', { user_id: '9', last_msg: '2025-01-04T10:00:00.000Z' }),
      ticket('5', { user_id: me, finished_ticket: true }),
      ticket('6', { user_id: me, is_campaign: true }),
      ticket('7', { inbox: true, instance_id: '2' }),
    ].map(({ _deleted: _, ...doc }) => doc as never),
  );
  await db.customers.bulkInsert([
    { id: 'c1', name: 'Promoção Maria', phone_number: '5511911110001', is_favorite: false, is_blacklisted: false, is_blacklisted_campaign: false, updatedAt: 1 },
    { id: 'c2', name: 'João', phone_number: '5511911110002', is_favorite: false, is_blacklisted: false, is_blacklisted_campaign: false, updatedAt: 1 },
  ]);
});
afterAll(async () => {
  await db.remove();
});

const ids = (tab: 'inbox' | 'my_chats' | 'opened' | 'closed', isCampaign = false, search?: string) =>
  firstValueFrom(ticketList$(db, { instanceId: '1', tab, isCampaign, userId: me, search })).then((list) => list.map((t) => t.id));

describe('attendance lists from the local database', () => {
  it('splits tickets into the tabs, newest last message first, by connection and kind', async () => {
    expect(await ids('inbox')).toEqual(['2', '1']);
    expect(await ids('my_chats')).toEqual(['3']);
    expect(await ids('opened')).toEqual(['4', '3']);
    expect(await ids('closed')).toEqual(['5']);
    expect(await ids('my_chats', true)).toEqual(['6']);
  });

  it('joins customers and searches their name and phone without accents', async () => {
    const [first] = await firstValueFrom(ticketList$(db, { instanceId: '1', tab: 'inbox', isCampaign: false, userId: me }));
    expect(first?.customer?.name).toBe('João');
    const list = await firstValueFrom(ticketList$(db, { instanceId: '1', tab: 'inbox', isCampaign: false, userId: me, search: 'promocao' }));
    expect(list.map((t) => [t.id, t.customer?.name])).toEqual([['1', 'Promoção Maria']]);
    expect(await ids('inbox', false, '110002')).toEqual(['2']);
  });

  it('counts every tab and kind', async () => {
    const counts = await firstValueFrom(ticketCounts$(db, '1', me));
    expect(counts).toEqual({
      inbox: { attendance: 2, campaign: 0 },
      my_chats: { attendance: 1, campaign: 1 },
      opened: { attendance: 2, campaign: 1 },
      closed: { attendance: 1, campaign: 0 },
    });
  });

  it('shows a conversation oldest first with message states', async () => {
    const base = { ack: 2, customer_id: 'c1', instance_id: '1', type: 'text', is_bot_message: false, is_temp: false, unseen_msg: false, off_customer_chat: false, recovered: false, is_research: false, from_me: true, updatedAt: 1, ticket_key: '1' };
    await db.customerchats.bulkInsert(
      [
        { ...base, id: '11', hash: 'a', sent_at: '2025-01-02T10:00:00.000Z' },
        { ...base, id: '10', hash: 'b', sent_at: '2025-01-01T10:00:00.000Z', ack: 3 },
        { ...base, id: 'tmp:c', hash: 'c', sent_at: '2025-01-03T10:00:00.000Z', ack: 0, is_temp: true },
      ].map((m) => ({ ...m, sort_key: messageSortKey(m) })),
    );
    const conversation = await firstValueFrom(conversation$(db, 'c1', '1'));
    expect(conversation.map((m) => [m.id, m.state])).toEqual([
      ['10', 'read'],
      ['11', 'delivered'],
      ['tmp:c', 'waiting'],
    ]);
  });

  it('answers a prefetched page and conversation from memory, without reading the storage again', async () => {
    const filter = { instanceId: '1', tab: 'inbox' as const, isCampaign: false, userId: me, limit: 50 };
    await prefetchTicketList(db, filter);
    await prefetchConversation(db, 'c1', '1', 200);
    const reads = [vi.spyOn(db.chattickets.storageInstance, 'query'), vi.spyOn(db.customers.storageInstance, 'findDocumentsById'), vi.spyOn(db.customerchats.storageInstance, 'query')];
    const page = await firstValueFrom(ticketList$(db, filter));
    const conversation = await firstValueFrom(conversation$(db, 'c1', '1', 200));
    expect(page.map((t) => [t.id, t.customer?.name])).toEqual([
      ['2', 'João'],
      ['1', 'Promoção Maria'],
    ]);
    expect(conversation.map((m) => m.id)).toEqual(['10', '11', 'tmp:c']);
    for (const read of reads) expect(read).not.toHaveBeenCalled();
    for (const read of reads) read.mockRestore();
  });

  it('keeps the objects of the tickets that did not change, so their rows are not derived again', async () => {
    const answers: Array<Array<{ id: string; unseenMsg?: number }>> = [];
    const sub = ticketList$(db, { instanceId: '1', tab: 'opened', isCampaign: false, userId: me, limit: 50 }).subscribe((list) => answers.push(list));
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    await (await db.chattickets.findOne('4').exec())!.incrementalPatch({ unseenMsg: 3 });
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    sub.unsubscribe();
    const [before, after] = answers as [Array<{ id: string; unseenMsg?: number }>, Array<{ id: string; unseenMsg?: number }>];
    expect(after.map((t) => [t.id, t.unseenMsg])).toEqual([
      ['4', 3],
      ['3', 0],
    ]);
    expect(after[1]).toBe(before[1]);
    expect(after[0]).not.toBe(before[0]);
  });
});

import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPedbotDatabase } from '../../../../src/app/data/database/open-database';
import { markRejected, retryMessageIn, sendMessageTo } from '../../../../src/app/data/messages/outgoing';
import { reconcileConfirmed, reconcileStored } from '../../../../src/app/data/messages/reconcile';
import { dedupeByHash } from '../../../../src/app/data/queries/message-queries';
import { SideloadQueue } from '../../../../src/app/data/replication/side-load';
import type { CustomerChatDoc, PedbotDatabase } from '../../../../src/app/data/schema';
import { messageSortKey } from '../../../../src/app/data/schema/sort-key';

let db: PedbotDatabase;
let counter = 0;
beforeEach(async () => {
  db = await openPedbotDatabase({ storage: getRxStorageMemory(), name: `outbox${++counter}`, multiInstance: false, collections: ['customerchats'] });
});
afterEach(async () => {
  await db.remove();
});

const ticket = { id: '7', customer_id: '3', instance_id: '1' };
const sender = { userId: '42' };
const confirmedOf = (temp: CustomerChatDoc, id: string): CustomerChatDoc => ({ ...temp, id, is_temp: false, updatedAt: 5 });

describe('outgoing messages in the local database', () => {
  it('writes a send as a temporary message: tmp:<hash>, ack 0, shown at once', async () => {
    const temp = await sendMessageTo(db, { ticket, text: '  Olá  ', replyTo: { id: '9' } }, sender);
    expect(temp).toMatchObject({ id: `tmp:${temp.hash}`, is_temp: true, ack: 0, message: 'Olá', parent_id: '9', from_me: true, ticket_key: '7' });
    expect(temp.hash).toMatch(/^[0-9a-f-]{36}$/);
    await expect(sendMessageTo(db, { ticket, text: '   ' }, sender)).rejects.toThrow();
  });

  it('replaces the temporary message by the confirmed one with the same hash, and only that one', async () => {
    const a = await sendMessageTo(db, { ticket, text: 'ok' }, sender);
    const b = await sendMessageTo(db, { ticket, text: 'ok' }, sender);
    await db.customerchats.insert(confirmedOf(a, '100'));
    expect(dedupeByHash((await db.customerchats.find().exec()).map((d) => d.toJSON() as CustomerChatDoc)).map((m) => m.id).sort()).toEqual(
      ['100', b.id].sort(),
    );
    expect(await reconcileConfirmed(db, [confirmedOf(a, '100')])).toBe(1);
    const left = (await db.customerchats.find().exec()).map((d) => d.id).sort();
    expect(left).toEqual(['100', b.id].sort());
  });

  it('after a restart, removes temporaries whose confirmed message is already stored', async () => {
    const a = await sendMessageTo(db, { ticket, text: 'um' }, sender);
    await db.customerchats.insert(confirmedOf(a, '101'));
    expect(await reconcileStored(db)).toBe(1);
    expect(await db.customerchats.findOne(a.id).exec()).toBeNull();
  });

  it('retries a refused send with the same hash', async () => {
    const a = await sendMessageTo(db, { ticket, text: 'recusada' }, sender);
    await markRejected(db, a.id, 'Possível tentativa de Ataque');
    expect((await db.customerchats.findOne(a.id).exec())?.toJSON()).toMatchObject({ ack: -1, failure_reason: 'Possível tentativa de Ataque' });
    const calls: unknown[] = [];
    await retryMessageIn(db, a.id, async (_query, variables) => calls.push(variables));
    const retried = (await db.customerchats.findOne(a.id).exec())!.toJSON();
    expect(retried).toMatchObject({ ack: 0, hash: a.hash, is_temp: true });
    expect('failure_reason' in retried).toBe(false);
    expect(calls).toHaveLength(0);
  });

  it('asks the server to re-queue a confirmed message the channel failed to deliver', async () => {
    const a = await sendMessageTo(db, { ticket, text: 'falhou' }, sender);
    await db.customerchats.insert({ ...confirmedOf(a, '102'), ack: -1 });
    const calls: unknown[] = [];
    await retryMessageIn(db, '102', async (_query, variables) => calls.push(variables));
    expect(calls).toEqual([{ hash: a.hash }]);
  });
});

describe('side-loaded documents', () => {
  it('keep the newest state per id and skip what the database already holds as new', async () => {
    const queue = new SideloadQueue();
    const base = { ack: 0, customer_id: '3', instance_id: '1', hash: 'h', type: 'text', sent_at: '2025-01-01T00:00:00.000Z', ticket_key: '' };
    await db.customerchats.insert({ ...base, id: '1', sort_key: messageSortKey({ ...base, id: '1' }), updatedAt: 10, is_temp: false, is_bot_message: false, unseen_msg: false, off_customer_chat: false, recovered: false, is_research: false, from_me: false });
    queue.add('customerchats', [{ id: '1', updatedAt: 10 }, { id: '2', updatedAt: 3 }]);
    queue.add('customerchats', [{ id: '2', updatedAt: 4 }, { id: '2', updatedAt: 1 }]);
    expect(await queue.take(db, 'customerchats')).toEqual([{ id: '2', updatedAt: 4 }]);
    expect(await queue.take(db, 'customerchats')).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { fromServer, toServer, viewedTicketEdit } from '../../../../src/app/data/replication/documents';

describe('server documents to local ones and back', () => {
  it('drops nulls and derives the index fields of a ticket', () => {
    const doc = fromServer('chattickets', {
      id: '5',
      user_id: null,
      last_msg: null,
      createdAt: '2025-01-02T10:00:00.000Z',
      customer_id: '9',
      instance_id: '1',
      is_campaign: false,
      finished_ticket: false,
      inbox: true,
      unseenMsg: 2,
      updatedAt: 1700000000000.0,
      _deleted: false,
    });
    expect(doc).toMatchObject({ owner_key: '', sort_at: '2025-01-02T10:00:00.000Z', updatedAt: 1700000000000, _deleted: false });
    expect('user_id' in doc).toBe(false);
  });

  it('gives a tombstone the defaults its schema requires', () => {
    const doc = fromServer('customerchats', { id: '42', updatedAt: 5, _deleted: true, hash: null, customer_id: null });
    expect(doc).toMatchObject({ id: '42', _deleted: true, hash: '', customer_id: '', ticket_key: '', sent_at: '' });
  });

  it('pushes only temporary sends of messages, without local fields', () => {
    const temp = { id: 'tmp:h1', hash: 'h1', ack: 0, is_temp: true, ticket_key: '3', _deleted: false };
    expect(toServer('customerchats', temp)).toEqual({ id: 'tmp:h1', hash: 'h1', ack: 0, is_temp: true, _deleted: false });
    expect(toServer('customerchats', { ...temp, ack: -1, failure_reason: 'recusada' })).toBeNull();
    expect(toServer('customerchats', { ...temp, _deleted: true })).toBeNull();
    expect(toServer('customerchats', { id: '42', hash: 'h2', is_temp: false, _deleted: false })).toBeNull();
    expect(toServer('customerchats', { id: '42', hash: 'h2', is_temp: false, _deleted: true })).toBeNull();
  });

  it('pushes a ticket viewed here, but no pulled ticket and nothing of the pull-only collections', () => {
    const pulled = fromServer('chattickets', { id: '1', unseenMsg: 3, updatedAt: 5 });
    expect(toServer('chattickets', pulled)).toBeNull();
    const pushed = toServer('chattickets', { ...pulled, ...viewedTicketEdit() });
    expect(pushed).toMatchObject({ id: '1', unseenMsg: 0, updatedAt: 5, _deleted: false });
    for (const local of ['owner_key', 'sort_at', 'sort_key', 'search_text', 'view_pending']) expect(pushed).not.toHaveProperty(local);
    expect(toServer('settings', { id: '1', _deleted: false })).toBeNull();
    expect(toServer('customerchatreactions', { id: '1', _deleted: false })).toBeNull();
  });
});

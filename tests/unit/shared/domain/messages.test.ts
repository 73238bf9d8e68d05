import { describe, expect, it } from 'vitest';
import type { MessageLike } from '../../../../src/shared/domain/messages';
import {
  ACK,
  ackFromProviderStatus,
  ackLabel,
  advanceAck,
  foldForSearch,
  isAck,
  newMessageHash,
  nextUnseen,
  reconcileTemp,
  searchMessages,
  shouldUpdateLastMessage,
} from '../../../../src/shared/domain/messages';

const { failed, waiting, sent, delivered, read } = ACK;

describe('ACK', () => {
  it('has the stored values', () => {
    expect(ACK).toEqual({ failed: -1, waiting: 0, sent: 1, delivered: 2, read: 3 });
  });

  it.each([
    [failed, 'falhou'],
    [waiting, 'aguardando conexão'],
    [sent, 'enviada'],
    [delivered, 'entregue'],
    [read, 'lida'],
    [4, ''],
    [null, ''],
    [undefined, ''],
  ])('ackLabel(%s) → %j', (ack, label) => {
    expect(ackLabel(ack)).toBe(label);
  });

  it.each([[-1, true], [3, true], [4, false], [-2, false], ['1', false], [null, false], [1.5, false]])(
    'isAck(%j) → %s',
    (value, expected) => {
      expect(isAck(value)).toBe(expected);
    },
  );
});

describe('advanceAck', () => {
  it.each([
    // forward moves
    [waiting, sent, sent],
    [waiting, delivered, delivered],
    [waiting, read, read],
    [sent, delivered, delivered],
    [sent, read, read],
    [delivered, read, read],
    // never backwards (statuses arrive out of order and twice)
    [read, delivered, read],
    [read, sent, read],
    [read, waiting, read],
    [delivered, sent, delivered],
    [sent, waiting, sent],
    [sent, sent, sent],
    // failure
    [waiting, failed, failed],
    [sent, failed, failed],
    [delivered, failed, delivered],
    [read, failed, read],
    [failed, failed, failed],
    // failed is terminal unless delivery is proven
    [failed, waiting, failed],
    [failed, sent, failed],
    [failed, delivered, delivered],
    [failed, read, read],
  ])('%s then %s → %s', (current, incoming, expected) => {
    expect(advanceAck(current, incoming)).toBe(expected);
  });

  it('ignores unknown incoming values and reads an unknown current one as waiting', () => {
    expect(advanceAck(delivered, 7)).toBe(delivered);
    expect(advanceAck(delivered, null)).toBe(delivered);
    expect(advanceAck(null, sent)).toBe(sent);
    expect(advanceAck(undefined, undefined)).toBe(waiting);
    expect(advanceAck(42, failed)).toBe(failed);
  });

  it('ends at the furthest status whatever the arrival order', () => {
    const orders = [
      [sent, delivered, read],
      [read, sent, delivered],
      [delivered, read, sent],
    ];
    for (const order of orders) expect(order.reduce<number>((ack, next) => advanceAck(ack, next), waiting)).toBe(read);
  });
});

describe('ackFromProviderStatus', () => {
  it.each([
    ['sent', sent],
    ['delivered', delivered],
    ['read', read],
    ['played', read],
    ['failed', failed],
    ['READ', read],
    ['deleted', null],
    ['', null],
    [null, null],
  ])('%j → %s', (status, ack) => {
    expect(ackFromProviderStatus(status)).toBe(ack);
  });
});

describe('reconcileTemp (SPEC §4)', () => {
  const temp = (id: string, fields: Partial<MessageLike> = {}): MessageLike => ({
    id,
    is_temp: true,
    customer_id: 1,
    instance_id: 10,
    message: 'Olá',
    hash: null,
    ...fields,
  });
  const confirmed = (fields: Partial<MessageLike> = {}): MessageLike => ({
    id: 500,
    is_temp: false,
    customer_id: 1,
    instance_id: 10,
    message: 'Olá',
    hash: 'h1',
    ...fields,
  });
  const ids = (messages: MessageLike[]) => messages.map((m) => m.id);

  it('replaces the temporary message with the same hash', () => {
    const local = [temp('t1', { hash: 'h1' }), temp('t2', { hash: 'h2' })];
    expect(ids(reconcileTemp(local, confirmed()))).toEqual(['t1']);
  });

  it('matches by hash even if the text differs', () => {
    expect(ids(reconcileTemp([temp('t1', { hash: 'h1', message: 'editado' })], confirmed()))).toEqual(['t1']);
  });

  it('prefers the hash match over text matches', () => {
    const local = [temp('t1', { hash: 'h1' }), temp('t2')];
    expect(ids(reconcileTemp(local, confirmed()))).toEqual(['t1']);
  });

  it('falls back to customer, connection and text when no hash matches', () => {
    const local = [
      temp('t1'),
      temp('t2', { message: ' Olá ' }),
      temp('t3', { message: 'Outro' }),
      temp('t4', { customer_id: 2 }),
      temp('t5', { instance_id: 11 }),
      temp('t6', { customer_id: '1', instance_id: '10' }),
    ];
    expect(ids(reconcileTemp(local, confirmed()))).toEqual(['t1', 't2', 't6']);
  });

  it('falls back when the confirmed message has no hash', () => {
    const local = [temp('t1', { hash: 'other' }), temp('t2')];
    expect(ids(reconcileTemp(local, confirmed({ hash: null })))).toEqual(['t1', 't2']);
  });

  it('keeps a temporary message whose own different hash proves another send', () => {
    const local = [temp('t1', { hash: 'h2' }), temp('t2', { hash: '' })];
    expect(ids(reconcileTemp(local, confirmed()))).toEqual(['t2']);
  });

  it('never removes confirmed messages, nor the confirmed one itself', () => {
    const local = [
      temp('t1', { is_temp: false, hash: 'h1' }),
      temp('t2', { is_temp: 0 }),
      { ...confirmed(), is_temp: 1 },
    ];
    expect(reconcileTemp(local, confirmed())).toEqual([]);
  });

  it('compares missing texts and connections as equal', () => {
    const local = [temp('t1', { message: null, instance_id: null }), temp('t2', { message: '', instance_id: undefined })];
    expect(ids(reconcileTemp(local, confirmed({ hash: 'x', message: undefined, instance_id: null })))).toEqual(['t1', 't2']);
  });

  it('returns nothing when nothing matches', () => {
    expect(reconcileTemp([], confirmed())).toEqual([]);
    expect(reconcileTemp([temp('t1', { message: 'x' })], confirmed())).toEqual([]);
  });
});

describe('nextUnseen (SPEC §4)', () => {
  it.each([
    [0, true, false, 1],
    [4, true, false, 5],
    [4, false, false, 4],
    [4, true, true, 0],
    [4, false, true, 0],
    [null, true, false, 1],
    [undefined, false, false, 0],
    [-3, true, false, 1],
    [Number.NaN, true, false, 1],
    [2.7, true, false, 3],
  ])('current %s, incoming %s, viewing %s → %s', (current, incoming, viewing, expected) => {
    expect(nextUnseen(current, incoming, viewing)).toBe(expected);
  });
});

describe('shouldUpdateLastMessage (SPEC §4)', () => {
  it.each([
    [1000, 2000, true],
    [2000, 2000, true],
    [2000, 1000, false],
    [null, 1000, true],
    [undefined, 1000, true],
    [Number.NaN, 1000, true],
    [1000, null, false],
    [1000, Number.NaN, false],
    [null, null, false],
  ])('stored %s, new %s → %s', (stored, next, expected) => {
    expect(shouldUpdateLastMessage(stored, next)).toBe(expected);
  });
});

describe('newMessageHash', () => {
  it('uses the generator given', () => {
    expect(newMessageHash(() => 'fixed')).toBe('fixed');
  });

  it('makes distinct UUIDs by default', () => {
    const hashes = new Set(Array.from({ length: 200 }, () => newMessageHash()));
    expect(hashes.size).toBe(200);
    for (const hash of hashes) expect(hash).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('still makes version 4 UUIDs where randomUUID is missing (plain http pages)', () => {
    const crypto = globalThis.crypto;
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true, writable: true });
    try {
      const a = newMessageHash();
      const b = newMessageHash();
      expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(a).not.toBe(b);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true, writable: true });
    }
  });
});

describe('searchMessages (SPEC §5)', () => {
  const message = (id: number, text: string | null, fields: Partial<MessageLike> = {}): MessageLike => ({
    id,
    customer_id: 1,
    instance_id: 10,
    message: text,
    ...fields,
  });
  const messages = [
    message(1, 'Sua PROMOÇÃO chegou'),
    message(2, 'promocao de natal'),
    message(3, 'Bom dia'),
    message(4, 'promoção', { customer_id: 2 }),
    message(5, 'promoção', { instance_id: 11 }),
    message(6, null, { caption: 'Foto da promoção' }),
    message(7, null, { document_name: 'Promocao.pdf' }),
    message(8, 'promo', { customer_id: '1', instance_id: '10' }),
  ];
  const scope = { customer_id: 1, instance_id: 10 };
  const ids = (found: MessageLike[]) => found.map((m) => m.id);

  it('finds a contained text ignoring case and accents, in one customer and connection', () => {
    expect(ids(searchMessages(messages, 'promoção', scope))).toEqual([1, 2, 6, 7]);
    expect(ids(searchMessages(messages, 'PROMOCAO', scope))).toEqual([1, 2, 6, 7]);
    expect(ids(searchMessages(messages, 'promo', scope))).toEqual([1, 2, 6, 7, 8]);
  });

  it('matches inside words and trims the query', () => {
    expect(ids(searchMessages(messages, '  om di ', scope))).toEqual([3]);
  });

  it('finds nothing for a blank query or a missing text', () => {
    expect(searchMessages(messages, '', scope)).toEqual([]);
    expect(searchMessages(messages, '   ', scope)).toEqual([]);
    expect(searchMessages([message(9, null)], 'a', scope)).toEqual([]);
  });

  it('searches another connection only when asked', () => {
    expect(ids(searchMessages(messages, 'promo', { customer_id: 1, instance_id: 11 }))).toEqual([5]);
  });

  it('folds accents and cedillas', () => {
    expect(foldForSearch('Ação Crédito ÜBER')).toBe('acao credito uber');
  });
});

import { describe, expect, it } from 'vitest';
import {
  ackState,
  buildConversationItems,
  isOutgoing,
  parseButtons,
  reactionsByMessage,
} from '../../../../src/app/features/attendance/model/conversation-items';
import type { MessageView } from '../../../../src/app/features/attendance/model/types';

const msg = (id: string, sent_at: string, extra: Partial<MessageView> = {}): MessageView => ({
  id,
  hash: `h${id}`,
  customer_id: '1',
  instance_id: '1',
  type: 'text',
  message: `m${id}`,
  sent_at,
  ack: 3,
  from_me: false,
  ...extra,
});

describe('buildConversationItems', () => {
  const now = '2025-03-10T18:00:00.000Z';
  it('puts a day heading before each local day (São Paulo), Hoje and Ontem by calendar day', () => {
    const items = buildConversationItems(
      [
        msg('1', '2025-03-01T12:00:00.000Z'),
        // 01:30 UTC on the 10th is still the 9th in São Paulo (UTC-3).
        msg('2', '2025-03-10T01:30:00.000Z'),
        msg('3', '2025-03-10T12:00:00.000Z'),
      ],
      now,
    );
    expect(items.map((i) => (i.kind === 'day' ? i.label : i.message.id))).toEqual(['01/03/2025', '1', 'Ontem', '2', 'Hoje', '3']);
  });

  it('groups consecutive bubbles of the same side within five minutes', () => {
    const items = buildConversationItems(
      [
        msg('1', '2025-03-10T12:00:00.000Z'),
        msg('2', '2025-03-10T12:01:00.000Z'),
        msg('3', '2025-03-10T12:02:00.000Z', { from_me: true }),
        msg('4', '2025-03-10T12:30:00.000Z', { from_me: true }),
      ],
      now,
    );
    const grouped = items.flatMap((i) => (i.kind === 'message' ? [[i.message.id, i.grouped, i.out]] : []));
    expect(grouped).toEqual([
      ['1', false, false],
      ['2', true, false],
      ['3', false, true],
      ['4', false, true],
    ]);
  });

  it('keys a temporary message by its hash, so its confirmed twin takes its place without remounting', () => {
    const [, temp] = buildConversationItems([msg('tmp:abc', now, { hash: 'abc', is_temp: true })], now);
    const [, confirmed] = buildConversationItems([msg('99', now, { hash: 'abc' })], now);
    expect(temp?.key).toBe(confirmed?.key);
  });
});

describe('ackState', () => {
  it('maps the WhatsApp scale to the ticks, temporary messages wait and refused sends fail', () => {
    expect(ackState(msg('1', '', { ack: 0 }))).toBe('waiting');
    expect(ackState(msg('1', '', { ack: 2, is_temp: true }))).toBe('waiting');
    expect(ackState(msg('1', '', { ack: 1 }))).toBe('sent');
    expect(ackState(msg('1', '', { ack: 2 }))).toBe('delivered');
    expect(ackState(msg('1', '', { ack: 3 }))).toBe('read');
    expect(ackState(msg('1', '', { ack: 4 }))).toBe('read');
    expect(ackState(msg('1', '', { ack: -1 }))).toBe('failed');
    expect(ackState(msg('1', '', { ack: -1, is_temp: true, failure_reason: 'Possível tentativa de Ataque' }))).toBe('failed');
  });
});

describe('isOutgoing', () => {
  it('treats comments, bot and temporary messages as the store side', () => {
    expect(isOutgoing(msg('1', '', { off_customer_chat: true }))).toBe(true);
    expect(isOutgoing(msg('1', '', { is_bot_message: true }))).toBe(true);
    expect(isOutgoing(msg('1', '', { is_temp: true }))).toBe(true);
    expect(isOutgoing(msg('1', ''))).toBe(false);
  });
});

describe('reactionsByMessage', () => {
  it('keeps the latest reaction per sender and drops removed ones', () => {
    const map = reactionsByMessage([
      { id: 'a', customer_chat_id: '5', reaction_text: '👍', customer_id: '1', sent_at: '2025-01-01T10:00:00Z' },
      { id: 'b', customer_chat_id: '5', reaction_text: '❤️', customer_id: '1', sent_at: '2025-01-01T10:01:00Z' },
      { id: 'c', customer_chat_id: '5', reaction_text: '😂', from_me: true, sent_at: '2025-01-01T10:02:00Z' },
      { id: 'd', customer_chat_id: '6', reaction_text: '👍', customer_id: '1', sent_at: '2025-01-01T10:00:00Z' },
      { id: 'e', customer_chat_id: '6', reaction_text: '', customer_id: '1', sent_at: '2025-01-01T10:05:00Z' },
    ]);
    expect(map.get('5')?.map((r) => r.reaction_text).sort()).toEqual(['❤️', '😂']);
    expect(map.has('6')).toBe(false);
  });
});

describe('parseButtons', () => {
  it('reads the JSON text of template buttons and ignores what it cannot read', () => {
    expect(parseButtons('[{"type":"QUICK_REPLY","text":"Sim"},{"text":"Não"}]')).toEqual([
      { text: 'Sim', type: 'QUICK_REPLY' },
      { text: 'Não', type: undefined },
    ]);
    expect(parseButtons('not json')).toEqual([]);
    expect(parseButtons(null)).toEqual([]);
  });
});

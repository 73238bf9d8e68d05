import { describe, expect, it } from 'vitest';
import { messageState, messageStateLabel } from '../../../../src/app/data/messages/message-state';

describe('message states', () => {
  it('maps temporary, acked and refused messages to the five states', () => {
    expect(messageState({ ack: 0, is_temp: true })).toBe('waiting');
    expect(messageStateLabel({ ack: 0, is_temp: true })).toBe('aguardando conexão');
    expect(messageState({ ack: 1, is_temp: false })).toBe('sent');
    expect(messageState({ ack: 2, is_temp: false })).toBe('delivered');
    expect(messageState({ ack: 3, is_temp: false })).toBe('read');
    expect(messageState({ ack: -1, is_temp: false })).toBe('failed');
    expect(messageState({ ack: -1, is_temp: true })).toBe('failed');
  });
});

import { ACK } from '../../../shared/domain/messages';
import type { CustomerChatDoc } from '../schema';
import { messageStateTexts } from '../texts';

/** What a message bubble shows (SPEC §4): waiting for the connection, sent, delivered, read, failed. */
export type MessageState = 'waiting' | 'sent' | 'delivered' | 'read' | 'failed';

type StateFields = Pick<CustomerChatDoc, 'ack' | 'is_temp'>;

export function messageState(message: StateFields): MessageState {
  if (message.ack === ACK.failed) return 'failed';
  if (message.is_temp || message.ack <= ACK.waiting) return 'waiting';
  if (message.ack >= ACK.read) return 'read';
  if (message.ack === ACK.delivered) return 'delivered';
  return 'sent';
}

export const messageStateLabel = (message: StateFields): string => messageStateTexts[messageState(message)];

import type { RxJsonSchema } from 'rxdb';
import { epochMs, flag, idField, int, text } from './fields';

/** A reaction (SPEC §3); `ticket_key` is chat_ticket_id or '' (local, for the ticket's drop). */
export interface ReactionDoc {
  id: string;
  ack: number;
  type: string;
  sent_at: string;
  customer_id: string;
  reaction_text: string;
  customer_chat_id: string;
  chat_ticket_id?: string;
  instance_id: string;
  from_me: boolean;
  updatedAt: number;
  ticket_key: string;
}

export const reactionSchema: RxJsonSchema<ReactionDoc> = {
  title: 'customerchatreactions',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: idField,
    ack: int,
    type: text,
    sent_at: text,
    customer_id: text,
    reaction_text: text,
    customer_chat_id: idField,
    chat_ticket_id: text,
    instance_id: text,
    from_me: flag,
    updatedAt: epochMs,
    ticket_key: idField,
  },
  required: ['id', 'customer_chat_id', 'updatedAt', 'ticket_key'],
  indexes: ['customer_chat_id', 'ticket_key'],
};

export const reactionMigrations = {};

import type { RxJsonSchema } from 'rxdb';
import type { LocalWriteRange } from '../database/local-write-range';
import { epochMs, flag, idField, int, text, timeField } from './fields';
import { MESSAGE_ID_MAX, MESSAGE_SORT_KEY_MAX, messageSortKey } from './sort-key';

/**
 * A message (SPEC §3 CustomerChat) as the server replicates it, plus two local fields:
 * `ticket_key` (chat_ticket_id or '', so a ticket's messages can be found by index) and
 * `sort_key` (sent_at and id mirrored, so the latest messages of a conversation are an ascending
 * index walk, see sort-key.ts). A send the
 * server refused comes back as the temporary message with ack -1 and `failure_reason`.
 *
 * Primary key: the server id ("42"); a send not yet confirmed is "tmp:<hash>". The confirmed
 * message arrives under its own id with the same hash and replaces the temporary one (SPEC §4).
 */
export interface CustomerChatDoc {
  id: string;
  ack: number;
  customer_id: string;
  chat_ticket_id?: string;
  hash: string;
  type: string;
  message?: string;
  message_footer?: string;
  message_header?: string;
  message_buttons?: string;
  caption?: string;
  document_name?: string;
  document_mimetype?: string;
  sent_at: string;
  tag_type?: string;
  is_bot_message: boolean;
  is_temp: boolean;
  unseen_msg: boolean;
  off_customer_chat: boolean;
  whatsapp_deleted_at?: string;
  whatsapp_message_id?: string;
  recovered: boolean;
  instance_id: string;
  parent_id?: string;
  user_sending_id?: string;
  user_sending_img?: string;
  is_research: boolean;
  from_me: boolean;
  updatedAt: number;
  failure_reason?: string;
  ticket_key: string;
  sort_key: string;
}

export const TEMP_ID_PREFIX = 'tmp:';
/** The first id after every temporary one (';' follows ':'). */
export const TEMP_ID_END = 'tmp;';

export const customerChatSchema: RxJsonSchema<CustomerChatDoc> = {
  title: 'customerchats',
  version: 2,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: MESSAGE_ID_MAX },
    ack: int,
    customer_id: idField,
    chat_ticket_id: text,
    hash: { type: 'string', maxLength: 100 },
    type: text,
    message: text,
    message_footer: text,
    message_header: text,
    message_buttons: text,
    caption: text,
    document_name: text,
    document_mimetype: text,
    sent_at: timeField,
    tag_type: text,
    is_bot_message: flag,
    is_temp: flag,
    unseen_msg: flag,
    off_customer_chat: flag,
    whatsapp_deleted_at: text,
    whatsapp_message_id: text,
    recovered: flag,
    instance_id: idField,
    parent_id: text,
    user_sending_id: text,
    user_sending_img: text,
    is_research: flag,
    from_me: flag,
    updatedAt: epochMs,
    failure_reason: text,
    ticket_key: idField,
    sort_key: { type: 'string', maxLength: MESSAGE_SORT_KEY_MAX },
  },
  required: ['id', 'ack', 'customer_id', 'hash', 'type', 'sent_at', 'instance_id', 'updatedAt', 'ticket_key', 'sort_key'],
  // Every index costs each of the ~100,000 messages of an initial sync an index entry (built on the
  // page's main thread, written by the browser), so only the conversation walk and a ticket's
  // messages have one. The rare reads by time (older history) and by hash (a restart with sends
  // waiting) read one customer's messages through the conversation index instead.
  indexes: [['customer_id', 'instance_id', 'sort_key'], 'ticket_key'],
  // The primary-key walk RxDB's query planner adds only to schemas without indexes: the temporary
  // messages ("tmp:" ids) are a range of it. The lean store reads it from the primary key itself.
  internalIndexes: [['_deleted', 'id']],
};

export const customerChatMigrations = {
  /** 1: `sort_key` for the newest-first conversation index. */
  1: (doc: Omit<CustomerChatDoc, 'sort_key'>): CustomerChatDoc => ({ ...doc, sort_key: messageSortKey(doc) }),
  /** 2: a shorter `sort_key`, and no (time) or hash index. */
  2: (doc: CustomerChatDoc): CustomerChatDoc => ({ ...doc, sort_key: messageSortKey(doc) }),
};

/**
 * Only sends are written here (see local-write-range.ts): a store created from now on keeps no
 * write-time index and no `[_deleted+id]`. One created before keeps them, unused, rather than have
 * every installed tablet copy its history into a new store at its next start.
 */
export const CUSTOMER_CHAT_LOCAL_WRITES: LocalWriteRange = {
  sinceVersion: 2,
  version: customerChatSchema.version,
  lower: TEMP_ID_PREFIX,
  upper: TEMP_ID_END,
};

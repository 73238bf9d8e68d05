import type { Selectable } from 'kysely';
import type { CustomerChatReactionsTable, CustomerChatsTable } from '../../db/schema/messages';
import type { CustomerChat, CustomerChatReaction } from '../../../shared/graphql/generated';
import { epochMs, idString, isoTime } from '../../sync/documents';

export type MessageRow = Selectable<CustomerChatsTable>;
export type ReactionRow = Selectable<CustomerChatReactionsTable>;

/** The flat fields of a CustomerChat: the replicated document of `customerchats`. */
export type CustomerChatDocument = Omit<CustomerChat, 'parentCustomerChat' | 'customerChatReactions'>;

export function toMessageDocument(row: MessageRow): CustomerChatDocument {
  return {
    id: String(row.id),
    ack: row.ack,
    customer_id: String(row.customer_id),
    chat_ticket_id: idString(row.chat_ticket_id),
    hash: row.hash,
    type: row.type,
    // A media message carries its stored file's address here, so the console can show it.
    message: row.message ?? row.media_url,
    message_footer: row.message_footer,
    message_header: row.message_header,
    message_buttons: row.message_buttons,
    caption: row.caption,
    document_name: row.document_name,
    document_mimetype: row.document_mimetype,
    sent_at: isoTime(row.sent_at) ?? '',
    tag_type: row.tag_type,
    is_bot_message: row.is_bot_message,
    is_temp: row.is_temp,
    unseen_msg: row.unseen_msg,
    off_customer_chat: row.off_customer_chat,
    whatsapp_deleted_at: isoTime(row.whatsapp_deleted_at),
    whatsapp_message_id: row.whatsapp_message_id,
    recovered: row.recovered,
    instance_id: String(row.instance_id),
    parent_id: idString(row.parent_id),
    user_sending_id: idString(row.user_sending_id),
    user_sending_img: row.user_sending_img,
    is_research: row.is_research,
    from_me: row.from_me,
    failure_reason: row.failure_reason,
    updatedAt: epochMs(row.updated_at),
    _deleted: row.deleted_at !== null,
  };
}

export const neutralMessageDocument = (id: string, updatedAt: number): CustomerChatDocument => ({
  id,
  ack: 0,
  customer_id: '',
  chat_ticket_id: null,
  hash: '',
  type: '',
  message: null,
  message_footer: null,
  message_header: null,
  message_buttons: null,
  caption: null,
  document_name: null,
  document_mimetype: null,
  sent_at: '',
  tag_type: null,
  is_bot_message: false,
  is_temp: false,
  unseen_msg: false,
  off_customer_chat: false,
  whatsapp_deleted_at: null,
  whatsapp_message_id: null,
  recovered: false,
  instance_id: '',
  parent_id: null,
  user_sending_id: null,
  user_sending_img: null,
  is_research: false,
  from_me: false,
  failure_reason: null,
  updatedAt,
  _deleted: true,
});

export function toReactionDocument(row: ReactionRow): CustomerChatReaction {
  return {
    id: String(row.id),
    ack: row.ack,
    type: row.type,
    sent_at: isoTime(row.sent_at) ?? '',
    customer_id: String(row.customer_id),
    reaction_text: row.reaction_text,
    customer_chat_id: String(row.customer_chat_id),
    chat_ticket_id: idString(row.chat_ticket_id),
    instance_id: String(row.instance_id),
    from_me: row.from_me,
    updatedAt: epochMs(row.updated_at),
    _deleted: row.deleted_at !== null,
  };
}

export const neutralReactionDocument = (id: string, updatedAt: number): CustomerChatReaction => ({
  id,
  ack: 0,
  type: '',
  sent_at: '',
  customer_id: '',
  reaction_text: '',
  customer_chat_id: '',
  chat_ticket_id: null,
  instance_id: '',
  from_me: false,
  updatedAt,
  _deleted: true,
});

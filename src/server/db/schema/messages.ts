import type { DefaultTimestamp, Defaulted, Id, NullableTimestamp } from './columns';
import type { ChangeXid } from './sync';

/** SPEC §3 CustomerChat; replicated as `customerchats`. */
export interface CustomerChatsTable {
  tenant_id: number;
  id: Id;
  instance_id: number;
  customer_id: number;
  chat_ticket_id: number | null;
  hash: string;
  ack: Defaulted<number>;
  type: Defaulted<string>;
  message: string | null;
  message_footer: string | null;
  message_header: string | null;
  message_buttons: string | null;
  caption: string | null;
  document_name: string | null;
  document_mimetype: string | null;
  media_url: string | null;
  sent_at: DefaultTimestamp;
  tag_type: string | null;
  is_bot_message: Defaulted<boolean>;
  is_temp: Defaulted<boolean>;
  unseen_msg: Defaulted<boolean>;
  off_customer_chat: Defaulted<boolean>;
  whatsapp_deleted_at: NullableTimestamp;
  whatsapp_message_id: string | null;
  recovered: Defaulted<boolean>;
  parent_id: number | null;
  user_sending_id: number | null;
  user_sending_img: string | null;
  is_research: Defaulted<boolean>;
  from_me: Defaulted<boolean>;
  failure_reason: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  deleted_at: NullableTimestamp;
  change_xid: ChangeXid;
}

/** SPEC §3 Reaction; replicated as `customerchatreactions`. */
export interface CustomerChatReactionsTable {
  tenant_id: number;
  id: Id;
  instance_id: number;
  customer_id: number;
  customer_chat_id: number;
  chat_ticket_id: number | null;
  ack: Defaulted<number>;
  type: Defaulted<string>;
  sent_at: DefaultTimestamp;
  reaction_text: string;
  from_me: Defaulted<boolean>;
  user_id: number | null;
  whatsapp_message_id: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  deleted_at: NullableTimestamp;
  change_xid: ChangeXid;
}

export interface MessageTemplatesTable {
  tenant_id: number;
  id: Id;
  identifier: string;
  value: string;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface MessageTables {
  customer_chats: CustomerChatsTable;
  customer_chat_reactions: CustomerChatReactionsTable;
  message_templates: MessageTemplatesTable;
}

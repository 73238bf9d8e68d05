/**
 * The shapes the attendance screen reads, with the spec's field names (SPEC §3). They are
 * structural: the local database documents satisfy them as they are, so components never depend
 * on how a collection is stored.
 */
import type { RecordId } from '../../../../shared/domain/record';

export type { RecordId };

export type TicketTab = 'closed' | 'opened' | 'my_chats' | 'inbox';

export interface GroupOfCustomer {
  id?: RecordId | null;
  name?: string | null;
  color_tag?: string | null;
}

export interface CustomerView {
  id: RecordId;
  name?: string | null;
  image?: string | null;
  address?: string | null;
  open_field?: string | null;
  is_favorite?: boolean | null;
  group_of_customer_id?: RecordId | null;
  phone_number: string;
  is_blacklisted?: boolean | null;
  is_blacklisted_campaign?: boolean | null;
  document_register?: string | null;
  group_of_customer?: GroupOfCustomer | null;
}

export interface TicketUserRef {
  id: RecordId;
  name: string;
  image?: string | null;
}

export interface TicketView {
  id: RecordId;
  instance_id: RecordId;
  customer_id: RecordId;
  user_id?: RecordId | null;
  campaign_id?: RecordId | null;
  is_campaign?: boolean | null;
  finished_ticket?: boolean | number | null;
  is_finishing?: boolean | null;
  inbox?: boolean | number | null;
  inbox_department_id?: RecordId | null;
  pickableInboxChat?: boolean | null;
  /** Time of the latest message (ISO 8601). */
  last_msg?: string | null;
  /** Preview of the latest message, with its WhatsApp markup. */
  last_msg_preview?: string | null;
  last_msg_id?: RecordId | null;
  /** Time of the latest write to the ticket. */
  curretTimestamp?: string | null;
  previous_user_id?: RecordId | null;
  previous_user_name?: string | null;
  customer_name?: string | null;
  protocol?: string | null;
  started_at?: string | null;
  finished_at?: string | null;
  createdAt?: string | null;
  unseenMsg?: number | null;
  isNotResponded?: boolean | null;
  is_research?: boolean | null;
  grade?: number | null;
  open_by_template?: boolean | null;
  /** The ticket's categories (crm/category ids), as the local document holds them. */
  category_ids?: readonly string[] | null;
  user?: TicketUserRef | null;
  customer?: CustomerView | null;
  campaign?: { id: RecordId; name: string } | null;
}

export interface MessageStatusMedia {
  id?: RecordId;
  url: string;
  caption?: string | null;
  mimetype?: string | null;
}

export interface MessageButton {
  text: string;
  type?: string;
}

export interface ReactionView {
  id: RecordId;
  reaction_text: string;
  customer_id?: RecordId | null;
  customer_chat_id: RecordId;
  from_me?: boolean | null;
  sent_at?: string | null;
  ack?: number | null;
  type?: string | null;
}

export type MessageType =
  | 'chat'
  | 'text'
  | 'image'
  | 'audio'
  | 'ptt'
  | 'sticker'
  | 'document'
  | 'video'
  | 'template'
  | 'comment'
  | 'reaction'
  | string;

export interface MessageView {
  id: RecordId;
  hash: string;
  customer_id: RecordId;
  chat_ticket_id?: RecordId | null;
  instance_id: RecordId;
  type: MessageType;
  message?: string | null;
  message_header?: string | null;
  message_footer?: string | null;
  /** JSON text of the buttons (or already parsed). */
  message_buttons?: MessageButton[] | string | null;
  caption?: string | null;
  document_name?: string | null;
  document_mimetype?: string | null;
  sent_at: string;
  ack?: number | null;
  tag_type?: string | null;
  /** Sent by the store (attendant, bot or comment); false for the customer's messages. */
  from_me?: boolean | null;
  /** An internal comment, never sent to the customer. */
  off_customer_chat?: boolean | null;
  is_bot_message?: boolean | null;
  is_temp?: boolean | null;
  whatsapp_deleted_at?: string | null;
  parent_id?: RecordId | null;
  user_sending_id?: RecordId | null;
  user_sending_img?: string | null;
  is_research?: boolean | null;
  customerChatStatus?: MessageStatusMedia | null;
  /** Why the send failed (with ack -1): the server's refusal or the provider's reason. */
  failure_reason?: string | null;
}

export interface QuickAnswer {
  id: RecordId;
  shortcut: string;
  message: string;
}

/** A WhatsApp template as the picker lists it: its name, body text and what sending needs. */
export interface MessageTemplateView {
  id: RecordId;
  identifier: string;
  value: string;
  language?: string;
  components?: unknown;
}

export interface ClosingReason {
  id: RecordId;
  name: string;
  /** Closing with it needs a note (crm/reasons). */
  requires_note?: boolean;
}

export interface OnlineUser {
  id: RecordId;
  name: string;
  image?: string | null;
  isConnected?: boolean | null;
}

export interface DepartmentView {
  id: RecordId;
  name: string;
}

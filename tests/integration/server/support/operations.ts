/** The replication operations as a client sends them (sync.graphql), with every document field. */
export const TICKET_FIELDS = `id campaign_id is_campaign instance_id user_id finished_ticket open_by_template customer_id
  last_msg last_msg_preview last_msg_id protocol started_at finished_at last_cost_created_at is_finishing unseenMsg
  isNotResponded inbox inbox_department_id pickableInboxChat createdAt curretTimestamp is_research grade
  previous_user_id previous_user_name customer_name vis_position category_ids updatedAt _deleted`;

export const MESSAGE_FIELDS = `id ack customer_id chat_ticket_id hash type message message_footer message_header message_buttons
  caption document_name document_mimetype sent_at tag_type is_bot_message is_temp unseen_msg off_customer_chat
  whatsapp_deleted_at whatsapp_message_id recovered instance_id parent_id user_sending_id user_sending_img is_research
  from_me failure_reason updatedAt _deleted`;

export const CUSTOMER_FIELDS = `id name image address open_field is_favorite phone_number is_blacklisted is_blacklisted_campaign
  document_register group_of_customer_id group_of_customer { id name color_tag } updatedAt _deleted`;

export const SETTING_FIELDS = 'id instance_id key value updatedAt _deleted';

export const REACTION_FIELDS = 'id ack type sent_at customer_id reaction_text customer_chat_id chat_ticket_id instance_id from_me updatedAt _deleted';

export type CollectionKey = 'CustomerChat' | 'ChatTicket' | 'Customer' | 'Setting' | 'CustomerChatReaction';

export const FIELDS: Record<CollectionKey, string> = {
  CustomerChat: MESSAGE_FIELDS,
  ChatTicket: TICKET_FIELDS,
  Customer: CUSTOMER_FIELDS,
  Setting: SETTING_FIELDS,
  CustomerChatReaction: REACTION_FIELDS,
};

export const pullQuery = (key: CollectionKey): string => `query ($checkpoint: ${key}CheckpointInput, $limit: Int!, $instance_id: ID!) {
  pull${key}(checkpoint: $checkpoint, limit: $limit, instance_id: $instance_id) {
    documents { ${FIELDS[key]} } checkpoint { id position } resync
  }
}`;

export const streamQuery = (key: CollectionKey): string => `subscription ($instance_id: ID!) {
  stream${key}(instance_id: $instance_id) { documents { ${FIELDS[key]} } checkpoint { id position } resync }
}`;

export const pushQuery = (key: 'CustomerChat' | 'ChatTicket' | 'Customer'): string => `mutation ($rows: [${key}PushRow!]!) {
  push${key}(rows: $rows) { ${FIELDS[key]} }
}`;

export interface Checkpoint {
  id: string;
  position: number;
}

export interface PullBulk<Doc = Record<string, unknown> & { id: string; _deleted: boolean }> {
  documents: Doc[];
  checkpoint: Checkpoint | null;
  resync: boolean;
}

import { sql, type RawBuilder } from 'kysely';

/**
 * The replicated documents of the two big collections built as JSON by the database
 * (migration 0003 pedbot_iso/pedbot_ms), field for field what toMessageDocument and
 * toTicketDocument build in TypeScript; a test holds them equal. A ticket's category_ids are
 * added by the feed from one aggregate per page (ticketCategoryIds).
 */
export const messageJson = (m: string): RawBuilder<string> => {
  const c = (column: string) => sql.ref(`${m}.${column}`);
  return sql<string>`json_build_object(
    'id', ${c('id')}::text, 'ack', ${c('ack')}, 'customer_id', ${c('customer_id')}::text,
    'chat_ticket_id', ${c('chat_ticket_id')}::text, 'hash', ${c('hash')}, 'type', ${c('type')},
    'message', coalesce(${c('message')}, ${c('media_url')}), 'message_footer', ${c('message_footer')}, 'message_header', ${c('message_header')},
    'message_buttons', ${c('message_buttons')}, 'caption', ${c('caption')}, 'document_name', ${c('document_name')},
    'document_mimetype', ${c('document_mimetype')}, 'sent_at', pedbot_iso(${c('sent_at')}), 'tag_type', ${c('tag_type')},
    'is_bot_message', ${c('is_bot_message')}, 'is_temp', ${c('is_temp')}, 'unseen_msg', ${c('unseen_msg')},
    'off_customer_chat', ${c('off_customer_chat')}, 'whatsapp_deleted_at', pedbot_iso(${c('whatsapp_deleted_at')}),
    'whatsapp_message_id', ${c('whatsapp_message_id')}, 'recovered', ${c('recovered')}, 'instance_id', ${c('instance_id')}::text,
    'parent_id', ${c('parent_id')}::text, 'user_sending_id', ${c('user_sending_id')}::text, 'user_sending_img', ${c('user_sending_img')},
    'is_research', ${c('is_research')}, 'from_me', ${c('from_me')}, 'failure_reason', ${c('failure_reason')},
    'updatedAt', pedbot_ms(${c('updated_at')}), '_deleted', ${c('deleted_at')} is not null
  )::text`;
};

export const ticketJson = (t: string, previousUserName: RawBuilder<unknown>): RawBuilder<string> => {
  const c = (column: string) => sql.ref(`${t}.${column}`);
  return sql<string>`json_build_object(
    'id', ${c('id')}::text, 'campaign_id', ${c('campaign_id')}::text, 'is_campaign', ${c('is_campaign')},
    'instance_id', ${c('instance_id')}::text, 'user_id', ${c('user_id')}::text, 'finished_ticket', ${c('finished_ticket')},
    'open_by_template', ${c('open_by_template')}, 'customer_id', ${c('customer_id')}::text, 'last_msg', pedbot_iso(${c('last_msg')}),
    'last_msg_preview', ${c('last_msg_preview')}, 'last_msg_id', ${c('last_msg_id')}::text, 'protocol', ${c('protocol')},
    'started_at', pedbot_iso(${c('started_at')}), 'finished_at', pedbot_iso(${c('finished_at')}),
    'last_cost_created_at', pedbot_iso(${c('last_cost_created_at')}), 'is_finishing', ${c('is_finishing')},
    'unseenMsg', ${c('unseen_msg')}, 'isNotResponded', ${c('is_not_responded')}, 'inbox', ${c('inbox')},
    'inbox_department_id', ${c('inbox_department_id')}::text, 'pickableInboxChat', null,
    'createdAt', pedbot_iso(${c('created_at')}), 'curretTimestamp', pedbot_iso(${c('updated_at')}),
    'is_research', ${c('is_research')}, 'grade', ${c('grade')}, 'previous_user_id', ${c('previous_user_id')}::text,
    'previous_user_name', ${previousUserName}, 'customer_name', null, 'vis_position', ${c('vis_xid')}::text::bigint,
    'updatedAt', pedbot_ms(${c('updated_at')}), '_deleted', ${c('deleted_at')} is not null
  )::text`;
};

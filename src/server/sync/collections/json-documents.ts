import { sql, type RawBuilder } from 'kysely';

/**
 * The replicated documents of the two big collections built as JSON by the database
 * (migration 0003 pedbot_iso/pedbot_ms), field for field what toMessageDocument and
 * toTicketDocument build in TypeScript; a test holds them equal. A ticket's category_ids are
 * added by the feed from one aggregate per page (ticketCategoryIds).
 */

/**
 * `row_to_json` of a one-row subselect: it looks the fields' output functions up once per query,
 * where `json_build_object` does so for every argument of every row (a 30-field message took
 * about twice as long on PGlite).
 */
const jsonOf = (fields: Record<string, RawBuilder<unknown>>): RawBuilder<string> => {
  const columns = Object.entries(fields).map(([name, value]) => sql`${value} as ${sql.id(name)}`);
  return sql<string>`(select row_to_json(d) from (select ${sql.join(columns)}) d)::text`;
};

export const messageJson = (m: string): RawBuilder<string> => {
  const c = (column: string) => sql.ref(`${m}.${column}`);
  return jsonOf({
    id: sql`${c('id')}::text`,
    ack: c('ack'),
    customer_id: sql`${c('customer_id')}::text`,
    chat_ticket_id: sql`${c('chat_ticket_id')}::text`,
    hash: c('hash'),
    type: c('type'),
    message: sql`coalesce(${c('message')}, ${c('media_url')})`,
    message_footer: c('message_footer'),
    message_header: c('message_header'),
    message_buttons: c('message_buttons'),
    caption: c('caption'),
    document_name: c('document_name'),
    document_mimetype: c('document_mimetype'),
    sent_at: sql`pedbot_iso(${c('sent_at')})`,
    tag_type: c('tag_type'),
    is_bot_message: c('is_bot_message'),
    is_temp: c('is_temp'),
    unseen_msg: c('unseen_msg'),
    off_customer_chat: c('off_customer_chat'),
    whatsapp_deleted_at: sql`pedbot_iso(${c('whatsapp_deleted_at')})`,
    whatsapp_message_id: c('whatsapp_message_id'),
    recovered: c('recovered'),
    instance_id: sql`${c('instance_id')}::text`,
    parent_id: sql`${c('parent_id')}::text`,
    user_sending_id: sql`${c('user_sending_id')}::text`,
    user_sending_img: c('user_sending_img'),
    is_research: c('is_research'),
    from_me: c('from_me'),
    failure_reason: c('failure_reason'),
    updatedAt: sql`pedbot_ms(${c('updated_at')})`,
    _deleted: sql`${c('deleted_at')} is not null`,
  });
};

export const ticketJson = (t: string, previousUserName: RawBuilder<unknown>): RawBuilder<string> => {
  const c = (column: string) => sql.ref(`${t}.${column}`);
  return jsonOf({
    id: sql`${c('id')}::text`,
    campaign_id: sql`${c('campaign_id')}::text`,
    is_campaign: c('is_campaign'),
    instance_id: sql`${c('instance_id')}::text`,
    user_id: sql`${c('user_id')}::text`,
    finished_ticket: c('finished_ticket'),
    open_by_template: c('open_by_template'),
    customer_id: sql`${c('customer_id')}::text`,
    last_msg: sql`pedbot_iso(${c('last_msg')})`,
    last_msg_preview: c('last_msg_preview'),
    last_msg_id: sql`${c('last_msg_id')}::text`,
    protocol: c('protocol'),
    started_at: sql`pedbot_iso(${c('started_at')})`,
    finished_at: sql`pedbot_iso(${c('finished_at')})`,
    last_cost_created_at: sql`pedbot_iso(${c('last_cost_created_at')})`,
    is_finishing: c('is_finishing'),
    unseenMsg: c('unseen_msg'),
    isNotResponded: c('is_not_responded'),
    inbox: c('inbox'),
    inbox_department_id: sql`${c('inbox_department_id')}::text`,
    pickableInboxChat: sql`null::boolean`,
    createdAt: sql`pedbot_iso(${c('created_at')})`,
    curretTimestamp: sql`pedbot_iso(${c('updated_at')})`,
    is_research: c('is_research'),
    grade: c('grade'),
    previous_user_id: sql`${c('previous_user_id')}::text`,
    previous_user_name: previousUserName,
    customer_name: sql`null::text`,
    vis_position: sql`${c('vis_xid')}::text::bigint`,
    updatedAt: sql`pedbot_ms(${c('updated_at')})`,
    _deleted: sql`${c('deleted_at')} is not null`,
  });
};

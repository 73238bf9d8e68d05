import { sql, type RawBuilder } from 'kysely';

/**
 * The replicated documents of the two big collections built as JSON by the database (time helpers
 * pedbot_iso/pedbot_ms of migrations 0003 and 0166), field for field what toMessageDocument and
 * toTicketDocument build in TypeScript; a test holds them equal. A ticket's category_ids are
 * added by the feed from one aggregate per page (ticketCategoryIds).
 *
 * Built with `row_to_json` of a one-row subselect: it looks the fields' output functions up once
 * per query, where `json_build_object` does so for every argument of every row (a 30-field message
 * took about twice as long on PGlite).
 */
const jsonOf = (fields: Record<string, RawBuilder<unknown>>): RawBuilder<string> => {
  const columns = Object.entries(fields).map(([name, value]) => sql`${value} as ${sql.id(name)}`);
  return sql<string>`(select row_to_json(d) from (select ${sql.join(columns)}) d)::text`;
};

/** A row's columns as the documents carry them: ids as text, times as ISO text or milliseconds. */
const columnsOf = (alias: string) => {
  const c = (column: string) => sql.ref(`${alias}.${column}`);
  return {
    c,
    id: (column: string) => sql`${c(column)}::text`,
    iso: (column: string) => sql`pedbot_iso(${c(column)})`,
    ms: (column: string) => sql`pedbot_ms(${c(column)})`,
    deleted: sql`${c('deleted_at')} is not null`,
  };
};

const messageColumns = (m: string): Record<string, RawBuilder<unknown>> => {
  const { c, id, iso, ms, deleted } = columnsOf(m);
  return {
    id: id('id'),
    ack: c('ack'),
    customer_id: id('customer_id'),
    chat_ticket_id: id('chat_ticket_id'),
    hash: c('hash'),
    type: c('type'),
    message: sql`coalesce(${c('message')}, ${c('media_url')})`,
    message_footer: c('message_footer'),
    message_header: c('message_header'),
    message_buttons: c('message_buttons'),
    caption: c('caption'),
    document_name: c('document_name'),
    document_mimetype: c('document_mimetype'),
    sent_at: iso('sent_at'),
    tag_type: c('tag_type'),
    is_bot_message: c('is_bot_message'),
    is_temp: c('is_temp'),
    unseen_msg: c('unseen_msg'),
    off_customer_chat: c('off_customer_chat'),
    whatsapp_deleted_at: iso('whatsapp_deleted_at'),
    whatsapp_message_id: c('whatsapp_message_id'),
    recovered: c('recovered'),
    instance_id: id('instance_id'),
    parent_id: id('parent_id'),
    user_sending_id: id('user_sending_id'),
    user_sending_img: c('user_sending_img'),
    is_research: c('is_research'),
    from_me: c('from_me'),
    failure_reason: c('failure_reason'),
    updatedAt: ms('updated_at'),
    _deleted: deleted,
  };
};

export const messageJson = (m: string): RawBuilder<string> => jsonOf(messageColumns(m));

/** The keys of messageJson's documents, in the order the database writes them. */
export const MESSAGE_JSON_FIELDS: readonly string[] = Object.keys(messageColumns('m'));

export const ticketJson = (t: string, previousUserName: RawBuilder<unknown>): RawBuilder<string> => {
  const { c, id, iso, ms, deleted } = columnsOf(t);
  return jsonOf({
    id: id('id'),
    campaign_id: id('campaign_id'),
    is_campaign: c('is_campaign'),
    instance_id: id('instance_id'),
    user_id: id('user_id'),
    finished_ticket: c('finished_ticket'),
    open_by_template: c('open_by_template'),
    customer_id: id('customer_id'),
    last_msg: iso('last_msg'),
    last_msg_preview: c('last_msg_preview'),
    last_msg_id: id('last_msg_id'),
    protocol: c('protocol'),
    started_at: iso('started_at'),
    finished_at: iso('finished_at'),
    last_cost_created_at: iso('last_cost_created_at'),
    is_finishing: c('is_finishing'),
    unseenMsg: c('unseen_msg'),
    isNotResponded: c('is_not_responded'),
    inbox: c('inbox'),
    inbox_department_id: id('inbox_department_id'),
    pickableInboxChat: sql`null::boolean`,
    createdAt: iso('created_at'),
    curretTimestamp: iso('updated_at'),
    is_research: c('is_research'),
    grade: c('grade'),
    previous_user_id: id('previous_user_id'),
    previous_user_name: previousUserName,
    customer_name: sql`null::text`,
    vis_position: sql`${c('vis_xid')}::text::bigint`,
    updatedAt: ms('updated_at'),
    _deleted: deleted,
  });
};

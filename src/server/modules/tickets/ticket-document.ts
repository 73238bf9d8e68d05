import { sql, type Selectable } from 'kysely';
import type { Tx } from '../../db/database';
import { PREPARED } from '../../db/prepared';
import type { ChatTicketsTable } from '../../db/schema/tickets';
import type { ChatTicket } from '../../../shared/graphql/generated';
import { epochMs, idString, isoTime } from '../../sync/documents';

export type TicketRow = Selectable<ChatTicketsTable>;

/** The flat fields of a ChatTicket: the replicated document of `chattickets`. */
export type ChatTicketDocument = Omit<ChatTicket, 'user' | 'instance' | 'campaign' | 'customer' | 'customerLastChat'>;

export interface TicketExtras {
  previous_user_name?: string | null;
  customer_name?: string | null;
  /** Required: a document built without them would tell the client its categories were removed. */
  category_ids: readonly string[];
}

export function toTicketDocument(row: TicketRow, extras: TicketExtras): ChatTicketDocument {
  return {
    id: String(row.id),
    campaign_id: idString(row.campaign_id),
    is_campaign: row.is_campaign,
    instance_id: String(row.instance_id),
    user_id: idString(row.user_id),
    finished_ticket: row.finished_ticket,
    open_by_template: row.open_by_template,
    customer_id: String(row.customer_id),
    last_msg: isoTime(row.last_msg),
    last_msg_preview: row.last_msg_preview,
    last_msg_id: idString(row.last_msg_id),
    protocol: row.protocol,
    started_at: isoTime(row.started_at),
    finished_at: isoTime(row.finished_at),
    last_cost_created_at: isoTime(row.last_cost_created_at),
    is_finishing: row.is_finishing,
    unseenMsg: row.unseen_msg,
    isNotResponded: row.is_not_responded,
    inbox: row.inbox,
    inbox_department_id: idString(row.inbox_department_id),
    pickableInboxChat: null,
    createdAt: isoTime(row.created_at) ?? '',
    curretTimestamp: isoTime(row.updated_at) ?? '',
    is_research: row.is_research,
    grade: row.grade,
    previous_user_id: idString(row.previous_user_id),
    previous_user_name: extras.previous_user_name ?? null,
    customer_name: extras.customer_name ?? null,
    vis_position: Number(row.vis_xid),
    category_ids: [...extras.category_ids],
    updatedAt: epochMs(row.updated_at),
    _deleted: row.deleted_at !== null,
  };
}

/** A visibility tombstone: the id alone, every other field neutral (sync.graphql). */
export const neutralTicketDocument = (id: string, updatedAt: number): ChatTicketDocument => ({
  id,
  campaign_id: null,
  is_campaign: false,
  instance_id: '',
  user_id: null,
  finished_ticket: false,
  open_by_template: false,
  customer_id: '',
  last_msg: null,
  last_msg_preview: null,
  last_msg_id: null,
  protocol: null,
  started_at: null,
  finished_at: null,
  last_cost_created_at: null,
  is_finishing: false,
  unseenMsg: 0,
  isNotResponded: false,
  inbox: false,
  inbox_department_id: null,
  pickableInboxChat: null,
  createdAt: '',
  curretTimestamp: '',
  is_research: false,
  grade: null,
  previous_user_id: null,
  previous_user_name: null,
  customer_name: null,
  vis_position: 0,
  category_ids: [],
  updatedAt,
  _deleted: true,
});

/**
 * The category ids of each ticket (ChatTicket.category_ids), ascending, in one aggregate for a
 * whole page; a ticket without categories is absent from the map.
 */
export async function ticketCategoryIds(tx: Tx, tenantId: number, ticketIds: readonly number[]): Promise<Map<number, string[]>> {
  if (ticketIds.length === 0) return new Map();
  const { rows } = await sql<{ chat_ticket_id: string; ids: string[] }>`${PREPARED}
    select chat_ticket_id::text, array_agg(category_id::text order by category_id) as ids
    from ticket_categories
    where tenant_id = ${tenantId} and chat_ticket_id = any(${[...ticketIds]}::bigint[])
    group by chat_ticket_id`.execute(tx);
  return new Map(rows.map((r) => [Number(r.chat_ticket_id), r.ids]));
}

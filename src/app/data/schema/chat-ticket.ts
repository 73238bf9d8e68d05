import type { RxJsonSchema } from 'rxdb';
import { ticketSearchText } from '../../../shared/domain/ticket-search';
import { epochMs, flag, ID_MAX, idField, int, text, timeField } from './fields';
import { TICKET_SORT_KEY_MAX, ticketSortKey } from './sort-key';

/**
 * A ticket (SPEC §3 ChatTicket): the flat fields the server replicates (nested user, customer and
 * campaign are not part of the document; join them locally). Local fields for the tab indexes:
 * `owner_key` (user_id or '') and `sort_at` (last_msg, else createdAt). `vis_position` is absent
 * on tickets stored before version 2 until the server sends them again; `category_ids` is empty on
 * tickets stored before version 4 until the server sends them again (tagging sends them).
 */
export interface ChatTicketDoc {
  id: string;
  campaign_id?: string;
  is_campaign: boolean;
  instance_id: string;
  user_id?: string;
  finished_ticket: boolean;
  open_by_template: boolean;
  customer_id: string;
  last_msg?: string;
  last_msg_preview?: string;
  last_msg_id?: string;
  protocol?: string;
  started_at?: string;
  finished_at?: string;
  last_cost_created_at?: string;
  is_finishing: boolean;
  unseenMsg: number;
  isNotResponded: boolean;
  inbox: boolean;
  inbox_department_id?: string;
  pickableInboxChat?: boolean;
  createdAt: string;
  curretTimestamp?: string;
  is_research: boolean;
  grade?: number;
  previous_user_id?: string;
  previous_user_name?: string;
  customer_name?: string;
  vis_position?: number;
  /** The ticket's categories (crm/category), ascending ids (from version 4). */
  category_ids?: string[];
  updatedAt: number;
  owner_key: string;
  sort_at: string;
  sort_key: string;
  /** The folded customer_name, protocol and preview the list's search compares (from version 3). */
  search_text?: string;
  /**
   * Set by a view made here (unseenMsg to 0) until the server's state replaces the document: what
   * tells the push a local edit from a pulled state, as pulled tickets keep no replication meta
   * (from version 5; absent means false).
   */
  view_pending?: boolean;
}

export const chatTicketSchema: RxJsonSchema<ChatTicketDoc> = {
  title: 'chattickets',
  version: 5,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: idField,
    campaign_id: text,
    is_campaign: flag,
    instance_id: idField,
    user_id: text,
    finished_ticket: flag,
    open_by_template: flag,
    customer_id: idField,
    last_msg: text,
    last_msg_preview: text,
    last_msg_id: text,
    protocol: text,
    started_at: text,
    finished_at: text,
    last_cost_created_at: text,
    is_finishing: flag,
    unseenMsg: int,
    isNotResponded: flag,
    inbox: flag,
    inbox_department_id: text,
    pickableInboxChat: flag,
    createdAt: text,
    curretTimestamp: text,
    is_research: flag,
    grade: int,
    previous_user_id: text,
    previous_user_name: text,
    customer_name: text,
    vis_position: int,
    category_ids: { type: 'array', items: { type: 'string', maxLength: ID_MAX } },
    updatedAt: epochMs,
    owner_key: idField,
    sort_at: timeField,
    sort_key: { type: 'string', maxLength: TICKET_SORT_KEY_MAX },
    search_text: text,
    view_pending: flag,
  },
  required: [
    'id',
    'is_campaign',
    'instance_id',
    'finished_ticket',
    'inbox',
    'customer_id',
    'unseenMsg',
    'updatedAt',
    'owner_key',
    'sort_at',
    'sort_key',
  ],
  indexes: [
    ['instance_id', 'finished_ticket', 'inbox', 'is_campaign', 'sort_key'],
    ['instance_id', 'owner_key', 'finished_ticket', 'inbox', 'is_campaign', 'sort_key'],
    'customer_id',
  ],
};

export const chatTicketMigrations = {
  /** 1: `sort_key` for the newest-first tab indexes. */
  1: (doc: Omit<ChatTicketDoc, 'sort_key'>): ChatTicketDoc => ({ ...doc, sort_key: ticketSortKey(doc) }),
  /** 2: `vis_position`, unknown for the tickets already stored (they keep every other field). */
  2: (doc: ChatTicketDoc): ChatTicketDoc => doc,
  /** 3: `search_text`, so a search reads no field but that one. */
  3: (doc: ChatTicketDoc): ChatTicketDoc => ({ ...doc, search_text: ticketSearchText(doc) }),
  /** 4: `category_ids`, so the lists filter by category locally. */
  4: (doc: ChatTicketDoc): ChatTicketDoc => ({ ...doc, category_ids: doc.category_ids ?? [] }),
  /** 5: `view_pending`; a view not pushed yet is pushed by the push's first pass after the upgrade whatever it holds. */
  5: (doc: ChatTicketDoc): ChatTicketDoc => doc,
};

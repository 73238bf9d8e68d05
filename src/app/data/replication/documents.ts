import type { ChatTicketDoc, CustomerChatDoc, CustomerDoc, ReplicatedName } from '../schema';
import { TEMP_ID_PREFIX } from '../schema/customer-chat';
import { messageSortKey, ticketSortKey } from '../schema/sort-key';
import { nextUnseen } from '../../../shared/domain/messages';
import { customerSearchText, ticketSearchText } from '../../../shared/domain/ticket-search';

/**
 * The mapping between the server's replicated documents (sync.graphql) and local ones.
 * From the server: nulls become absent keys, tombstones get defaults for required fields, and
 * the local fields are derived. To the server: local fields are stripped, and only the
 * writes the server accepts are pushed (a send, a ticket viewed here). Customers are edited through
 * mutations whose answer is side-loaded (`storeCustomer`), never locally, so they are pull-only.
 */
export type ServerDoc = Record<string, unknown> & { id: string; updatedAt?: number | null; _deleted?: boolean | null };

type LocalDoc = Record<string, unknown> & { id: string; _deleted: boolean };

const MESSAGE_FIELDS = `id ack customer_id chat_ticket_id hash type message message_footer message_header
  message_buttons caption document_name document_mimetype sent_at tag_type is_bot_message is_temp unseen_msg
  off_customer_chat whatsapp_deleted_at whatsapp_message_id recovered instance_id parent_id user_sending_id
  user_sending_img is_research from_me failure_reason updatedAt _deleted`;

const TICKET_FIELDS = `id campaign_id is_campaign instance_id user_id finished_ticket open_by_template customer_id
  last_msg last_msg_preview last_msg_id protocol started_at finished_at last_cost_created_at is_finishing unseenMsg
  isNotResponded inbox inbox_department_id pickableInboxChat createdAt curretTimestamp is_research grade
  previous_user_id previous_user_name customer_name vis_position category_ids updatedAt _deleted`;

const CUSTOMER_FIELDS = `id name image address open_field is_favorite phone_number is_blacklisted
  is_blacklisted_campaign document_register group_of_customer_id group_of_customer { id name color_tag }
  updatedAt _deleted`;

const SETTING_FIELDS = 'id instance_id key value updatedAt _deleted';

const REACTION_FIELDS = `id ack type sent_at customer_id reaction_text customer_chat_id chat_ticket_id instance_id
  from_me updatedAt _deleted`;

/** Defaults that let a tombstone ({ id, updatedAt, _deleted } and nulls) satisfy the schema. */
const TOMBSTONE_DEFAULTS: Record<ReplicatedName, Record<string, unknown>> = {
  customerchats: { ack: 0, customer_id: '', hash: '', type: '', sent_at: '', instance_id: '' },
  chattickets: { is_campaign: false, instance_id: '', finished_ticket: false, inbox: false, customer_id: '', unseenMsg: 0 },
  customers: {},
  settings: {},
  customerchatreactions: { customer_chat_id: '' },
};

const LOCAL_FIELDS: Record<ReplicatedName, readonly string[]> = {
  customerchats: ['ticket_key', 'sort_key'],
  chattickets: ['owner_key', 'sort_at', 'sort_key', 'search_text', 'view_pending'],
  customers: ['search_text'],
  settings: [],
  customerchatreactions: ['ticket_key'],
};

/**
 * Copies `raw` into `into` without null values (nested objects too). Plain loops on purpose:
 * spreading a defaults object and a 30-field document costs ~150 µs per document in V8 (a
 * dictionary-mode slow path), which capped the initial sync at a few thousand documents a second.
 */
function copyWithoutNulls(raw: Record<string, unknown>, into: Record<string, unknown>): Record<string, unknown> {
  for (const key in raw) {
    const value = raw[key];
    if (value === null || value === undefined) continue;
    into[key] = typeof value === 'object' && !Array.isArray(value) ? copyWithoutNulls(value as Record<string, unknown>, {}) : value;
  }
  return into;
}

/** The local fields (index keys, folded search text) derived from the spec's fields; also used for documents made locally. */
export function deriveLocalFields(name: ReplicatedName, doc: Record<string, unknown>): Record<string, unknown> {
  switch (name) {
    case 'customerchats': {
      const message = doc as Partial<CustomerChatDoc> & { id: string };
      return { ticket_key: message.chat_ticket_id ?? '', sort_key: messageSortKey({ id: message.id, sent_at: message.sent_at ?? '' }) };
    }
    case 'customerchatreactions':
      return { ticket_key: (doc.chat_ticket_id as string | undefined) ?? '' };
    case 'chattickets': {
      const ticket = doc as Partial<ChatTicketDoc> & { id: string };
      const sortAt = ticket.last_msg ?? ticket.createdAt ?? '';
      return {
        owner_key: ticket.user_id ?? '',
        sort_at: sortAt,
        sort_key: ticketSortKey({ id: ticket.id, sort_at: sortAt }),
        search_text: ticketSearchText(ticket),
      };
    }
    case 'customers':
      return { search_text: customerSearchText(doc as Partial<CustomerDoc>) };
    default:
      return {};
  }
}

export function fromServer(name: ReplicatedName, raw: ServerDoc): LocalDoc {
  const doc: Record<string, unknown> = {};
  const defaults = TOMBSTONE_DEFAULTS[name];
  for (const key in defaults) doc[key] = defaults[key];
  copyWithoutNulls(raw, doc);
  doc.updatedAt = typeof raw.updatedAt === 'number' ? Math.trunc(raw.updatedAt) : 0;
  doc._deleted = raw._deleted === true;
  const derived = deriveLocalFields(name, doc);
  for (const key in derived) doc[key] = derived[key];
  return doc as LocalDoc;
}

function stripLocal(name: ReplicatedName, doc: Record<string, unknown>): Record<string, unknown> {
  const out = { ...doc };
  for (const key of LOCAL_FIELDS[name]) delete out[key];
  return out;
}

export const isTempMessageId = (id: string): boolean => id.startsWith(TEMP_ID_PREFIX);

/** The one local edit of a ticket: viewed here (SPEC §4, unseen back to 0), marked for the push. */
export const viewedTicketEdit = (): Pick<ChatTicketDoc, 'unseenMsg' | 'view_pending'> => ({ unseenMsg: nextUnseen(undefined, false, true), view_pending: true });

/**
 * What the push sends for a local write, or null when nothing should reach the server: local
 * drops (a ticket this user may no longer see takes its messages with it), a refused send waiting
 * for its retry (ack -1), and anything of the pull-only collections.
 */
export function toServer(name: ReplicatedName, doc: Record<string, unknown>): Record<string, unknown> | null {
  if (doc._deleted) return null;
  switch (name) {
    case 'customerchats': {
      const message = doc as unknown as CustomerChatDoc;
      if (!message.is_temp || !isTempMessageId(message.id) || message.ack < 0) return null;
      return stripLocal(name, doc);
    }
    case 'chattickets':
      // Pulled tickets are stored as the server sent them, without a replication meta to compare
      // with: only a view made here marks one to push.
      return doc.view_pending === true ? stripLocal(name, doc) : null;
    default:
      return null;
  }
}

export interface ReplicatedSpec {
  name: ReplicatedName;
  /** The GraphQL type name in pull<X>, push<X>, stream<X> and <X>CheckpointInput. */
  typeName: string;
  fields: string;
  pushable: boolean;
}

export const REPLICATED_SPECS: Record<ReplicatedName, ReplicatedSpec> = {
  customerchats: { name: 'customerchats', typeName: 'CustomerChat', fields: MESSAGE_FIELDS, pushable: true },
  chattickets: { name: 'chattickets', typeName: 'ChatTicket', fields: TICKET_FIELDS, pushable: true },
  customers: { name: 'customers', typeName: 'Customer', fields: CUSTOMER_FIELDS, pushable: false },
  settings: { name: 'settings', typeName: 'Setting', fields: SETTING_FIELDS, pushable: false },
  customerchatreactions: {
    name: 'customerchatreactions',
    typeName: 'CustomerChatReaction',
    fields: REACTION_FIELDS,
    pushable: false,
  },
};

import { sql } from 'kysely';
import type { CustomerChat } from '../../../shared/graphql/generated';
import type { Tx } from '../../db/database';
import type { SyncViewer } from '../../sync/visibility';
import { ticketVisibleSql } from '../tickets/visibility-sql';
import { toMessageDocument, toReactionDocument, type MessageRow } from './message-document';

export interface Conversation {
  tenantId: number;
  customerId: number;
  instanceId: number;
  /** Only this ticket's messages. */
  ticketId?: number | null;
}

export const INITIAL_WINDOW = 80;
export const MAX_WINDOW = 200;
/** customerChatsPaginated counts at most this many pages past the requested one. */
const PAGES_COUNTED_AHEAD = 10;

/** Messages of a customer on a connection, from the tickets the viewer may see (a message follows its ticket). */
function conversation(tx: Tx, viewer: SyncViewer, c: Conversation) {
  let query = tx
    .selectFrom('customer_chats as m')
    .innerJoin('chat_tickets as t', (join) => join.onRef('t.tenant_id', '=', 'm.tenant_id').onRef('t.id', '=', 'm.chat_ticket_id'))
    .where('m.tenant_id', '=', c.tenantId)
    .where('m.customer_id', '=', c.customerId)
    .where('m.instance_id', '=', c.instanceId)
    .where('m.deleted_at', 'is', null)
    .where(ticketVisibleSql(viewer));
  if (c.ticketId != null) query = query.where('m.chat_ticket_id', '=', c.ticketId);
  return query;
}

/** Messages as the queries answer them, with the replied-to message and the reactions. */
async function hydrate(tx: Tx, tenantId: number, rows: readonly MessageRow[]): Promise<CustomerChat[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const parentIds = [...new Set(rows.map((r) => r.parent_id).filter((id): id is number => id !== null))];
  const [parents, reactions] = await Promise.all([
    parentIds.length === 0 ? [] : tx.selectFrom('customer_chats').selectAll().where('tenant_id', '=', tenantId).where('id', 'in', parentIds).execute(),
    tx
      .selectFrom('customer_chat_reactions')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('customer_chat_id', 'in', ids)
      .where('deleted_at', 'is', null)
      .execute(),
  ]);
  const parentById = new Map(parents.map((p) => [p.id, toMessageDocument(p)]));
  return rows.map((row) => ({
    ...toMessageDocument(row),
    parentCustomerChat: row.parent_id === null ? null : (parentById.get(row.parent_id) ?? null),
    customerChatReactions: reactions.filter((r) => r.customer_chat_id === row.id).map(toReactionDocument),
  }));
}

/** The latest `limit` messages before `before` (sent_at, id), answered oldest first. */
export async function latestMessages(
  tx: Tx,
  viewer: SyncViewer,
  c: Conversation,
  limit: number,
  before?: { sentAt: Date; id: number },
): Promise<CustomerChat[]> {
  let query = conversation(tx, viewer, c).selectAll('m');
  if (before) query = query.where(sql<boolean>`(m.sent_at, m.id) < (${before.sentAt}::timestamptz, ${before.id}::bigint)`);
  const rows = await query.orderBy('m.sent_at', 'desc').orderBy('m.id', 'desc').limit(limit).execute();
  return hydrate(tx, c.tenantId, rows.reverse());
}

/** The keyset position of a message of this conversation, for oldCustomerChats. */
export async function messagePosition(tx: Tx, viewer: SyncViewer, c: Conversation, messageId: number): Promise<{ sentAt: Date; id: number } | null> {
  const row = await conversation(tx, viewer, c).select(['m.id', 'm.sent_at']).where('m.id', '=', messageId).executeTakeFirst();
  return row ? { sentAt: row.sent_at, id: row.id } : null;
}

/** customerChatsPaginated: page 1 is the latest; each page oldest first; the total is counted in a window. */
export async function messagePage(
  tx: Tx,
  viewer: SyncViewer,
  c: Conversation,
  page: number,
  perPage: number,
  hash?: string | null,
): Promise<{ data: CustomerChat[]; total: number; per_page: number }> {
  const base = () => {
    const query = conversation(tx, viewer, c);
    return hash ? query.where('m.hash', '=', hash) : query;
  };
  const rows = await base()
    .selectAll('m')
    .orderBy('m.sent_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  const counted = await tx
    .selectFrom(base().select(sql`1`.as('one')).limit((page + PAGES_COUNTED_AHEAD) * perPage).as('window'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { data: await hydrate(tx, c.tenantId, rows.reverse()), total: Number(counted.n), per_page: perPage };
}

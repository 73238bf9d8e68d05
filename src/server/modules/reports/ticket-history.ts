import type { Tx } from '../../db/database';
import type { TicketHistory, TicketHistoryEvent } from '../../../shared/domain/metrics';

/** Messages the store sends by itself: bot, closing and survey texts are never an attendant's reply. */
const AUTOMATIC_HASH = /^(closing|survey):/;

const ms = (value: Date | string): number => (value instanceof Date ? value.getTime() : Date.parse(value));

/**
 * The histories of some tickets, as the shared metric definitions read them: the transitions the
 * triggers recorded, and the messages (internal comments left out). A deleted ticket has none, so
 * its share leaves the rollups.
 */
export async function loadTicketHistories(tx: Tx, tenantId: number, ticketIds: readonly number[]): Promise<TicketHistory[]> {
  if (ticketIds.length === 0) return [];
  const [tickets, categories, events, messages] = await Promise.all([
    tx
      .selectFrom('chat_tickets as t')
      .leftJoin('ticket_closings as tc', (j) => j.onRef('tc.tenant_id', '=', 't.tenant_id').onRef('tc.chat_ticket_id', '=', 't.id'))
      .select(['t.id', 't.instance_id', 't.inbox_department_id', 't.campaign_id', 'tc.crm_reason_id'])
      .where('t.tenant_id', '=', tenantId)
      .where('t.id', 'in', ticketIds)
      .where('t.deleted_at', 'is', null)
      .execute(),
    tx
      .selectFrom('ticket_categories')
      .select(['chat_ticket_id', 'category_id'])
      .where('tenant_id', '=', tenantId)
      .where('chat_ticket_id', 'in', ticketIds)
      .orderBy('category_id')
      .execute(),
    tx
      .selectFrom('report_ticket_events')
      .select(['chat_ticket_id', 'kind', 'at', 'user_id', 'from_user_id', 'inbox', 'survey', 'grade'])
      .where('tenant_id', '=', tenantId)
      .where('chat_ticket_id', 'in', ticketIds)
      .orderBy('at')
      .orderBy('id')
      .execute(),
    tx
      .selectFrom('customer_chats')
      .select(['chat_ticket_id', 'sent_at', 'from_me', 'is_bot_message', 'hash', 'user_sending_id'])
      .where('tenant_id', '=', tenantId)
      .where('chat_ticket_id', 'in', ticketIds)
      .where('off_customer_chat', '=', false)
      .where('deleted_at', 'is', null)
      .execute(),
  ]);
  const byTicket = new Map<number, TicketHistoryEvent[]>(tickets.map((t) => [t.id, []]));
  const categoriesOf = new Map<number, number[]>();
  for (const c of categories) categoriesOf.set(c.chat_ticket_id, [...(categoriesOf.get(c.chat_ticket_id) ?? []), c.category_id]);
  for (const e of events) {
    const list = byTicket.get(e.chat_ticket_id);
    if (!list) continue;
    const at = ms(e.at);
    if (e.kind === 'opened' || e.kind === 'reopened') list.push({ kind: e.kind, at, inbox: e.inbox ?? e.user_id === null, userId: e.user_id });
    else if (e.kind === 'picked' && e.user_id !== null) list.push({ kind: 'picked', at, userId: e.user_id });
    else if (e.kind === 'transferred') list.push({ kind: 'transferred', at, fromUserId: e.from_user_id, toUserId: e.user_id });
    else if (e.kind === 'closed') list.push({ kind: 'closed', at, userId: e.user_id, surveySent: e.survey ?? false });
    else if (e.kind === 'graded' && e.grade !== null) list.push({ kind: 'graded', at, grade: e.grade });
  }
  for (const m of messages) {
    const list = m.chat_ticket_id === null ? undefined : byTicket.get(m.chat_ticket_id);
    list?.push({
      kind: 'message',
      at: ms(m.sent_at),
      fromCustomer: !m.from_me,
      automatic: m.is_bot_message || AUTOMATIC_HASH.test(m.hash),
      userId: m.user_sending_id,
    });
  }
  return tickets.map((t) => ({
    ticketId: t.id,
    dimensions: {
      instanceId: t.instance_id,
      departmentId: t.inbox_department_id,
      campaignId: t.campaign_id,
      categoryIds: categoriesOf.get(t.id) ?? [],
      reasonId: t.crm_reason_id,
    },
    events: byTicket.get(t.id) ?? [],
  }));
}

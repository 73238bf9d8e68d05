import type { ChatTicket, Customer, CustomerChat } from '../../../shared/graphql/generated';
import type { Tx } from '../../db/database';
import { isoTime } from '../../sync/documents';
import { toCustomerDocument } from '../customers/customer-document';
import { toMessageDocument } from '../messages/message-document';
import { ticketCategoryIds, toTicketDocument, type TicketRow } from './ticket-document';

const unique = (values: Array<number | null>): number[] => [...new Set(values.filter((v): v is number => v !== null))];

/**
 * Tickets as the queries answer them (SPEC §3 ChatTicket with user, instance, campaign, customer
 * and customerLastChat), loaded with one query per relation for the whole page.
 */
export async function hydrateTickets(tx: Tx, tenantId: number, rows: readonly TicketRow[], pickable: (row: TicketRow) => boolean): Promise<ChatTicket[]> {
  if (rows.length === 0) return [];
  const userIds = unique(rows.flatMap((r) => [r.user_id, r.previous_user_id]));
  const campaignIds = unique(rows.map((r) => r.campaign_id));
  const [users, customers, lastMessages, instances, campaigns, categoryIds] = await Promise.all([
    userIds.length === 0
      ? []
      : tx.selectFrom('users').select(['id', 'name', 'image', 'deleted_at']).where('tenant_id', '=', tenantId).where('id', 'in', userIds).execute(),
    tx
      .selectFrom('customers as c')
      .leftJoin('customer_groups as g', (join) => join.onRef('g.tenant_id', '=', 'c.tenant_id').onRef('g.id', '=', 'c.group_of_customer_id'))
      .selectAll('c')
      .select(['g.name as group_name', 'g.color_tag as group_color_tag'])
      .where('c.tenant_id', '=', tenantId)
      .where('c.id', 'in', unique(rows.map((r) => r.customer_id)))
      .execute(),
    unique(rows.map((r) => r.last_msg_id)).length === 0
      ? []
      : tx.selectFrom('customer_chats').selectAll().where('tenant_id', '=', tenantId).where('id', 'in', unique(rows.map((r) => r.last_msg_id))).execute(),
    tx.selectFrom('instances').select(['id', 'name']).where('tenant_id', '=', tenantId).where('id', 'in', unique(rows.map((r) => r.instance_id))).execute(),
    campaignIds.length === 0 ? [] : tx.selectFrom('campaigns').select(['id', 'name']).where('tenant_id', '=', tenantId).where('id', 'in', campaignIds).execute(),
    ticketCategoryIds(
      tx,
      tenantId,
      rows.map((r) => r.id),
    ),
  ]);
  // SPEC §9 'Resposta passiva' counts as attendance, which needs the campaign's name.
  const campaignName = new Map(campaigns.map((c) => [c.id, c.name]));
  const userById = new Map(users.map((u) => [u.id, u]));
  const customerById = new Map<number, Customer>(customers.map((c) => [c.id, toCustomerDocument(c, c)]));
  const messageById = new Map<number, CustomerChat>(lastMessages.map((m) => [m.id, toMessageDocument(m)]));
  const instanceById = new Map(instances.map((i) => [i.id, i]));
  return rows.map((row) => {
    const user = row.user_id === null ? undefined : userById.get(row.user_id);
    const customer = customerById.get(row.customer_id) ?? null;
    const instance = instanceById.get(row.instance_id);
    return {
      ...toTicketDocument(row, {
        previous_user_name: row.previous_user_id === null ? null : (userById.get(row.previous_user_id)?.name ?? null),
        customer_name: customer?.name ?? null,
        category_ids: categoryIds.get(row.id) ?? [],
      }),
      pickableInboxChat: pickable(row),
      user: user ? { id: String(user.id), name: user.name, image: user.image, deleted_at: isoTime(user.deleted_at) } : null,
      instance: instance ? { id: String(instance.id), name: instance.name } : null,
      campaign: row.campaign_id === null ? null : { id: String(row.campaign_id), name: campaignName.get(row.campaign_id) ?? null },
      customer,
      customerLastChat: row.last_msg_id === null ? null : (messageById.get(row.last_msg_id) ?? null),
    };
  });
}

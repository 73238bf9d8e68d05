import { sql } from 'kysely';
import type { TicketLike } from '../../../shared/domain/tickets';
import type { Customer } from '../../../shared/graphql/generated';
import { neutralCustomerDocument, toCustomerDocument } from '../../modules/customers/customer-document';
import { afterCursor, committedBelowXmin, cursorOf, type FeedCollection } from './feed';

/**
 * Customers with a ticket on the connection, seen through those tickets: a ticket insert or a
 * visibility change re-sends its customer (migration 0002 trigger), so the customer arrives with
 * its first visible ticket and leaves, as a tombstone, with the last one.
 */
export const customersFeed: FeedCollection<Customer> = {
  name: 'customers',
  async read(tx, scope, after, limit) {
    const rows = await tx
      .selectFrom('customers as c')
      .leftJoin('customer_groups as g', (join) => join.onRef('g.tenant_id', '=', 'c.tenant_id').onRef('g.id', '=', 'c.group_of_customer_id'))
      .selectAll('c')
      .select([sql<string>`c.change_xid::text`.as('position'), sql<string>`c.vis_xid::text`.as('vis'), 'g.name as group_name', 'g.color_tag as group_color_tag'])
      .where('c.tenant_id', '=', scope.tenantId)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('chat_tickets as e')
            .select(sql`1`.as('one'))
            .whereRef('e.tenant_id', '=', 'c.tenant_id')
            .whereRef('e.customer_id', '=', 'c.id')
            .where('e.instance_id', '=', scope.instanceId),
        ),
      )
      .where(afterCursor('c', after))
      .where(committedBelowXmin('c'))
      .orderBy('c.change_xid')
      .orderBy('c.id')
      .limit(limit)
      .execute();
    if (rows.length === 0) return [];
    // The audience of the whole page in one query: who may see each customer's tickets here.
    const tickets = await tx
      .selectFrom('chat_tickets')
      .select(['customer_id', 'user_id', 'inbox', 'inbox_department_id', 'finished_ticket'])
      .distinct()
      .where('tenant_id', '=', scope.tenantId)
      .where('instance_id', '=', scope.instanceId)
      .where('customer_id', 'in', rows.map((row) => row.id))
      .where('deleted_at', 'is', null)
      .execute();
    const audience = new Map<number, TicketLike[]>();
    for (const ticket of tickets) {
      const list = audience.get(ticket.customer_id) ?? [];
      list.push({ id: 0, ...ticket });
      audience.set(ticket.customer_id, list);
    }
    return rows.map((row) => ({
      cursor: cursorOf(row),
      doc: toCustomerDocument(row, row),
      visXid: Number(row.vis),
      audience: audience.get(row.id) ?? [],
    }));
  },
  neutral: neutralCustomerDocument,
};

import { sql } from 'kysely';
import { z } from 'zod';
import type { ModuleResolvers } from '../../graphql/resolver-types';
import { requireViewer } from '../../graphql/guards';
import { parseInput } from '../../graphql/validation';
import { rowId, syncViewerOf } from '../../sync/access';
import { isAdministrator } from '../../sync/visibility';
import { ticketVisibleSql } from '../tickets/visibility-sql';
import { toCustomerDocument } from './customer-document';

export const customersResolvers: ModuleResolvers = {
  Query: {
    /** A customer the viewer reaches through a ticket they see on one of their connections. */
    customerInfos: async (_, args, context) => {
      const viewer = syncViewerOf(context);
      const { instanceIds } = requireViewer(context);
      const { id } = parseInput(z.object({ id: rowId }), args);
      const tenantId = context.tenant.id;
      return context.database.withTenant(tenantId, async (tx) => {
        let query = tx
          .selectFrom('customers as c')
          .leftJoin('customer_groups as g', (join) => join.onRef('g.tenant_id', '=', 'c.tenant_id').onRef('g.id', '=', 'c.group_of_customer_id'))
          .selectAll('c')
          .select(['g.name as group_name', 'g.color_tag as group_color_tag'])
          .where('c.tenant_id', '=', tenantId)
          .where('c.id', '=', id)
          .where('c.deleted_at', 'is', null);
        if (!isAdministrator(viewer)) {
          query = query.where(({ exists, selectFrom }) =>
            exists(
              selectFrom('chat_tickets as t')
                .select('t.id')
                .whereRef('t.tenant_id', '=', 'c.tenant_id')
                .whereRef('t.customer_id', '=', 'c.id')
                .where('t.instance_id', 'in', instanceIds.length > 0 ? [...instanceIds] : [0])
                .where('t.deleted_at', 'is', null)
                .where(ticketVisibleSql(viewer)),
            ),
          );
        }
        const row = await query.executeTakeFirst();
        return row ? toCustomerDocument(row, row) : null;
      });
    },
    /** Any signed-in attendant may file a customer under any group of the tenant. */
    customerGroups: async (_, _args, context) => {
      requireViewer(context);
      const tenantId = context.tenant.id;
      const rows = await context.database.withTenant(tenantId, (tx) =>
        tx.selectFrom('customer_groups').select(['id', 'name', 'color_tag']).where('tenant_id', '=', tenantId).orderBy(sql`lower(name)`).orderBy('id').execute(),
      );
      return rows.map((g) => ({ id: String(g.id), name: g.name, color_tag: g.color_tag }));
    },
  },
};

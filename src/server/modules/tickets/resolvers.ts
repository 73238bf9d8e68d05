import { z } from 'zod';
import type { ModuleResolvers } from '../../graphql/resolver-types';
import { parseInput } from '../../graphql/validation';
import { requireInstanceAccess, rowId, syncServicesOf, syncViewerOf } from '../../sync/access';
import { changeTicketDepartment } from './department';
import { hydrateTickets } from './hydrate';
import { pickableRule } from './pickable';
import { listChatTickets, sumOfTickets } from './ticket-queries';
import { ticketVisibleSql } from './visibility-sql';
import { assertUseInstance } from '../instances/instance-access';
import { requireViewer } from '../../graphql/guards';

const chatTicketsSchema = z.object({
  search_query: z.string().trim().max(100).nullish(),
  finished_tickets: z.boolean().nullish(),
  all_users: z.boolean().nullish(),
  pagination_page: z.number().int().min(1).max(100_000).nullish(),
  pagination_limit: z.number().int().min(1).max(100).nullish(),
  customer_id: rowId.nullish(),
  inbox: z.boolean().nullish(),
  inbox_department_id: rowId.nullish(),
  is_campaign: z.boolean().nullish(),
  updated_at: z.number().nonnegative().nullish(),
});

export const ticketsResolvers: ModuleResolvers = {
  Query: {
    chatTickets: async (_, args, context) => {
      const access = requireInstanceAccess(context, args.instance_id);
      const input = parseInput(chatTicketsSchema, args);
      return context.database.withTenant(access.tenantId, (tx) =>
        listChatTickets(tx, access.tenantId, access.viewer, {
          instanceId: access.instanceId,
          searchQuery: input.search_query,
          finishedTickets: input.finished_tickets,
          allUsers: input.all_users,
          page: input.pagination_page ?? 1,
          limit: input.pagination_limit ?? 10,
          customerId: input.customer_id,
          inbox: input.inbox,
          inboxDepartmentId: input.inbox_department_id,
          isCampaign: input.is_campaign,
          updatedAfterMs: input.updated_at,
        }),
      );
    },
    chatTicketInfos: async (_, args, context) => {
      const viewer = syncViewerOf(context);
      const id = parseInput(z.object({ id: rowId }), args).id;
      const tenantId = context.tenant.id;
      return context.database.withTenant(tenantId, async (tx) => {
        const row = await tx
          .selectFrom('chat_tickets as t')
          .selectAll('t')
          .where('t.tenant_id', '=', tenantId)
          .where('t.id', '=', id)
          .where('t.deleted_at', 'is', null)
          .where(ticketVisibleSql(viewer))
          .executeTakeFirst();
        if (!row) return null;
        assertUseInstance(requireViewer(context), row.instance_id);
        const [ticket] = await hydrateTickets(tx, tenantId, [row], await pickableRule(tx, tenantId, row.instance_id, viewer));
        return ticket ?? null;
      });
    },
    sumOfTickets: async (_, args, context) => {
      const access = requireInstanceAccess(context, args.instance_id);
      return context.database.withTenant(access.tenantId, (tx) => sumOfTickets(tx, access.tenantId, access.viewer, access.instanceId));
    },
  },
  Mutation: {
    changeChatTicketDepartment: async (_, args, context) => {
      const viewer = syncViewerOf(context);
      const input = parseInput(z.object({ id: rowId, inbox_department_id: rowId.nullish() }), args);
      const moved = await changeTicketDepartment(syncServicesOf(context).messaging, context.tenant.id, viewer, input.id, input.inbox_department_id ?? null);
      return context.database.withTenant(context.tenant.id, async (tx) => {
        const [ticket] = await hydrateTickets(tx, context.tenant.id, [moved], () => true);
        if (!ticket) throw new Error('moved ticket vanished');
        return ticket;
      });
    },
  },
};

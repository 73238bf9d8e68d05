import { z } from 'zod';
import type { ChatTicket, Customer, TicketEvent as TicketEventType } from '../../../shared/graphql/generated';
import type { Tx } from '../../db/database';
import type { RequestContext } from '../../graphql/context';
import { requireRoute, requireViewer } from '../../graphql/guards';
import type { ModuleResolvers } from '../../graphql/resolver-types';
import { parseInput } from '../../graphql/validation';
import { requireInstanceAccess, rowId, syncServicesOf, syncViewerOf } from '../../sync/access';
import { toCustomerDocument } from '../customers/customer-document';
import { assertUseInstance } from '../instances/instance-access';
import { hydrateTickets } from '../tickets/hydrate';
import type { TicketRow } from '../tickets/ticket-document';
import { updateCustomer, customerUpdateSchema } from './customer-update';
import { finishTicket } from './finish';
import { openConversation } from './open-conversation';
import { pickTicket } from './pick';
import { attendanceReferences, listAttendants } from './references';
import { setTicketResearch } from './research';
import { subscribeTicketEvents } from './ticket-events';

const idArgs = z.object({ id: rowId });

async function answerTicket(context: RequestContext, row: TicketRow): Promise<ChatTicket> {
  const [ticket] = await context.database.withTenant(context.tenant.id, (tx: Tx) => hydrateTickets(tx, context.tenant.id, [row], () => true));
  if (!ticket) throw new Error('ticket vanished after a lifecycle change');
  return ticket;
}

/** The ticket's connection must be one the viewer works on (SPEC §4: data of the chosen connection). */
async function assertTicketConnection(context: RequestContext, ticketId: number): Promise<void> {
  const viewer = requireViewer(context);
  const row = await context.database.withTenant(context.tenant.id, (tx) =>
    tx.selectFrom('chat_tickets').select('instance_id').where('tenant_id', '=', context.tenant.id).where('id', '=', ticketId).executeTakeFirst(),
  );
  if (row) assertUseInstance(viewer, row.instance_id);
}

export const attendanceResolvers: ModuleResolvers = {
  Query: {
    attendanceReferences: async (_, args, context) => {
      const access = requireInstanceAccess(context, args.instance_id);
      return context.database.withTenant(access.tenantId, (tx) => attendanceReferences(tx, access.tenantId, access.instanceId));
    },
    onlineUsers: async (_, args, context) => {
      const viewer = requireViewer(context);
      const input = parseInput(z.object({ user_id: rowId.nullish(), instance_id: rowId.nullish() }), args);
      if (input.instance_id != null) assertUseInstance(viewer, input.instance_id);
      return context.database.withTenant(context.tenant.id, (tx) =>
        listAttendants(tx, context.tenant.id, input.instance_id ?? null, input.user_id ?? null),
      );
    },
  },
  Mutation: {
    openCustomerConversation: async (_, args, context) => {
      // customers/list's row action, which lands on chat/attendance: the role needs both screens.
      requireRoute(context, 'customers-list');
      requireRoute(context, 'chat-attendance');
      const access = requireInstanceAccess(context, args.instance_id);
      const { customer_id } = parseInput(z.object({ customer_id: rowId }), { customer_id: args.customer_id });
      const ticket = await openConversation(syncServicesOf(context).messaging, access.tenantId, access.viewer, customer_id, access.instanceId);
      return answerTicket(context, ticket);
    },
    pickChatTicket: async (_, args, context) => {
      const { id } = parseInput(idArgs, args);
      await assertTicketConnection(context, id);
      return answerTicket(context, await pickTicket(syncServicesOf(context).messaging, context.tenant.id, syncViewerOf(context), id));
    },
    finishChatTicket: async (_, args, context) => {
      const input = parseInput(z.object({ id: rowId, reason_id: rowId, note: z.string().trim().max(2000).nullish() }), args);
      await assertTicketConnection(context, input.id);
      const closed = await finishTicket(syncServicesOf(context).messaging, context.tenant.id, syncViewerOf(context), {
        ticketId: input.id,
        reasonId: input.reason_id,
        note: input.note || null,
      });
      return answerTicket(context, closed);
    },
    setChatTicketResearch: async (_, args, context) => {
      const input = parseInput(z.object({ id: rowId, is_research: z.boolean() }), args);
      await assertTicketConnection(context, input.id);
      const ticket = await setTicketResearch(syncServicesOf(context).messaging, context.tenant.id, syncViewerOf(context), input.id, input.is_research);
      return answerTicket(context, ticket);
    },
    updateCustomer: async (_, args, context): Promise<Customer> => {
      const { id } = parseInput(idArgs, { id: args.id });
      const input = parseInput(customerUpdateSchema, args.input);
      const row = await updateCustomer(syncServicesOf(context).messaging, context.tenant.id, syncViewerOf(context), id, input);
      const group =
        row.group_of_customer_id === null
          ? null
          : await context.database.withTenant(context.tenant.id, (tx) =>
              tx
                .selectFrom('customer_groups')
                .select(['name', 'color_tag'])
                .where('tenant_id', '=', context.tenant.id)
                .where('id', '=', row.group_of_customer_id as number)
                .executeTakeFirst(),
            );
      return toCustomerDocument(row, { group_name: group?.name ?? null, group_color_tag: group?.color_tag ?? null });
    },
  },
  Subscription: {
    ticketEvents: {
      subscribe: async (_, args, context) => {
        const access = requireInstanceAccess(context, args.instance_id);
        return subscribeTicketEvents(syncServicesOf(context).messaging, access.tenantId, access.instanceId);
      },
      resolve: (payload: unknown) => payload as TicketEventType,
    },
  },
};

import { z } from 'zod';
import type { RequestContext } from '../../graphql/context';
import type { ModuleResolvers } from '../../graphql/resolver-types';
import { parseInput } from '../../graphql/validation';
import { rowId, syncServicesOf, syncViewerOf } from '../../sync/access';
import { confirmTransfer, createTransfer, deleteTransfer, listTransfers, toTransfers } from './transfer-service';

async function answer(context: RequestContext, row: Parameters<typeof toTransfers>[2][number]) {
  const [transfer] = await context.database.withTenant(context.tenant.id, (tx) => toTransfers(tx, context.tenant.id, [row]));
  if (!transfer) throw new Error('transfer vanished');
  return transfer;
}

export const transfersResolvers: ModuleResolvers = {
  Query: {
    ticketTransfer: async (_, args, context) => {
      const input = parseInput(z.object({ chat_ticket_id: rowId, transferred: z.boolean().nullish() }), args);
      return listTransfers(syncServicesOf(context).messaging, context.tenant.id, syncViewerOf(context), input.chat_ticket_id, input.transferred ?? null);
    },
  },
  Mutation: {
    createTicketTransfer: async (_, args, context) => {
      const input = parseInput(z.object({ next_user_id: rowId, previous_user_id: rowId.nullish(), chat_ticket_id: rowId }), args);
      const row = await createTransfer(syncServicesOf(context).messaging, context.tenant.id, syncViewerOf(context), {
        ticketId: input.chat_ticket_id,
        nextUserId: input.next_user_id,
        previousUserId: input.previous_user_id ?? null,
      });
      return answer(context, row);
    },
    confirmTicketTransfer: async (_, args, context) => {
      const { id } = parseInput(z.object({ id: rowId }), args);
      return answer(context, await confirmTransfer(syncServicesOf(context).messaging, context.tenant.id, syncViewerOf(context), id));
    },
    deleteTicketTransfer: async (_, args, context) => {
      const { id } = parseInput(z.object({ id: rowId }), args);
      await deleteTransfer(syncServicesOf(context).messaging, context.tenant.id, syncViewerOf(context), id);
      return true;
    },
  },
};

import { z } from 'zod';
import type { RequestContext } from '../../graphql/context';
import type { ModuleResolvers } from '../../graphql/resolver-types';
import { parseInput } from '../../graphql/validation';
import { requireInstanceAccess, rowId, syncServicesOf } from '../../sync/access';
import { latestMessages, messagePage, messagePosition, INITIAL_WINDOW, MAX_WINDOW, type Conversation } from './history';
import { toMessageDocument, toReactionDocument } from './message-document';
import { sendOutgoing } from './outgoing';
import { sendReaction } from './reactions';
import { messageTexts } from './texts';
import { resetCustomerUnseen } from './unseen-reset';

const text = z.string().trim().min(1, messageTexts.messageRequired).max(4096);
const hash = z.string().trim().min(1).max(100).nullish();
const phone = z.string().trim().min(8).max(20);

function conversationOf(context: RequestContext, args: { customer_id: unknown; instance_id: unknown; id?: unknown }) {
  const access = requireInstanceAccess(context, args.instance_id);
  const input = parseInput(z.object({ customer_id: rowId, id: rowId.nullish() }), { customer_id: args.customer_id, id: args.id });
  const conversation: Conversation = { tenantId: access.tenantId, customerId: input.customer_id, instanceId: access.instanceId, ticketId: input.id };
  return { access, conversation };
}

export const messagesResolvers: ModuleResolvers = {
  Query: {
    customerChats: async (_, args, context) => {
      const { access, conversation } = conversationOf(context, args);
      return context.database.withTenant(access.tenantId, (tx) => latestMessages(tx, access.viewer, conversation, INITIAL_WINDOW));
    },
    oldCustomerChats: async (_, args, context) => {
      const { access, conversation } = conversationOf(context, args);
      const input = parseInput(z.object({ max_id: rowId, limit: z.number().int().min(1).max(MAX_WINDOW).nullish() }), args);
      return context.database.withTenant(access.tenantId, async (tx) => {
        const pivot = await messagePosition(tx, access.viewer, conversation, input.max_id);
        if (!pivot) return [];
        return latestMessages(tx, access.viewer, conversation, input.limit ?? INITIAL_WINDOW, pivot);
      });
    },
    customerChatsPaginated: async (_, args, context) => {
      const { access, conversation } = conversationOf(context, args);
      const input = parseInput(
        z.object({ hash, pagination_page: z.number().int().min(1).max(100_000).nullish(), pagination_limit: z.number().int().min(1).max(MAX_WINDOW).nullish() }),
        args,
      );
      return context.database.withTenant(access.tenantId, (tx) =>
        messagePage(tx, access.viewer, conversation, input.pagination_page ?? 1, input.pagination_limit ?? INITIAL_WINDOW, input.hash),
      );
    },
  },
  Mutation: {
    sendMessage: async (_, args, context) => {
      const access = requireInstanceAccess(context, args.instance_id);
      const input = parseInput(z.object({ to_number: phone, message: text, reply_message_id: rowId.nullish(), hash }), args);
      const { message } = await sendOutgoing(syncServicesOf(context).messaging, {
        tenantId: access.tenantId,
        viewer: access.viewer,
        instanceId: access.instanceId,
        to: { phone: input.to_number },
        content: { type: 'text', message: input.message },
        hash: input.hash,
        replyToId: input.reply_message_id,
        freeForm: true,
      });
      return toMessageDocument(message);
    },
    createChatComment: async (_, args, context) => {
      const access = requireInstanceAccess(context, args.instance_id);
      const input = parseInput(z.object({ to_number: phone, message: text, hash }), args);
      const { message } = await sendOutgoing(syncServicesOf(context).messaging, {
        tenantId: access.tenantId,
        viewer: access.viewer,
        instanceId: access.instanceId,
        to: { phone: input.to_number },
        content: { type: 'comment', message: input.message },
        hash: input.hash,
        comment: true,
      });
      return toMessageDocument(message);
    },
    sendReactionSelenium: async (_, args, context) => {
      const access = requireInstanceAccess(context, args.instance_id);
      const input = parseInput(z.object({ customer_chat_id: rowId, reaction_text: z.string().trim().max(20) }), args);
      const reaction = await sendReaction(syncServicesOf(context).messaging, {
        tenantId: access.tenantId,
        viewer: access.viewer,
        instanceId: access.instanceId,
        messageId: input.customer_chat_id,
        text: input.reaction_text,
      });
      return toReactionDocument(reaction);
    },
    resetCustomerUnseenMsgs: async (_, args, context) => {
      const access = requireInstanceAccess(context, args.instance_id);
      const { id } = parseInput(z.object({ id: rowId }), args);
      await resetCustomerUnseen(syncServicesOf(context).messaging, access.tenantId, access.viewer, id, access.instanceId);
      return true;
    },
  },
};

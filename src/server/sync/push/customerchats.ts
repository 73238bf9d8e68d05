import { GraphQLError } from 'graphql';
import { z } from 'zod';
import type { CustomerChatInput, CustomerChatPushRow } from '../../../shared/graphql/generated';
import type { RequestContext } from '../../graphql/context';
import { parseInput } from '../../graphql/validation';
import { neutralMessageDocument, toMessageDocument, type CustomerChatDocument } from '../../modules/messages/message-document';
import { sendOutgoing } from '../../modules/messages/outgoing';
import { messageTexts } from '../../modules/messages/texts';
import { requireInstanceAccess, rowId, syncServicesOf, syncViewerOf } from '../access';
import { canSeeAudience } from '../visibility';
import { sameDocument, serverId } from './compare';

const sendSchema = z.object({
  instance_id: rowId,
  customer_id: rowId,
  hash: z.string().trim().min(1).max(100),
  message: z.string().trim().min(1, messageTexts.messageRequired).max(4096),
  parent_id: rowId.nullish(),
});

const reasonOf = (error: GraphQLError): string => {
  const detail = error.extensions.detail;
  return typeof detail === 'string' ? detail : error.message;
};

/**
 * A temporary message is a send request (sync.graphql). Refused sends come back as the same
 * temporary document with ack -1 and the reason, so the client shows it failed instead of
 * retrying the push forever; unexpected errors are thrown, and RxDB retries.
 */
async function pushSend(context: RequestContext, doc: CustomerChatInput): Promise<CustomerChatDocument | null> {
  try {
    const access = requireInstanceAccess(context, doc.instance_id);
    const input = parseInput(sendSchema, doc);
    const comment = doc.type === 'comment' || doc.off_customer_chat === true;
    await sendOutgoing(syncServicesOf(context).messaging, {
      tenantId: access.tenantId,
      viewer: access.viewer,
      instanceId: access.instanceId,
      to: { customerId: input.customer_id },
      content: { type: 'text', message: input.message },
      hash: input.hash,
      replyToId: input.parent_id ?? null,
      comment,
      freeForm: true,
    });
    return null;
  } catch (error) {
    const graphqlError = error instanceof z.ZodError ? null : error instanceof GraphQLError ? error : undefined;
    if (graphqlError === undefined) throw error;
    const reason = graphqlError ? reasonOf(graphqlError) : (error as z.ZodError).issues[0]?.message ?? messageTexts.sendFailed;
    const failed: Record<string, unknown> = { ...neutralMessageDocument(doc.id, Date.now()), _deleted: false };
    for (const [key, value] of Object.entries(doc)) if (value !== null && value !== undefined) failed[key] = value;
    return { ...(failed as CustomerChatDocument), ack: -1, failure_reason: reason, _deleted: false };
  }
}

/** The master state of a stored message as this viewer may see it (a neutral tombstone otherwise). */
async function masterOf(context: RequestContext, id: number, fallbackId: string): Promise<CustomerChatDocument> {
  const viewer = syncViewerOf(context);
  const row = await context.database.withTenant(context.tenant.id, (tx) =>
    tx
      .selectFrom('customer_chats as m')
      .leftJoin('chat_tickets as t', (join) => join.onRef('t.tenant_id', '=', 'm.tenant_id').onRef('t.id', '=', 'm.chat_ticket_id'))
      .selectAll('m')
      .select(['t.id as t_id', 't.user_id as t_user_id', 't.inbox as t_inbox', 't.inbox_department_id as t_dep', 't.finished_ticket as t_fin'])
      .where('m.tenant_id', '=', context.tenant.id)
      .where('m.id', '=', id)
      .executeTakeFirst(),
  );
  const audience = row?.t_id == null ? [] : [{ id: row.t_id, user_id: row.t_user_id, inbox: row.t_inbox, inbox_department_id: row.t_dep, finished_ticket: row.t_fin }];
  if (!row || !viewer || !canSeeAudience(audience, viewer)) return neutralMessageDocument(fallbackId, Date.now());
  return toMessageDocument(row);
}

/** Step 5 (DESIGN §4): pushCustomerChat. Sends are taken; edits of stored messages are refused. */
export async function pushCustomerChats(context: RequestContext, rows: readonly CustomerChatPushRow[]): Promise<CustomerChatDocument[]> {
  syncViewerOf(context);
  const conflicts: CustomerChatDocument[] = [];
  for (const { newDocumentState: doc } of rows) {
    if (doc.is_temp) {
      // Dropping a temporary message once its confirmed copy arrived is the client's own business.
      if (doc._deleted) continue;
      const failed = await pushSend(context, doc);
      if (failed) conflicts.push(failed);
      continue;
    }
    const id = serverId(doc.id);
    if (id === null) continue;
    const master = await masterOf(context, id, doc.id);
    if (!sameDocument(master, doc)) conflicts.push(master);
  }
  return conflicts;
}

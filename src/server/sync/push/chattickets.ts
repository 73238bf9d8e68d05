import type { ChatTicketPushRow } from '../../../shared/graphql/generated';
import { canSeeTicket } from '../../../shared/domain/tickets';
import type { RequestContext } from '../../graphql/context';
import { neutralTicketDocument, ticketCategoryIds, toTicketDocument, type ChatTicketDocument } from '../../modules/tickets/ticket-document';
import { markTicketSeen } from '../../modules/tickets/unseen';
import { syncServicesOf, syncViewerOf } from '../access';
import { transactWithChanges } from '../changes';
import { epochMs } from '../documents';
import { sameDocument, serverId } from './compare';

/** Computed per viewer, never stored: not part of what a push is compared on. */
const NOT_COMPARED = ['pickableInboxChat', 'customer_name'];

/**
 * Step 5 (DESIGN §4): pushChatTicket. The one write a client makes to a ticket is "viewed"
 * (unseenMsg to 0); it is applied whatever the assumed state, since viewing is not a conflict.
 * Every row whose result differs from what the client holds comes back with the master state,
 * and so does one the server changed since the client's assumed state, even if only its stamps
 * moved (convergence seed 245: a client whose pull skipped states while its write was unpushed
 * got that change through this answer or never). The web client keeps no assumed state of
 * pulled tickets, so its views always get the master state back.
 */
export async function pushChatTickets(context: RequestContext, rows: readonly ChatTicketPushRow[]): Promise<ChatTicketDocument[]> {
  const viewer = syncViewerOf(context);
  const { pubsub } = syncServicesOf(context);
  const tenantId = context.tenant.id;
  const conflicts: ChatTicketDocument[] = [];
  for (const { newDocumentState: doc, assumedMasterState: assumed } of rows) {
    const id = serverId(doc.id);
    let changedSinceAssumed = false;
    const master = await transactWithChanges(context.database, pubsub, tenantId, async (tx, changes) => {
      const row =
        id === null
          ? undefined
          : await tx
              .selectFrom('chat_tickets as t')
              .leftJoin('users as pu', (join) => join.onRef('pu.tenant_id', '=', 't.tenant_id').onRef('pu.id', '=', 't.previous_user_id'))
              .selectAll('t')
              .select('pu.name as previous_user_name')
              .where('t.tenant_id', '=', tenantId)
              .where('t.id', '=', id)
              .forNoKeyUpdate('t')
              .executeTakeFirst();
      if (!row || !canSeeTicket(row, viewer)) return neutralTicketDocument(doc.id, Date.now());
      changedSinceAssumed = assumed?.updatedAt !== epochMs(row.updated_at);
      const extras = { previous_user_name: row.previous_user_name, category_ids: (await ticketCategoryIds(tx, tenantId, [row.id])).get(row.id) ?? [] };
      if (doc.unseenMsg === 0 && !doc._deleted && (await markTicketSeen(tx, tenantId, row.id))) {
        changes.add('chattickets', row.instance_id).add('customerchats', row.instance_id);
        const updated = await tx.selectFrom('chat_tickets').selectAll().where('tenant_id', '=', tenantId).where('id', '=', row.id).executeTakeFirstOrThrow();
        return toTicketDocument(updated, extras);
      }
      return toTicketDocument(row, extras);
    });
    if (changedSinceAssumed || !sameDocument(master, doc, NOT_COMPARED)) conflicts.push(master);
  }
  return conflicts;
}

import { closingNoteMissing, crmTexts } from '../../../shared/domain/crm';
import { validation } from '../../graphql/errors';
import { transactWithChanges } from '../../sync/changes';
import type { SyncViewer } from '../../sync/visibility';
import type { MessagingDeps } from '../messages/deps';
import { sendOutgoing } from '../messages/outgoing';
import type { TicketRow } from '../tickets/ticket-document';
import { closingMessages } from './closing-messages';
import { findActiveReason } from './crm-reasons';
import { assertHolds, lockTicket } from './ticket-lock';
import { attendanceTexts as texts } from './texts';

export interface FinishInput {
  ticketId: number;
  reasonId: number;
  note: string | null;
}

/**
 * Closes a ticket (SPEC §4): first is_finishing, with the reason recorded; then the closing message
 * and the satisfaction survey go out through the normal outbound queue (idempotent hashes, so a
 * retried close never sends them twice); then the ticket is closed, awaiting the survey's grade.
 */
export async function finishTicket(deps: MessagingDeps, tenantId: number, viewer: SyncViewer, input: FinishInput): Promise<TicketRow> {
  const started = await transactWithChanges(deps.database, deps.pubsub, tenantId, async (tx, changes) => {
    const ticket = await lockTicket(tx, tenantId, input.ticketId);
    assertHolds(ticket, viewer);
    const reason = await findActiveReason(tx, tenantId, input.reasonId);
    if (!reason) throw validation('reason_id', texts.reasonNotFound);
    if (closingNoteMissing(reason, input.note)) throw validation('note', crmTexts.noteRequired);
    await tx
      .insertInto('ticket_closings')
      .values({ tenant_id: tenantId, chat_ticket_id: ticket.id, crm_reason_id: input.reasonId, note: input.note, closed_by: viewer.userId })
      .onConflict((oc) => oc.columns(['tenant_id', 'chat_ticket_id']).doUpdateSet({ crm_reason_id: input.reasonId, note: input.note, closed_by: viewer.userId }))
      .execute();
    const updated = await tx
      .updateTable('chat_tickets')
      .set({ is_finishing: true })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', ticket.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    changes.add('chattickets', ticket.instance_id);
    return { ticket: updated, messages: await closingMessages(tx, tenantId, ticket) };
  });

  const { ticket, messages } = started;
  const send = (text: string, kind: string) =>
    sendOutgoing(deps, {
      tenantId,
      viewer,
      instanceId: ticket.instance_id,
      to: { customerId: ticket.customer_id },
      content: { type: 'text', message: text },
      hash: `${kind}:${tenantId}:${ticket.id}`,
    });
  if (messages.closing) await send(messages.closing, 'closing');
  if (messages.survey) await send(messages.survey, 'survey');

  return transactWithChanges(deps.database, deps.pubsub, tenantId, async (tx, changes) => {
    const closed = await tx
      .updateTable('chat_tickets')
      .set((eb) => ({
        finished_ticket: true,
        inbox: false,
        is_finishing: false,
        finished_at: eb.fn<Date>('now', []),
        is_research: messages.survey !== null,
      }))
      .where('tenant_id', '=', tenantId)
      .where('id', '=', ticket.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    changes.add('chattickets', ticket.instance_id).add('customers', null);
    return closed;
  });
}

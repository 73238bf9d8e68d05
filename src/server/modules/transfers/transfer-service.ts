import type { Selectable } from 'kysely';
import { canSeeTicket } from '../../../shared/domain/tickets';
import type { TicketTransfer } from '../../../shared/graphql/generated';
import type { Tx } from '../../db/database';
import type { TicketTransfersTable } from '../../db/schema/tickets';
import { forbidden, validation } from '../../graphql/errors';
import { transactWithChanges } from '../../sync/changes';
import { isoTime } from '../../sync/documents';
import { isAdministrator, type SyncViewer } from '../../sync/visibility';
import type { MessagingDeps } from '../messages/deps';
import { messageTexts } from '../messages/texts';
import { findTicket } from '../tickets/ticket-store';

type TransferRow = Selectable<TicketTransfersTable>;

/** Transfers as SPEC §3 shows them, with the names of both users. */
export async function toTransfers(tx: Tx, tenantId: number, rows: readonly TransferRow[]): Promise<TicketTransfer[]> {
  const userIds = [...new Set(rows.flatMap((r) => [r.previous_user_id, r.next_user_id]).filter((id): id is number => id !== null))];
  const users = userIds.length === 0 ? [] : await tx.selectFrom('users').select(['id', 'name']).where('tenant_id', '=', tenantId).where('id', 'in', userIds).execute();
  const user = (id: number | null) => {
    const found = users.find((u) => u.id === id);
    return found ? { id: String(found.id), name: found.name } : null;
  };
  return rows.map((row) => ({
    id: String(row.id),
    transfer_at: isoTime(row.transfer_at),
    created_at: isoTime(row.created_at) ?? '',
    transferred_at: isoTime(row.transferred_at),
    chatTicket: { id: String(row.chat_ticket_id) },
    previousUser: user(row.previous_user_id),
    nextUser: user(row.next_user_id) ?? { id: String(row.next_user_id), name: '' },
  }));
}

async function visibleTicket(tx: Tx, tenantId: number, viewer: SyncViewer, ticketId: number) {
  const ticket = await findTicket(tx, tenantId, ticketId);
  if (!ticket || !canSeeTicket(ticket, viewer)) throw forbidden();
  return ticket;
}

export async function createTransfer(
  deps: MessagingDeps,
  tenantId: number,
  viewer: SyncViewer,
  input: { ticketId: number; nextUserId: number; previousUserId: number | null },
): Promise<TransferRow> {
  return deps.database.withTenant(tenantId, async (tx) => {
    const ticket = await visibleTicket(tx, tenantId, viewer, input.ticketId);
    const next = await tx.selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('id', '=', input.nextUserId).where('deleted_at', 'is', null).executeTakeFirst();
    if (!next) throw validation('next_user_id', messageTexts.userNotFound);
    return tx
      .insertInto('ticket_transfers')
      .values({
        tenant_id: tenantId,
        chat_ticket_id: ticket.id,
        previous_user_id: input.previousUserId ?? ticket.user_id,
        next_user_id: next.id,
        created_by: viewer.userId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

async function pendingTransfer(tx: Tx, tenantId: number, viewer: SyncViewer, id: number): Promise<TransferRow> {
  const transfer = await tx
    .selectFrom('ticket_transfers')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('transfer_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!transfer) throw validation('id', messageTexts.transferNotFound);
  const involved = [transfer.created_by, transfer.next_user_id, transfer.previous_user_id].includes(viewer.userId);
  if (!involved && !isAdministrator(viewer)) throw forbidden();
  return transfer;
}

/** Confirms a pending transfer: the next user holds the ticket, out of the inbox (SPEC §4). */
export async function confirmTransfer(deps: MessagingDeps, tenantId: number, viewer: SyncViewer, id: number): Promise<TransferRow> {
  return transactWithChanges(deps.database, deps.pubsub, tenantId, async (tx, changes) => {
    const transfer = await pendingTransfer(tx, tenantId, viewer, id);
    const now = new Date();
    const ticket = await tx
      .updateTable('chat_tickets')
      .set((eb) => ({ user_id: transfer.next_user_id, inbox: false, previous_user_id: eb.ref('user_id') }))
      .where('tenant_id', '=', tenantId)
      .where('id', '=', transfer.chat_ticket_id)
      .where('finished_ticket', '=', false)
      .returning('instance_id')
      .executeTakeFirst();
    if (!ticket) throw validation('id', messageTexts.ticketNotFound);
    changes.add('chattickets', ticket.instance_id).add('customers', null);
    return tx
      .updateTable('ticket_transfers')
      .set({ transfer_at: now, transferred_at: now })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

export async function deleteTransfer(deps: MessagingDeps, tenantId: number, viewer: SyncViewer, id: number): Promise<void> {
  await deps.database.withTenant(tenantId, async (tx) => {
    await pendingTransfer(tx, tenantId, viewer, id);
    await tx.deleteFrom('ticket_transfers').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  });
}

export async function listTransfers(deps: MessagingDeps, tenantId: number, viewer: SyncViewer, ticketId: number, transferred: boolean | null): Promise<TicketTransfer[]> {
  return deps.database.withTenant(tenantId, async (tx) => {
    await visibleTicket(tx, tenantId, viewer, ticketId);
    let query = tx.selectFrom('ticket_transfers').selectAll().where('tenant_id', '=', tenantId).where('chat_ticket_id', '=', ticketId);
    if (transferred === true) query = query.where('transfer_at', 'is not', null);
    if (transferred === false) query = query.where('transfer_at', 'is', null);
    return toTransfers(tx, tenantId, await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(100).execute());
  });
}

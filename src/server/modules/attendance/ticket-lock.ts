import { GraphQLError } from 'graphql';
import { ADMIN_ROLE } from '../../../shared/domain/routes';
import { canSeeTicket } from '../../../shared/domain/tickets';
import type { Tx } from '../../db/database';
import { forbidden, validation } from '../../graphql/errors';
import type { SyncViewer } from '../../sync/visibility';
import type { TicketRow } from '../tickets/ticket-document';
import { findTicketLocked } from '../tickets/ticket-store';
import { attendanceTexts as texts } from './texts';

/** The error code the console recognises to tell a losing attendant someone else picked first. */
export const ALREADY_PICKED = 'TICKET_ALREADY_PICKED';

export const alreadyPicked = () =>
  new GraphQLError(texts.alreadyPickedTitle, { extensions: { code: ALREADY_PICKED, detail: texts.alreadyPickedDetail } });

/** The ticket row locked for this transaction (concurrent lifecycle changes queue behind it). */
export async function lockTicket(tx: Tx, tenantId: number, ticketId: number): Promise<TicketRow> {
  const ticket = await findTicketLocked(tx, tenantId, ticketId);
  if (!ticket) throw validation('id', texts.ticketNotFound);
  return ticket;
}

/** Only the attendant holding an open ticket, or an administrador, changes it. */
export function assertHolds(ticket: TicketRow, viewer: SyncViewer): void {
  if (!canSeeTicket(ticket, viewer)) throw forbidden();
  if (ticket.finished_ticket) throw validation('id', texts.ticketClosed);
  if (ticket.user_id !== viewer.userId && viewer.roleName !== ADMIN_ROLE) throw forbidden();
}

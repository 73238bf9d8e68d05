import { sameId } from '../../../../shared/domain/record';
import { transferNoticeTexts as texts } from './notice-texts';
import type { RecordId } from './types';

/** What a ticket-transferred event tells (SPEC §7 ChatTicketTransferred, SPEC §4 notices). */
export interface TransferEvent {
  ticketId: RecordId;
  customerName: string;
  nextUserId: RecordId | null;
  nextUserName: string | null;
  previousUserId: RecordId | null;
  previousUserName: string | null;
  /** The user who made the transfer; null for the system (lack of response, attendant removed). */
  triggerUserId: RecordId | null;
  triggerUserName: string | null;
  /** Set when the system moved the ticket because its attendant was removed. */
  attendantRemoved?: boolean;
}

export type TransferCause = 'direct' | 'no_response' | 'attendant_removed';

export interface TransferNotice {
  ticketId: string;
  kind: 'received' | 'transferred';
  title: string;
  message: string;
  at: number;
}

/** SPEC §6: user id 1 is the super attendant who also hears about every transfer. */
export const SUPER_ATTENDANT_ID = '1';

export function transferCause(event: TransferEvent): TransferCause {
  if (event.triggerUserId !== null) return 'direct';
  if (event.attendantRemoved) return 'attendant_removed';
  return 'no_response';
}

/**
 * The notice the viewer gets for a transfer, or null: none for the user who made it; 'Atendimento
 * Recebido' for the receiving attendant; 'Atendimento Transferido' for the previous owner, and for
 * user id 1 when the ticket had none or went back to its department's Fila.
 */
export function noticeFor(event: TransferEvent, viewerId: RecordId, now: number): TransferNotice | null {
  if (event.triggerUserId !== null && sameId(event.triggerUserId, viewerId)) return null;
  const cause = transferCause(event);
  const who = {
    customer: event.customerName,
    next: event.nextUserName ?? '',
    previous: event.previousUserName ?? '',
    trigger: event.triggerUserName ?? '',
  };
  const base = { ticketId: String(event.ticketId), at: now };
  if (sameId(event.nextUserId, viewerId)) {
    return { ...base, kind: 'received', title: texts.receivedTitle, message: texts.received[cause](who) };
  }
  const previousOwner = event.previousUserId !== null && sameId(event.previousUserId, viewerId);
  // With no previous owner, or none to receive it (a removed attendant's ticket back in the Fila), user id 1 is told.
  const superAttendant = (event.previousUserId === null || event.nextUserId === null) && sameId(viewerId, SUPER_ATTENDANT_ID);
  if (previousOwner || superAttendant) {
    return { ...base, kind: 'transferred', title: texts.transferredTitle, message: texts.transferred[cause](who) };
  }
  return null;
}

/** The previous owner's notice when they confirmed the transfer themselves. */
export function ownTransferNotice(ticketId: RecordId, customerName: string, nextUserName: string, now: number): TransferNotice {
  return {
    ticketId: String(ticketId),
    kind: 'transferred',
    title: texts.transferredTitle,
    message: texts.byMe(customerName, nextUserName),
    at: now,
  };
}

/** Notices are kept one per ticket: a newer one for the same ticket replaces the older. */
export function addNotice(list: readonly TransferNotice[], notice: TransferNotice): TransferNotice[] {
  return [notice, ...list.filter((n) => n.ticketId !== notice.ticketId)];
}

export function removeNotice(list: readonly TransferNotice[], ticketId: string): TransferNotice[] {
  return list.filter((n) => n.ticketId !== ticketId);
}

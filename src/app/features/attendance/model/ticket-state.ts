import { ADMIN_ROLE } from '../../../../shared/domain/routes';
import { isClosedTicket, isInboxTicket } from '../../../../shared/domain/tickets';
import { sameId } from '../../../../shared/domain/record';
import type { RecordId, TicketView } from './types';

export type TicketState = 'inbox' | 'open' | 'finishing' | 'closed';

/** SPEC §4: inbox → open → is_finishing → closed. */
export function ticketState(ticket: TicketView): TicketState {
  if (isClosedTicket(ticket)) return 'closed';
  if (ticket.is_finishing === true) return 'finishing';
  if (isInboxTicket(ticket)) return 'inbox';
  return 'open';
}

export interface ViewerRef {
  userId: RecordId;
  roleName: string;
}

export interface TicketAbilities {
  pick: boolean;
  reply: boolean;
  transfer: boolean;
  close: boolean;
  research: boolean;
}

/**
 * What the viewer may do with a ticket: pick it while it waits in the inbox (when pickable), and
 * answer, transfer, close or flag it for research while it is open and theirs (administrador: any).
 */
export function ticketAbilities(ticket: TicketView, viewer: ViewerRef, pickable: boolean): TicketAbilities {
  const state = ticketState(ticket);
  const mine = sameId(ticket.user_id, viewer.userId);
  const admin = viewer.roleName === ADMIN_ROLE;
  const holds = state === 'open' && (mine || admin);
  return {
    pick: state === 'inbox' && pickable,
    reply: holds,
    transfer: holds || (state === 'inbox' && admin),
    close: holds,
    research: holds,
  };
}

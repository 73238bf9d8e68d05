import { map, of, switchMap, type Observable } from 'rxjs';
import type { ChatTicketDoc, CustomerDoc, PedbotDatabase } from '../schema';
import type { TicketWithCustomer } from './ticket-queries';

export interface TicketById {
  /** The id this answer is about (an answer for the previous id may still be showing). */
  forId: string | null;
  ticket: TicketWithCustomer | null;
  /** False until the local database answered (so "gone" is not confused with "not read yet"). */
  loaded: boolean;
}

export const TICKET_NOT_LOADED: TicketById = { forId: null, ticket: null, loaded: false };

/**
 * One ticket with its customer, whatever tab lists it: an open conversation follows its ticket
 * from the inbox to "my chats" and disappears when the ticket leaves this user's data
 * (transferred away, moved to another department).
 */
export function ticketById$(db: PedbotDatabase, id: string): Observable<TicketById> {
  return db.chattickets.findOne(id).$.pipe(
    switchMap((doc) => {
      if (!doc) return of<TicketById>({ forId: id, ticket: null, loaded: true });
      const ticket = doc.toJSON() as ChatTicketDoc;
      return db.customers.findOne(ticket.customer_id).$.pipe(
        map((customer) => ({ forId: id, ticket: customer ? { ...ticket, customer: customer.toJSON() as CustomerDoc } : ticket, loaded: true })),
      );
    }),
  );
}

/** A customer's tickets held locally, newest first (the history panel adds older ones from the server). */
export function customerTickets$(db: PedbotDatabase, customerId: string): Observable<ChatTicketDoc[]> {
  return db.chattickets
    .find({ selector: { customer_id: customerId } })
    .$.pipe(map((docs) => docs.map((d) => d.toJSON() as ChatTicketDoc).sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''))));
}

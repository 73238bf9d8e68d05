import { customerTickets$, ticketById$, TICKET_NOT_LOADED, type TicketById } from '../queries/ticket-by-id';
import type { ChatTicketDoc } from '../schema';
import { useDatabase } from './use-database';
import { useObservable } from './use-observable';

/** One ticket with its customer by id, live whatever tab lists it (`loaded` tells "gone" from "not read yet"). */
export function useTicketById(id: string | null): TicketById {
  const db = useDatabase();
  return useObservable<TicketById>(() => (db && id ? ticketById$(db, id) : null), TICKET_NOT_LOADED, [db, id]);
}

/** The customer's tickets held locally, newest first, live. */
export function useCustomerTickets(customerId: string | null): ChatTicketDoc[] {
  const db = useDatabase();
  return useObservable<ChatTicketDoc[]>(() => (db && customerId ? customerTickets$(db, customerId) : null), [], [db, customerId]);
}

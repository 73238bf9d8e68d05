import { combineLatest, map, of, switchMap } from 'rxjs';
import { useDatabase } from '../../../data/hooks/use-database';
import { useObservable } from '../../../data/hooks/use-observable';
import type { TicketView } from '../model/types';

export interface TicketById {
  /** The id this answer is about (an answer for the previous id may still be showing). */
  forId: string | null;
  ticket: TicketView | null;
  /** False until the local database answered (so "gone" is not confused with "not read yet"). */
  loaded: boolean;
}

const NOT_LOADED: TicketById = { forId: null, ticket: null, loaded: false };

/**
 * One ticket with its customer, live from the local database whatever tab lists it: the open
 * conversation follows its ticket from the inbox to "my chats" and disappears when the ticket
 * leaves this user's data (transferred away, moved to another department).
 */
export function useTicketById(id: string | null): TicketById {
  const db = useDatabase();
  return useObservable<TicketById>(
    () =>
      db && id
        ? db.chattickets.findOne(id).$.pipe(
            switchMap((doc) => {
              if (!doc) return of<TicketById>({ forId: id, ticket: null, loaded: true });
              const ticket = doc.toJSON() as TicketView;
              return combineLatest([of(ticket), db.customers.findOne(String(ticket.customer_id)).$]).pipe(
                map(([t, customer]) => ({ forId: id, ticket: customer ? { ...t, customer: customer.toJSON() as TicketView['customer'] } : t, loaded: true })),
              );
            }),
          )
        : null,
    NOT_LOADED,
    [db, id],
  );
}

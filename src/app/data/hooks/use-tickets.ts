import type { TicketTab } from '../../../shared/domain/tickets';
import { ticketCounts$, ticketList$, type TicketCounts, type TicketWithCustomer } from '../queries/ticket-queries';
import { useDatabase } from './use-database';
import { useObservable } from './use-observable';
import { useDataSession } from './use-data-session';

export interface UseTicketsInput {
  instanceId: string;
  tab: TicketTab;
  isCampaign: boolean;
  search?: string;
  limit?: number;
}

/** One attendance tab, live from the local database (never waits for the network). */
export function useTickets({ instanceId, tab, isCampaign, search, limit }: UseTicketsInput): TicketWithCustomer[] {
  const db = useDatabase();
  const userId = useDataSession()?.user.id ?? '';
  return useObservable(
    () => (db ? ticketList$(db, { instanceId, tab, isCampaign, userId, search, limit }) : null),
    [],
    [db, instanceId, tab, isCampaign, userId, search, limit],
  );
}

/** Ticket counts per tab and kind, live. */
export function useTicketCounts(instanceId: string): TicketCounts | null {
  const db = useDatabase();
  const userId = useDataSession()?.user.id ?? '';
  return useObservable<TicketCounts | null>(
    () => (db ? ticketCounts$(db, instanceId, userId) : null),
    null,
    [db, instanceId, userId],
  );
}

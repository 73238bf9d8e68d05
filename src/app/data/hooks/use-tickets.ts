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
  categoryIds?: readonly string[];
  limit?: number;
}

/**
 * One attendance tab, live from the local database (never waits for the network); null until the
 * database has answered for the first time, and while no connection or user is known.
 */
export function useTickets({ instanceId, tab, isCampaign, search, categoryIds, limit }: UseTicketsInput): TicketWithCustomer[] | null {
  const db = useDatabase();
  const userId = useDataSession()?.user.id ?? '';
  return useObservable<TicketWithCustomer[] | null>(
    () => (db && instanceId && userId ? ticketList$(db, { instanceId, tab, isCampaign, userId, search, categoryIds, limit }) : null),
    null,
    // By value: a caller may build the same selection anew on every render.
    [db, instanceId, tab, isCampaign, userId, search, categoryIds?.join(',') ?? '', limit],
  );
}

/** Ticket counts per tab and kind, live; nothing is counted while `instanceId` is null. */
export function useTicketCounts(instanceId: string | null): TicketCounts | null {
  const db = useDatabase();
  const userId = useDataSession()?.user.id ?? '';
  return useObservable<TicketCounts | null>(
    () => (db && instanceId !== null ? ticketCounts$(db, instanceId, userId) : null),
    null,
    [db, instanceId, userId],
  );
}

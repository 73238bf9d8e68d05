import type { TicketView } from '../model/types';
import { useTicketById } from '../../../data/hooks';

/**
 * The open ticket, read by id so it stays open when it moves between tabs. While the local
 * database has not answered yet, the list's copy (if any) shows at once.
 */
export function useSelectedTicket(tickets: readonly TicketView[], selectedId: string | null): TicketView | null {
  const byId = useTicketById(selectedId);
  if (selectedId === null) return null;
  if (byId.loaded && byId.forId === selectedId) return byId.ticket;
  return tickets.find((t) => String(t.id) === selectedId) ?? null;
}

import { useCallback, useMemo, useState } from 'react';
import { useTicketCounts, useTickets } from '../../../data/hooks';
import { PAGE_SIZE, pickBlockReason } from '../../../../shared/domain/tickets';
import type { RecordId, TicketTab, TicketView } from '../model/types';
import { toTicketRow, type TicketRowData } from '../list/ticket-row-model';
import { usePickable } from './use-pickable';
import { useSettingValue } from '../../../data/hooks';
import type { AttendanceContext } from './use-attendance-context';

const NO_TICKETS: readonly TicketView[] = [];

/** Local windows grow by doubling, so reaching the end of ten thousand tickets takes a dozen queries, not a thousand. */
export const FIRST_WINDOW = PAGE_SIZE * 5;

export interface TicketList {
  tickets: readonly TicketView[];
  /** Until the local database has answered for this screen. */
  loading: boolean;
  loadMore: () => void;
  rowOf: (ticket: TicketView) => TicketRowData;
  /** The inbox ticket the viewer may pick, or 'any' (SPEC §4 pickable inbox). */
  pickable: RecordId | 'any' | null;
  tabCounts: Partial<Record<TicketTab, number>>;
  kindCounts: { attendance?: number; campaign?: number };
}

export function useTicketList(
  ctx: AttendanceContext,
  filter: { tab: TicketTab; isCampaign: boolean; search: string; categoryIds: readonly string[] },
  userName: (id: string | null | undefined) => string | null,
  now: number,
): TicketList {
  const instanceId = ctx.instanceId ?? '';
  const [limit, setLimit] = useState(FIRST_WINDOW);
  const [limitKey, setLimitKey] = useState('');
  const key = `${instanceId}|${filter.tab}|${filter.isCampaign}|${filter.search}|${filter.categoryIds.join(',')}`;
  if (key !== limitKey) {
    setLimitKey(key);
    setLimit(FIRST_WINDOW);
  }
  const answered = useTickets({ instanceId, tab: filter.tab, isCampaign: filter.isCampaign, search: filter.search, categoryIds: filter.categoryIds, limit });
  const tickets = answered ?? NO_TICKETS;
  // Counting means walking each tab's index; the eight counts wait for the first page, so its
  // query (and the paint of the list) does not queue behind them in IndexedDB.
  const counts = useTicketCounts(answered ? instanceId : null);
  const olderFirst = useSettingValue('older_inbox_chats_first', ctx.instanceId);
  const favoritesWait = useSettingValue('older_inbox_chats_obligatorie_in_first', ctx.instanceId);
  const pickable = usePickable(ctx, filter.tab === 'inbox' ? tickets : [], { older_inbox_chats_first: olderFirst, older_inbox_chats_obligatorie_in_first: favoritesWait });

  const full = tickets.length >= limit;
  const loadMore = useCallback(() => {
    if (full) setLimit((l) => l * 2);
  }, [full]);

  // Rows are derived once per ticket revision (documents are immutable per revision).
  const rowOf = useMemo(() => {
    const cache = new WeakMap<TicketView, TicketRowData>();
    return (ticket: TicketView) => {
      let row = cache.get(ticket);
      if (!row) {
        row = toTicketRow(ticket, ticket.customer, now, {
          attendantName: userName(ticket.user_id != null ? String(ticket.user_id) : null),
          pickBlockReason: pickBlockReason(ticket, pickable),
        });
        cache.set(ticket, row);
      }
      return row;
    };
  }, [now, userName, pickable]);

  // Same objects while the counts do not change, so the list pane is not rendered again for nothing.
  const kind = filter.isCampaign ? 'campaign' : 'attendance';
  const tabCounts = useMemo(
    () => (counts ? { inbox: counts.inbox[kind], my_chats: counts.my_chats[kind], opened: counts.opened[kind] } : {}),
    [counts, kind],
  );
  const tab = filter.tab;
  const kindCounts = useMemo(
    () => (counts && tab !== 'closed' ? { attendance: counts[tab].attendance, campaign: counts[tab].campaign } : {}),
    [counts, tab],
  );
  return { tickets, loading: answered === null, loadMore, rowOf, pickable, tabCounts, kindCounts };
}

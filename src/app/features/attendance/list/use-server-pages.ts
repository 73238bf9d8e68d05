import { useCallback, useEffect, useRef, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { isNetworkFailure, isTicketListEnded, loadMoreTickets, type TicketListKey } from '../../../data/actions';
import { useSyncState } from '../../../data/hooks';
import { errors } from '../../../../shared/i18n/pt-BR';
import type { TicketTab } from '../model/types';

/**
 * The list's end meets the server: when the attendant reaches the end of a list and the local
 * database has nothing more for it, the next `chatTickets` page of that list is loaded into the
 * local database (a search asks the server at once). 'more' is a page that brought nothing for
 * this list without reaching the end: the next one waits for the attendant to ask. Under a
 * category filter every page waits for the attendant: the server's pages are the tab's, and
 * walking them all for a filter that matches few would load the whole history.
 */
export type ServerPagingStatus = 'idle' | 'loading' | 'more' | 'ended' | 'offline' | 'failed';

export interface ServerPaging {
  status: ServerPagingStatus;
  /** The list's end is in view: grow the local window first, the server follows if it stays the end. */
  onNearEnd: () => void;
  /** Asks the server again after a failure or a page that brought nothing for this list. */
  retry: () => void;
}

/** How long the list must stay the same length at its end before the server is asked. */
export const LOCAL_SETTLE_MS = 250;
export const SEARCH_SETTLE_MS = 400;

interface PagingState {
  key: string;
  status: ServerPagingStatus;
  endAt: number | 'search' | null;
}

export function useServerPages(input: {
  tab: TicketTab;
  isCampaign: boolean;
  search: string;
  /** The category filter's ids joined, '' for none. */
  categories?: string;
  count: number;
  onLoadLocal?: () => void;
}): ServerPaging {
  const { tab, isCampaign, count, onLoadLocal } = input;
  const search = input.search.trim();
  const categories = input.categories ?? '';
  const key = `${tab}|${isCampaign}|${search}|${categories}`;
  const offline = useSyncState().status === 'offline';
  const list = useRef<TicketListKey>({ tab, isCampaign, search });
  list.current = { tab, isCampaign, search };

  // endAt: the list length at which its end was reached; 'search' asks once the local results settle.
  const fresh = (): PagingState => ({
    key,
    status: isTicketListEnded(list.current) ? 'ended' : 'idle',
    endAt: search ? 'search' : null,
  });
  const [state, setState] = useState<PagingState>(fresh);
  if (state.key !== key) setState(fresh());

  const filtered = categories !== '';
  const load = useCallback((forKey: string, localCount: number, oneAtATime: boolean) => {
    setState((s) => (s.key === forKey ? { ...s, status: 'loading' } : s));
    loadMoreTickets(list.current, localCount)
      .then((result) => {
        const status: ServerPagingStatus = result.status === 'ended' ? 'ended' : result.added > 0 && !oneAtATime ? 'idle' : 'more';
        setState((s) => (s.key === forKey ? { ...s, status, endAt: s.endAt === 'search' ? null : s.endAt } : s));
      })
      .catch((error: unknown) => {
        const failed = !isNetworkFailure(error);
        if (failed) {
          notifications.show({ color: 'red', title: errors.genericTitle, message: error instanceof Error ? error.message : String(error) });
        }
        setState((s) => (s.key === forKey ? { ...s, status: failed ? 'failed' : 'offline' } : s));
      });
  }, []);

  const { status, endAt } = state.key === key ? state : { status: 'idle' as const, endAt: null };
  const waiting = (endAt === count || endAt === 'search') && !offline && (status === 'idle' || status === 'offline');
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => load(key, count, filtered), search ? SEARCH_SETTLE_MS : LOCAL_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [waiting, key, count, search, filtered, load]);

  const onNearEnd = useCallback(() => {
    onLoadLocal?.();
    setState((s) => (s.key === key && s.endAt !== count ? { ...s, endAt: count } : s));
  }, [onLoadLocal, key, count]);

  const retry = useCallback(() => load(key, count, filtered), [load, key, count, filtered]);

  return { status: offline && status !== 'ended' && status !== 'loading' ? 'offline' : status, onNearEnd, retry };
}

import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Contact, ContactFilter } from '../../../../shared/graphql/generated';
import { adminKey } from '../../../ui/admin';
import { fetchContacts } from '../api/contact-operations';

/** Rows per server read: one read covers a few screens of the virtual list. */
export const CONTACT_PAGE = 100;

export interface ContactWindow {
  /** All rows that match (from the newest page read); null until the first answer. */
  total: number | null;
  rowAt: (index: number) => Contact | undefined;
  loading: boolean;
  error: unknown;
  refetch: () => void;
}

/**
 * The rows of a virtual list over 100,000 contacts: only the pages under the visible range are
 * read (offset paging on the server, indexes of migration 0120), each cached by react-query under
 * the 'customers' kind, so a tenant change re-reads what is on screen.
 */
export function useContactWindow(tenant: string, filter: ContactFilter, firstIndex: number, lastIndex: number): ContactWindow {
  const first = Math.floor(Math.max(0, firstIndex) / CONTACT_PAGE);
  const last = Math.max(first, Math.floor(Math.max(0, lastIndex) / CONTACT_PAGE));
  const pages = useMemo(() => Array.from({ length: last - first + 1 }, (_, i) => first + i), [first, last]);
  const results = useQueries({
    queries: pages.map((page) => ({
      queryKey: [...adminKey('customers', 'contacts'), tenant, filter, page],
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchContacts(tenant, filter, page * CONTACT_PAGE, CONTACT_PAGE, { signal, notify: false }),
      staleTime: 30_000,
    })),
  });
  const byPage = new Map(pages.map((page, i) => [page, results[i]]));
  const answered = results.find((result) => result?.data);
  return {
    total: answered?.data?.total ?? null,
    rowAt: (index) => byPage.get(Math.floor(index / CONTACT_PAGE))?.data?.items[index % CONTACT_PAGE],
    loading: results.some((result) => result?.isLoading),
    error: results.find((result) => result?.error)?.error ?? null,
    refetch: () => results.forEach((result) => void result?.refetch()),
  };
}

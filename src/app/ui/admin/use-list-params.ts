import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';

export type SortDirection = 'asc' | 'desc';

/**
 * A list's search, filters, page and sort, kept in the address's search params (`?q=ana&role=2&page=3`),
 * so a list survives a reload, the back button and a shared link (DESIGN §5a). Every change but
 * the page's goes back to page 1.
 */
export interface ListParams<F extends string = string> {
  search: string;
  filters: Readonly<Record<F, string | null>>;
  page: number;
  sort: { column: string; direction: SortDirection } | null;
  setSearch: (search: string) => void;
  setFilter: (name: F, value: string | null) => void;
  setPage: (page: number) => void;
  setSort: (column: string, direction: SortDirection) => void;
  /** Empties search and filters. */
  reset: () => void;
  /** Whether a search or a filter narrows the list (its empty state then says so). */
  narrowed: boolean;
}

// The router parses search values as JSON ('2' arrives as 2): read them back as text.
const asText = (value: unknown): string | null =>
  value === undefined || value === null || value === '' ? null : String(value);

/**
 *   const params = useListParams(['role', 'department', 'state'] as const);
 *   useGqlQuery(USERS, { key: adminKey('users', 'list'), variables: { search: params.search, role_id: params.filters.role } });
 */
export function useListParams<F extends string>(filterNames: readonly F[]): ListParams<F> {
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const names = filterNames.join('|');

  const update = useCallback(
    (patch: Record<string, string | number | null>) => {
      void navigate({
        to: '.',
        replace: true,
        search: ((previous: Record<string, unknown>) => {
          const next: Record<string, unknown> = { ...previous };
          for (const [key, value] of Object.entries(patch)) {
            if (value === null || value === '' || (key === 'page' && value === 1)) delete next[key];
            else next[key] = value;
          }
          return next;
        }) as never,
      });
    },
    [navigate],
  );

  return useMemo(() => {
    const filters = Object.fromEntries(names.split('|').filter(Boolean).map((name) => [name, asText(raw[name])])) as Record<F, string | null>;
    const search = asText(raw.q) ?? '';
    const page = Math.max(1, Number(raw.page) || 1);
    const sortText = asText(raw.sort);
    const [column, direction] = sortText ? sortText.split(':') : [];
    return {
      search,
      filters,
      page,
      sort: column ? { column, direction: direction === 'desc' ? 'desc' : 'asc' } : null,
      setSearch: (value) => update({ q: value.trim() || null, page: null }),
      setFilter: (name, value) => update({ [name]: value, page: null }),
      setPage: (value) => update({ page: value }),
      setSort: (sortColumn, sortDirection) => update({ sort: `${sortColumn}:${sortDirection}`, page: null }),
      reset: () => update({ q: null, page: null, ...Object.fromEntries(Object.keys(filters).map((name) => [name, null])) }),
      narrowed: !!search || Object.values(filters).some((value) => value !== null),
    };
  }, [raw, names, update]);
}

import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { readFilter, type FilterState } from './filter';

/** The dashboard filter in the URL's search params: reading it, and changing some of it. */
export function useReportFilter(defaultPreset = '7'): [FilterState, (patch: Record<string, string | null>) => void] {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const state = useMemo(() => readFilter(search, defaultPreset), [search, defaultPreset]);
  const update = useCallback(
    (patch: Record<string, string | null>) => {
      void navigate({
        to: '.',
        replace: true,
        search: (previous: Record<string, unknown>) => {
          const next: Record<string, unknown> = { ...previous };
          for (const [key, value] of Object.entries(patch)) {
            if (value === null || value === '') delete next[key];
            else next[key] = value;
          }
          return next;
        },
      } as never);
    },
    [navigate],
  );
  return [state, update];
}

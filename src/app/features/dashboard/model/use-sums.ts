import { useQuery } from '@tanstack/react-query';
import { fetchSums, type Dimension, type ReportFilter } from '../api/report-operations';

/** The rollup sums of a filter grouped by some dimensions (query key per operation and arguments). */
export function useSums(tenant: string, filter: ReportFilter, groupBy: Dimension[], metrics?: string[], options: { refetchInterval?: number } = {}) {
  return useQuery({
    queryKey: ['reportSums', tenant, filter, groupBy, metrics ?? null],
    queryFn: ({ signal }) => fetchSums(tenant, filter, groupBy, metrics, signal),
    refetchInterval: options.refetchInterval,
  });
}

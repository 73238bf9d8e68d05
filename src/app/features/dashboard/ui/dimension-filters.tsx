import { Group, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { fetchNames, type Named, type ReportNames } from '../api/report-operations';
import type { DimensionFilter, FilterState } from '../model/filter';
import { dashboardTexts as t } from '../texts';

const LISTS: Record<DimensionFilter, keyof ReportNames> = {
  instance: 'instances',
  department: 'departments',
  user: 'users',
  campaign: 'campaigns',
  category: 'categories',
  reason: 'reasons',
};

export function useReportNames(tenant: string) {
  return useQuery({ queryKey: ['reportNames', tenant], queryFn: ({ signal }) => fetchNames(tenant, signal), staleTime: 60_000 });
}

/** A name for an id of a dimension ('0' = none). */
export function nameOf(names: ReportNames | undefined, dimension: DimensionFilter, id: string): string {
  if (id === '0') return t.none;
  const list: Named[] = names?.[LISTS[dimension]] ?? [];
  return list.find((n) => n.id === id)?.name ?? `#${id}`;
}

/** One select per dimension; each choice goes to the URL. */
export function DimensionFilters({ tenant, state, onChange, dimensions }: { tenant: string; state: FilterState; onChange: (patch: Record<string, string | null>) => void; dimensions: readonly DimensionFilter[] }) {
  const names = useReportNames(tenant).data;
  return (
    <Group gap="xs" wrap="wrap" align="flex-end">
      {dimensions.map((dimension) => (
        <Select
          key={dimension}
          size="xs"
          w={170}
          clearable
          searchable
          label={t.filters[dimension]}
          placeholder={t.all}
          value={state[dimension]}
          data={(names?.[LISTS[dimension]] ?? []).map((n) => ({ value: n.id, label: n.name }))}
          onChange={(value) => onChange({ [dimension]: value })}
        />
      ))}
    </Group>
  );
}

/** The filters as they go into a file name (with "horario-comercial" when durations are in opening hours). */
export function filterLabels(names: ReportNames | undefined, state: FilterState, dimensions: readonly DimensionFilter[]): Record<string, string | null> {
  return {
    ...Object.fromEntries(dimensions.map((d) => [t.filters[d], state[d] === null ? null : nameOf(names, d, state[d])])),
    [t.businessHoursFile]: state.businessHours ? t.businessHoursFileValue : null,
  };
}

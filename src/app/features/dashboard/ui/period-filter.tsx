import { Group, SegmentedControl } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { FilterState } from '../model/filter';
import { dashboardTexts as t } from '../texts';

/** Presets (today, 7, 30, 90 days) or a custom range of local days. */
export function PeriodFilter({ state, onChange, presets = ['today', '7', '30', '90'] }: { state: FilterState; onChange: (patch: Record<string, string | null>) => void; presets?: string[] }) {
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <SegmentedControl
        aria-label={t.period}
        size="xs"
        value={state.preset}
        onChange={(preset) => onChange({ preset, from: null, to: null })}
        data={[...presets.map((p) => ({ value: p, label: t.presets[p] ?? p })), ...(state.preset === 'custom' ? [{ value: 'custom', label: '—' }] : [])]}
      />
      <DateInput
        size="xs"
        w={130}
        label={t.from}
        valueFormat="DD/MM/YYYY"
        value={state.from}
        maxDate={state.to}
        onChange={(value) => value && onChange({ from: value, to: state.to })}
      />
      <DateInput
        size="xs"
        w={130}
        label={t.to}
        valueFormat="DD/MM/YYYY"
        value={state.to}
        minDate={state.from}
        onChange={(value) => value && onChange({ from: state.from, to: value })}
      />
    </Group>
  );
}

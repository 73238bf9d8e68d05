import { Group, SegmentedControl, TextInput } from '@mantine/core';
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
      <TextInput
        type="date"
        size="xs"
        label={t.from}
        value={state.from}
        max={state.to}
        onChange={(e) => e.currentTarget.value && onChange({ from: e.currentTarget.value, to: state.to })}
      />
      <TextInput
        type="date"
        size="xs"
        label={t.to}
        value={state.to}
        min={state.from}
        onChange={(e) => e.currentTarget.value && onChange({ from: state.from, to: e.currentTarget.value })}
      />
    </Group>
  );
}

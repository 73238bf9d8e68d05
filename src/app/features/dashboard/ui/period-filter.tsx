import { Group, SegmentedControl, Switch } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { BUSINESS_HOURS_PARAM, BUSINESS_HOURS_VALUE, type FilterState } from '../model/filter';
import { dashboardTexts as t } from '../texts';

interface PeriodFilterProps {
  state: FilterState;
  onChange: (patch: Record<string, string | null>) => void;
  presets?: string[];
  /** Offer counting durations in the store's opening hours (screens that show durations). */
  businessHours?: boolean;
}

/** Presets (today, 7, 30, 90 days) or a custom range of local days; optionally the opening-hours toggle. */
export function PeriodFilter({ state, onChange, presets = ['today', '7', '30', '90'], businessHours = false }: PeriodFilterProps) {
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
      {businessHours && (
        <Switch
          size="sm"
          mb={6}
          label={t.businessHours}
          title={t.businessHoursHint}
          checked={state.businessHours}
          onChange={(event) => onChange({ [BUSINESS_HOURS_PARAM]: event.currentTarget.checked ? BUSINESS_HOURS_VALUE : null })}
        />
      )}
    </Group>
  );
}

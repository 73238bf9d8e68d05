import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { adminKey, useGqlQuery } from '../../../ui/admin';
import { RECIPIENTS } from '../api/crm-operations';
import { t } from '../texts';

interface RecipientSelectProps {
  /** Controlled, or `defaultValue` (the admin forms are uncontrolled). */
  value?: string;
  defaultValue?: string;
  onChange: (value: string) => void;
  error?: unknown;
  /** The current customer's label when editing (it may not match the search). */
  initialLabel?: string | null;
  disabled?: boolean;
}

const labelOf = (c: { name?: string | null; phone_number: string }) => (c.name ? `${c.name} (${c.phone_number})` : c.phone_number);

/** A customer picked by name or number, searched on the server as the attendant types. */
export function RecipientSelect({ value: given, defaultValue, onChange, error, initialLabel, disabled }: RecipientSelectProps) {
  const [own, setOwn] = useState(defaultValue ?? '');
  const value = given ?? own;
  const [search, setSearch] = useState('');
  const [chosenLabel, setChosenLabel] = useState<string | null>(initialLabel ?? null);
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const found = useGqlQuery(RECIPIENTS, {
    key: adminKey('schedules', 'recipients'),
    variables: { search: debounced },
    enabled: debounced.length > 0,
    select: (data) => data.scheduleRecipients,
  });
  const options = (found.data ?? []).map((c) => ({ value: c.id, label: labelOf(c) }));
  // The chosen one stays listed while the search text turns into its label.
  if (value && chosenLabel && !options.some((o) => o.value === value)) options.unshift({ value, label: chosenLabel });
  return (
    <Select
      label={t.schedules.customer}
      placeholder={t.schedules.customerSearch}
      withAsterisk
      searchable
      disabled={disabled}
      data={options}
      value={value || null}
      onChange={(next) => {
        setOwn(next ?? '');
        setChosenLabel(options.find((o) => o.value === next)?.label ?? null);
        onChange(next ?? '');
      }}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={debounced ? t.schedules.customerNothing : undefined}
      error={error as string | undefined}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

import { memo } from 'react';
import { ColorSwatch, Group, MultiSelect } from '@mantine/core';
import { t } from '../texts';

export interface CategoryOption {
  id: string | number;
  name?: string | null;
  color?: string | null;
}

const NO_COLOR = '#868e96';

/**
 * The list's category filter (crm/category): tickets tagged with any of the chosen categories.
 * Compact, so the list keeps its rows at 1024×768; searchable and operable from the keyboard.
 */
export const CategoryFilter = memo(function CategoryFilter(props: {
  categories: readonly CategoryOption[];
  value: readonly string[];
  onChange: (ids: string[]) => void;
}) {
  const colorOf = new Map(props.categories.map((c) => [String(c.id), c.color ?? NO_COLOR]));
  return (
    <MultiSelect
      size="xs"
      aria-label={t.categoryFilter}
      placeholder={props.value.length ? undefined : t.categoryFilter}
      data={props.categories.map((c) => ({ value: String(c.id), label: c.name ?? String(c.id) }))}
      value={[...props.value]}
      onChange={props.onChange}
      searchable
      clearable
      hidePickedOptions
      nothingFoundMessage={t.noCategoryFound}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          <ColorSwatch color={colorOf.get(option.value) ?? NO_COLOR} size={12} />
          <span>{option.label}</span>
        </Group>
      )}
      comboboxProps={{ withinPortal: true }}
      data-testid="ticket-category-filter"
    />
  );
});

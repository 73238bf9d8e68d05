import { Button, CloseButton, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import type { ListParams } from './use-list-params';

export interface ListFilter<F extends string = string> {
  /** The search param's name, e.g. 'role'. */
  name: F;
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** What "no filter" reads as, e.g. 'Todos os perfis'. */
  placeholder: string;
}

const SEARCH_DELAY_MS = 300;

/** The search box and filter selects above a list; what they hold lives in the URL (ListParams). */
export function ListToolbar<F extends string>({
  params,
  searchLabel,
  filters = [],
}: {
  params: ListParams<F>;
  searchLabel?: string;
  filters?: ReadonlyArray<ListFilter<F>>;
}) {
  const [text, setText] = useState(params.search);
  const commit = useDebouncedCallback((value: string) => params.setSearch(value), SEARCH_DELAY_MS);
  // Back/forward or 'Limpar filtros' change the URL: the box follows.
  useEffect(() => setText(params.search), [params.search]);
  if (!searchLabel && filters.length === 0) return null;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      {searchLabel ? (
        <TextInput
          label={searchLabel}
          placeholder="Buscar…"
          type="search"
          value={text}
          w={220}
          onChange={(event) => {
            setText(event.currentTarget.value);
            commit(event.currentTarget.value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') params.setSearch(event.currentTarget.value);
          }}
          rightSection={
            text ? (
              <CloseButton
                size="sm"
                aria-label="Limpar busca"
                onClick={() => {
                  setText('');
                  params.setSearch('');
                }}
              />
            ) : null
          }
        />
      ) : null}
      {filters.map((filter) => (
        <Select
          key={filter.name}
          label={filter.label}
          placeholder={filter.placeholder}
          data={filter.options as Array<{ value: string; label: string }>}
          value={params.filters[filter.name]}
          onChange={(value) => params.setFilter(filter.name, value === null ? null : String(value))}
          clearable
          searchable={filter.options.length > 8}
          w={160}
          comboboxProps={{ withinPortal: true }}
        />
      ))}
      {params.narrowed ? (
        <Button variant="subtle" onClick={params.reset}>
          Limpar filtros
        </Button>
      ) : null}
    </Group>
  );
}

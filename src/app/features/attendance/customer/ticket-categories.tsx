import { useEffect, useState } from 'react';
import { ColorSwatch, Group, MultiSelect, Text } from '@mantine/core';
import { gqlRequest } from '../../../api/graphql-client';
import { useReferences } from '../../../data/hooks';

const texts = {
  label: 'Categorias do atendimento',
  placeholder: 'Escolha categorias',
  none: 'Nenhuma categoria cadastrada.',
  offline: 'Sem conexão: as categorias voltam a ser editáveis quando ela voltar.',
} as const;

interface CategoryData {
  id: string | number;
  name?: string | null;
  color?: string | null;
}

const READ = 'query ($t: ID!) { ticketCategories(chat_ticket_id: $t) { id } }';
const SAVE = 'mutation ($t: ID!, $c: [ID!]!) { setTicketCategories(chat_ticket_id: $t, category_ids: $c) { id } }';

/** The ticket's categories (crm/category), tagged by the attendant from the conversation; needs the network. */
export function TicketCategories({ tenant, ticketId, online }: { tenant: string; ticketId: string; online: boolean }) {
  const categories = useReferences<CategoryData>('categories');
  const [value, setValue] = useState<string[] | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!online) return;
    let live = true;
    gqlRequest<{ ticketCategories: Array<{ id: string }> }>(READ, { t: ticketId }, { tenant, notify: false }).then(
      (data) => live && setValue(data.ticketCategories.map((c) => c.id)),
      () => live && setValue([]),
    );
    return () => {
      live = false;
    };
  }, [tenant, ticketId, online]);

  if (categories.length === 0) {
    return (
      <Text size="xs" c="dimmed" mt="md">
        {texts.none}
      </Text>
    );
  }
  const colorOf = new Map(categories.map((c) => [String(c.id), c.color ?? '#868e96']));
  const save = async (next: string[]) => {
    const previous = value;
    setValue(next);
    setSaving(true);
    try {
      await gqlRequest(SAVE, { t: ticketId, c: next }, { tenant });
    } catch {
      setValue(previous);
    } finally {
      setSaving(false);
    }
  };
  return (
    <MultiSelect
      mt="md"
      label={texts.label}
      placeholder={texts.placeholder}
      description={online ? undefined : texts.offline}
      data={categories.map((c) => ({ value: String(c.id), label: c.name ?? String(c.id) }))}
      value={value ?? []}
      onChange={(next) => void save(next)}
      disabled={!online || value === null || saving}
      searchable
      clearable
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          <ColorSwatch color={colorOf.get(option.value) ?? '#868e96'} size={12} />
          <span>{option.label}</span>
        </Group>
      )}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

import { useState } from 'react';
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

const SAVE = 'mutation ($t: ID!, $c: [ID!]!) { setTicketCategories(chat_ticket_id: $t, category_ids: $c) { id } }';

const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * The ticket's categories (crm/category), tagged by the attendant from the conversation. They are
 * read from the local ticket document (ChatTicket.category_ids), so they show offline and follow
 * other attendants' changes live; saving needs the network.
 */
export function TicketCategories(props: { tenant: string; ticketId: string; categoryIds: readonly string[] | null | undefined; online: boolean }) {
  const { tenant, ticketId, online } = props;
  const stored = props.categoryIds ?? [];
  const categories = useReferences<CategoryData>('categories');
  // A saved choice shows until the ticket's document moves from the state it was made on (the
  // feed brings the server's), or at once again on failure.
  const [pending, setPending] = useState<{ ticketId: string; ids: string[]; over: readonly string[] } | null>(null);
  const [saving, setSaving] = useState(false);

  if (categories.length === 0) {
    return (
      <Text size="xs" c="dimmed" mt="md">
        {texts.none}
      </Text>
    );
  }
  const value = pending && pending.ticketId === ticketId && sameIds(pending.over, stored) ? pending.ids : stored;
  const colorOf = new Map(categories.map((c) => [String(c.id), c.color ?? '#868e96']));
  const save = async (next: string[]) => {
    setPending({ ticketId, ids: next, over: stored });
    setSaving(true);
    try {
      await gqlRequest(SAVE, { t: ticketId, c: next }, { tenant });
    } catch {
      setPending(null);
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
      value={[...value]}
      onChange={(next) => void save(next)}
      disabled={!online || saving}
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

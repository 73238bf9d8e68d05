import { Badge, Button, CheckIcon, ColorSwatch, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { CustomerGroup } from '../../../../shared/graphql/generated';
import { confirmDanger, useTenant } from '../../../ui/admin';
import { ErrorState, LoadingState } from '../../../ui/remote/load-states';
import { useQueryClient } from '@tanstack/react-query';
import { deleteGroup, saveGroup } from '../api/contact-operations';
import { useGroups } from '../api/contact-queries';
import { t } from '../texts';

/** The tags a group can wear: Mantine colours, readable in light and dark. */
export const GROUP_COLORS = ['blue', 'cyan', 'teal', 'green', 'lime', 'yellow', 'orange', 'red', 'pink', 'grape', 'violet', 'indigo', 'gray'] as const;

const COLOR_NAMES: Record<string, string> = {
  blue: 'Azul',
  cyan: 'Ciano',
  teal: 'Verde-água',
  green: 'Verde',
  lime: 'Lima',
  yellow: 'Amarelo',
  orange: 'Laranja',
  red: 'Vermelho',
  pink: 'Rosa',
  grape: 'Uva',
  violet: 'Violeta',
  indigo: 'Anil',
  gray: 'Cinza',
};

function ColorPicker({ value, onChange }: { value: string; onChange: (color: string) => void }) {
  return (
    <Group gap={6} role="radiogroup" aria-label={t.groups.color}>
      {GROUP_COLORS.map((color) => (
        <ColorSwatch
          key={color}
          component="button"
          type="button"
          role="radio"
          aria-checked={value === color}
          aria-label={COLOR_NAMES[color]}
          color={`var(--mantine-color-${color}-6)`}
          size={22}
          onClick={() => onChange(color)}
          style={{ cursor: 'pointer', color: 'white' }}
        >
          {value === color ? <CheckIcon width={10} /> : null}
        </ColorSwatch>
      ))}
    </Group>
  );
}

function GroupEditor({ group, onDone }: { group: { id?: string; name: string; color_tag?: string | null }; onDone: () => void }) {
  const tenant = useTenant();
  const client = useQueryClient();
  const [name, setName] = useState(group.name);
  const [color, setColor] = useState(group.color_tag ?? 'blue');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async () => {
    if (!name.trim()) {
      setError(t.groups.nameRequired);
      return;
    }
    setPending(true);
    try {
      await saveGroup(tenant, { id: group.id, name: name.trim(), color_tag: color });
      notifications.show({ color: 'teal', title: 'Tudo certo!', message: t.groups.saved });
      await client.invalidateQueries({ queryKey: ['customer_groups'] });
      await client.invalidateQueries({ queryKey: ['customers'] });
      setName('');
      onDone();
    } catch {
      // The client already showed the catalogue's notice (SPEC §8).
    } finally {
      setPending(false);
    }
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="xs">
        <TextInput label={t.groups.name} value={name} error={error} onChange={(event) => {
            setError(null);
            setName(event.currentTarget.value);
          }} maxLength={60} data-autofocus />
        <ColorPicker value={color} onChange={setColor} />
        <Group gap="xs" justify="flex-end">
          {group.id ? (
            <Button variant="default" size="xs" onClick={onDone}>
              {t.groups.cancel}
            </Button>
          ) : null}
          <Button type="submit" size="xs" loading={pending}>
            {group.id ? t.groups.save : t.groups.add}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Create, rename, recolour and delete groups; every console shows the change at once. */
export function GroupsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const tenant = useTenant();
  const client = useQueryClient();
  const groups = useGroups();
  const [editing, setEditing] = useState<string | null>(null);
  const [fresh, setFresh] = useState(0);

  const remove = async (group: CustomerGroup) => {
    if (!(await confirmDanger({ title: t.groups.removeTitle, message: t.groups.removeMessage(group.name), confirmLabel: t.groups.removeConfirm }))) return;
    try {
      await deleteGroup(tenant, group.id);
      notifications.show({ color: 'teal', title: 'Tudo certo!', message: t.groups.removed });
      await client.invalidateQueries({ queryKey: ['customer_groups'] });
      await client.invalidateQueries({ queryKey: ['customers'] });
    } catch {
      // Shown by the client.
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t.groups.title} size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t.groups.intro}
        </Text>
        <GroupEditor key={fresh} group={{ name: '', color_tag: 'blue' }} onDone={() => setFresh((n) => n + 1)} />
        {groups.isLoading ? <LoadingState label={t.groups.loading} /> : null}
        {groups.error ? <ErrorState title={t.groups.loadError} error={groups.error} onRetry={() => void groups.refetch()} /> : null}
        {groups.data?.length === 0 ? <Text c="dimmed">{t.groups.empty}</Text> : null}
        <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t.groups.title}>
          {(groups.data ?? []).map((group) => (
            <li key={group.id}>
              {editing === group.id ? (
                <GroupEditor group={group} onDone={() => setEditing(null)} />
              ) : (
                <Group justify="space-between" py={4}>
                  <Badge color={group.color_tag ?? 'gray'} variant="light" size="lg" radius="sm">
                    {group.name}
                  </Badge>
                  <Group gap={4}>
                    <Button variant="subtle" size="xs" aria-label={t.groups.edit(group.name)} onClick={() => setEditing(group.id)}>
                      {t.groups.editShort}
                    </Button>
                    <Button variant="subtle" color="red" size="xs" aria-label={t.groups.remove(group.name)} onClick={() => void remove(group)}>
                      {t.groups.removeShort}
                    </Button>
                  </Group>
                </Group>
              )}
            </li>
          ))}
        </Stack>
      </Stack>
    </Modal>
  );
}

import { Button, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { Contact } from '../../../../shared/graphql/generated';
import { AdminPage, ListToolbar, confirmDanger, useListParams, useTenant, type ListFilter, type RowAction } from '../../../ui/admin';
import { ErrorState, LoadingState } from '../../../ui/remote/load-states';
import { assignGroup, setBlocked, setFavorite } from '../api/contact-operations';
import { useGroups } from '../api/contact-queries';
import { canOpenRoute } from '../../../../shared/domain/permissions';
import { sessionState } from '../../../state/session';
import { OpenConversationModal } from '../conversation/open-conversation-modal';
import { ContactDrawer } from '../form/contact-drawer';
import { GroupsModal } from '../groups/groups-modal';
import { ImportModal } from '../import/import-modal';
import { CONTACT_FILTERS, toContactFilter, type ContactFilterName } from '../model/contact-filter';
import { t } from '../texts';
import { displayName } from './contact-row';
import { ContactsGrid } from './contacts-grid';
import { ExportButton } from './export-button';
import { useContactWindow } from './use-contact-window';

/** customers/list (check rule): every contact of the store, searched and filtered on the server. */
export function ContactsPage() {
  const tenant = useTenant();
  const client = useQueryClient();
  const params = useListParams(CONTACT_FILTERS);
  const filter = useMemo(() => toContactFilter(params.search, params.filters), [params.search, params.filters]);
  const filterKey = JSON.stringify(filter);
  // The visible range belongs to one search: another search starts at the top.
  const [range, setRange] = useState({ key: filterKey, first: 0, last: 0 });
  const onRange = useCallback(
    (first: number, last: number) =>
      setRange((prev) => (prev.key === filterKey && prev.first === first && prev.last === last ? prev : { key: filterKey, first, last })),
    [filterKey],
  );
  const current = range.key === filterKey ? range : { first: 0, last: 0 };
  const rows = useContactWindow(tenant, filter, current.first, current.last);
  const groups = useGroups();
  const [selected, setSelected] = useState<ReadonlyMap<string, Contact>>(new Map());
  const [editing, setEditing] = useState<Contact | 'new' | null>(null);
  const [groupsOpen, setGroupsOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [conversationWith, setConversationWith] = useState<Contact | null>(null);
  // The conversation opens on chat/attendance, so the action is offered only to roles that reach it.
  const canAttend = canOpenRoute('chat-attendance', useSnapshot(sessionState).current?.user.role);

  const refresh = useCallback(() => void client.invalidateQueries({ queryKey: ['customers'] }), [client]);
  const onSelect = useCallback(
    (contact: Contact, on: boolean) =>
      setSelected((previous) => {
        const next = new Map(previous);
        if (on) next.set(contact.id, contact);
        else next.delete(contact.id);
        return next;
      }),
    [],
  );

  const run = useCallback(
    async (work: () => Promise<unknown>, message: string) => {
      try {
        await work();
        notifications.show({ color: 'teal', title: 'Tudo certo!', message });
        refresh();
      } catch {
        // The client showed the catalogue's notice (SPEC §8).
      }
    },
    [refresh],
  );

  const actions = useCallback(
    (contact: Contact): RowAction[] => [
      ...(canAttend && !contact.is_blacklisted ? [{ label: t.row.openConversation, onClick: () => setConversationWith(contact) }] : []),
      { label: t.row.edit, onClick: () => setEditing(contact) },
      {
        label: contact.is_favorite ? t.row.removeFavorite : t.row.addFavorite,
        onClick: () => void run(() => setFavorite(tenant, [contact.id], !contact.is_favorite), t.form.saved),
      },
      {
        label: contact.is_blacklisted_campaign ? t.row.unblockCampaign : t.row.blockCampaign,
        onClick: () => void run(() => setBlocked(tenant, { id: contact.id, is_blacklisted_campaign: !contact.is_blacklisted_campaign }), t.form.saved),
      },
      contact.is_blacklisted
        ? { label: t.row.unblock, onClick: () => void run(() => setBlocked(tenant, { id: contact.id, is_blacklisted: false }), t.row.unblocked) }
        : {
            label: t.row.block,
            danger: true,
            onClick: () =>
              void confirmDanger({ title: t.row.blockTitle, message: t.row.blockMessage(displayName(contact)), confirmLabel: t.row.blockConfirm }).then(async (yes) => {
                if (yes) await run(() => setBlocked(tenant, { id: contact.id, is_blacklisted: true }), t.row.blocked);
              }),
          },
    ],
    [run, tenant, canAttend],
  );

  const filters: Array<ListFilter<ContactFilterName>> = [
    {
      name: 'group',
      label: t.filters.group,
      placeholder: t.filters.anyGroup,
      options: [{ value: 'none', label: t.filters.noGroup }, ...(groups.data ?? []).map((group) => ({ value: group.id, label: group.name }))],
    },
    {
      name: 'favorite',
      label: t.filters.favorite,
      placeholder: t.filters.anyFavorite,
      options: [
        { value: 'yes', label: t.filters.onlyFavorites },
        { value: 'no', label: t.filters.notFavorites },
      ],
    },
    {
      name: 'blocked',
      label: t.filters.blocked,
      placeholder: t.filters.anyBlock,
      options: [
        { value: 'any', label: t.filters.blockedAny },
        { value: 'attendance', label: t.filters.blockedAttendance },
        { value: 'campaign', label: t.filters.blockedCampaign },
        { value: 'none', label: t.filters.notBlocked },
      ],
    },
    {
      name: 'order',
      label: t.filters.sort,
      placeholder: t.filters.sortName,
      options: [
        { value: 'created', label: t.filters.sortCreated },
        { value: 'updated', label: t.filters.sortUpdated },
      ],
    },
  ];

  const chosen = [...selected.values()];
  const nothingAtAll = rows.total === 0 && !params.narrowed;

  return (
    <AdminPage
      description={t.page.description}
      action={
        <>
          <Button variant="default" onClick={() => setGroupsOpen(true)}>
            {t.page.groups}
          </Button>
          <Button variant="default" onClick={() => setImportOpen(true)}>
            {t.page.import}
          </Button>
          <ExportButton tenant={tenant} filter={filter} total={rows.total} />
          <Button onClick={() => setEditing('new')}>{t.page.newContact}</Button>
        </>
      }
    >
      <ListToolbar params={params} searchLabel={t.page.searchLabel} filters={filters} />
      <Group justify="space-between" mih={30}>
        <Text size="sm" c="dimmed" role="status" aria-live="polite">
          {rows.total === null ? t.page.loading : t.page.count(rows.total)}
        </Text>
        {chosen.length > 0 ? (
          <Group gap="xs" role="region" aria-label="Ações em lote">
            <Text size="sm" fw={500}>
              {t.bulk.selected(chosen.length)}
            </Text>
            <Menu withinPortal position="bottom-end">
              <Menu.Target>
                <Button size="xs" variant="light">
                  {t.bulk.assignGroup}
                </Button>
              </Menu.Target>
              <Menu.Dropdown aria-label={t.bulk.chooseGroup}>
                {(groups.data ?? []).map((group) => (
                  <Menu.Item key={group.id} onClick={() => void run(() => assignGroup(tenant, chosen.map((c) => c.id), group.id), t.bulk.assigned(chosen.length))}>
                    {group.name}
                  </Menu.Item>
                ))}
                <Menu.Divider />
                <Menu.Item onClick={() => void run(() => assignGroup(tenant, chosen.map((c) => c.id), null), t.bulk.assigned(chosen.length))}>{t.bulk.removeGroup}</Menu.Item>
              </Menu.Dropdown>
            </Menu>
            <Button size="xs" variant="light" onClick={() => void run(() => setFavorite(tenant, chosen.map((c) => c.id), true), t.bulk.assigned(chosen.length))}>
              {t.bulk.favorite}
            </Button>
            <Button size="xs" variant="subtle" onClick={() => setSelected(new Map())}>
              {t.bulk.clear}
            </Button>
          </Group>
        ) : null}
      </Group>
      {rows.error && rows.total === null ? (
        <ErrorState title={t.page.loadError} error={rows.error} onRetry={rows.refetch} />
      ) : rows.total === null ? (
        <LoadingState label={t.page.loading} />
      ) : nothingAtAll ? (
        <Paper withBorder radius="md" p="xl">
          <Stack gap="xs" align="flex-start">
            <Text fw={600}>{t.page.emptyTitle}</Text>
            <Text c="dimmed" maw={620}>
              {t.page.emptyHint}
            </Text>
          </Stack>
        </Paper>
      ) : rows.total === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Text c="dimmed">{t.page.nothingFound}</Text>
        </Paper>
      ) : (
        <ContactsGrid rows={rows} resetKey={filterKey} onRange={onRange} selected={selected} onSelect={onSelect} actions={actions} />
      )}
      <ContactDrawer editing={editing} onClose={() => setEditing(null)} onSaved={refresh} />
      <GroupsModal opened={groupsOpen} onClose={() => setGroupsOpen(false)} />
      <ImportModal opened={importOpen} onClose={() => setImportOpen(false)} onImported={refresh} />
      <OpenConversationModal contact={conversationWith} onClose={() => setConversationWith(null)} />
    </AdminPage>
  );
}

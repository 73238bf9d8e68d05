import { Badge, Button, Checkbox, Stack, Switch, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useMemo } from 'react';
import { crmReasonSchema, type CrmReasonInput } from '../../../../shared/domain/crm';
import { AdminPage, AdminTable, EntityFormDrawer, adminKey, confirmDanger, foldText, useGqlMutation, useGqlQuery, useListParams, useTenant } from '../../../ui/admin';
import { CREATE_REASON, DELETE_REASON, REASONS, UPDATE_REASON, type ReasonRow } from '../api/crm-operations';
import { t } from '../texts';

const FILTERS = ['activated'] as const;
const INVALIDATES = ['crm_reasons'] as const;
const done = (message: string) => notifications.show({ color: 'teal', title: t.done, message });

/** crm/reasons (with crm/reasons/new and crm/reasons/{id}/edit opening the form over the list). */
function Reasons({ editing }: { editing: 'new' | string | null }) {
  const tenant = useTenant();
  const navigate = useNavigate();
  const params = useListParams(FILTERS);
  const reasons = useGqlQuery(REASONS, { key: adminKey('crm_reasons', 'list'), select: (data) => data.crmReasons });
  const create = useGqlMutation(CREATE_REASON, { invalidates: INVALIDATES });
  const update = useGqlMutation(UPDATE_REASON, { invalidates: INVALIDATES });
  const remove = useGqlMutation(DELETE_REASON, { invalidates: INVALIDATES });
  const go = (path: string) => void navigate({ href: `/${tenant}/crm/reasons${path}` });
  const current = editing && editing !== 'new' ? (reasons.data?.find((r) => r.id === editing) ?? null) : null;
  const initialValues = useMemo<CrmReasonInput>(
    () => ({ name: current?.name ?? '', activated: current?.activated ?? true, requires_note: current?.requires_note ?? false }),
    [current],
  );

  const setActivated = (reason: ReasonRow, activated: boolean) =>
    void update.mutateAsync({ id: reason.id, input: { name: reason.name, activated, requires_note: reason.requires_note } }).then(() => done(t.reasons.saved), () => undefined);
  const askDelete = async (reason: ReasonRow) => {
    const c = t.reasons.confirmDelete;
    if (!(await confirmDanger({ title: c.title, message: c.message(reason.name), confirmLabel: c.confirm }))) return;
    await remove.mutateAsync({ id: reason.id }).then(() => done(t.reasons.deleted(reason.name)), () => undefined);
  };

  const addButton = <Button onClick={() => go('/new')}>{t.reasons.add}</Button>;
  return (
    <AdminPage description={t.reasons.description} action={addButton}>
      <AdminTable<ReasonRow, (typeof FILTERS)[number]>
        query={reasons}
        params={params}
        paging={{ mode: 'client', matches: (r, search, filters) => foldText(r.name).includes(search) && (filters.activated === null || String(r.activated) === filters.activated) }}
        columns={[
          { accessor: 'name', title: t.reasons.columns.name, sortable: true },
          {
            accessor: 'requires_note',
            title: t.reasons.columns.requiresNote,
            render: (r) => <Badge variant="light" color={r.requires_note ? 'orange' : 'gray'}>{r.requires_note ? t.reasons.required : t.reasons.optional}</Badge>,
          },
          {
            accessor: 'activated',
            title: t.reasons.columns.activated,
            sortable: true,
            render: (r) => (
              <Switch checked={r.activated} aria-label={t.reasons.toggle(r.name)} onClick={(e) => e.stopPropagation()} onChange={(e) => setActivated(r, e.currentTarget.checked)} />
            ),
          },
        ]}
        rowLabel={(r) => r.name}
        searchLabel={t.reasons.search}
        filters={[
          {
            name: 'activated',
            label: t.reasons.filters.activated,
            placeholder: t.reasons.filters.any,
            options: [
              { value: 'true', label: t.reasons.filters.on },
              { value: 'false', label: t.reasons.filters.off },
            ],
          },
        ]}
        rowActions={(r) => [
          { label: t.reasons.actions.edit, onClick: () => go(`/${r.id}/edit`) },
          { label: r.activated ? t.reasons.actions.deactivate : t.reasons.actions.activate, onClick: () => setActivated(r, !r.activated) },
          { label: t.reasons.actions.delete, danger: true, onClick: () => void askDelete(r) },
        ]}
        onRowClick={(r) => go(`/${r.id}/edit`)}
        empty={{ title: t.reasons.empty, hint: t.reasons.emptyHint, action: addButton }}
        errorTitle={t.loadError}
      />
      <EntityFormDrawer<CrmReasonInput>
        opened={editing === 'new' || current !== null}
        onClose={() => go('')}
        title={current ? t.reasons.editTitle : t.reasons.createTitle}
        schema={crmReasonSchema}
        initialValues={initialValues}
        submitLabel={t.save}
        successMessage={current ? t.reasons.saved : t.reasons.created}
        onSubmit={async (input) => {
          await (current ? update.mutateAsync({ id: current.id, input }) : create.mutateAsync({ input }));
          go('');
        }}
      >
        {(form) => (
          <Stack>
            <TextInput label={t.reasons.name} withAsterisk data-autofocus key={form.key('name')} {...form.getInputProps('name')} />
            <Switch label={t.reasons.activated} key={form.key('activated')} {...form.getInputProps('activated', { type: 'checkbox' })} />
            <Checkbox
              label={t.reasons.requiresNote}
              description={t.reasons.requiresNoteHint}
              key={form.key('requires_note')}
              {...form.getInputProps('requires_note', { type: 'checkbox' })}
            />
          </Stack>
        )}
      </EntityFormDrawer>
    </AdminPage>
  );
}

export function ReasonsPage() {
  return <Reasons editing={null} />;
}

export function ReasonNewPage() {
  return <Reasons editing="new" />;
}

export function ReasonEditPage() {
  const { id } = useParams({ strict: false }) as { id?: string };
  return <Reasons editing={id ?? null} />;
}

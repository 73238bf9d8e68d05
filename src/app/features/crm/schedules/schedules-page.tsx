import { Badge, Button, Checkbox, Select, Stack, Text, TextInput, Textarea, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { SCHEDULE_STATUSES } from '../../../../shared/domain/schedules';
import { AdminPage, AdminTable, EntityFormDrawer, adminKey, confirmDanger, foldText, useGqlMutation, useGqlQuery, useListParams } from '../../../ui/admin';
import { CANCEL_SCHEDULE, CONNECTIONS, CREATE_SCHEDULE, SCHEDULES, UPDATE_SCHEDULE, type ScheduleRow } from '../api/crm-operations';
import { t } from '../texts';
import { RecipientSelect } from './recipient-select';
import { scheduleFormSchema, toLocalInput, toTimestamp, type ScheduleFormValues } from './schedule-form';

const FILTERS = ['status'] as const;
const INVALIDATES = ['schedules'] as const;
const STATUS_COLORS: Record<string, string> = { agendada: 'blue', enviada: 'teal', cancelada: 'gray', falhou: 'red' };

function StatusBadge({ row }: { row: ScheduleRow }) {
  const badge = (
    <Badge variant="light" color={STATUS_COLORS[row.status] ?? 'gray'} style={{ overflow: 'visible' }}>
      {t.schedules.status[row.status] ?? row.status}
    </Badge>
  );
  return (
    <Stack gap={2}>
      {row.failure_reason ? <Tooltip label={row.failure_reason} multiline maw={280}>{badge}</Tooltip> : badge}
      {row.late && (
        <Text size="xs" c="orange">
          {t.schedules.late}
        </Text>
      )}
      {row.failure_reason && (
        <Text size="xs" c="dimmed" lineClamp={2}>
          {row.failure_reason}
        </Text>
      )}
    </Stack>
  );
}

/** crm/schedules: every signed-in user's scheduled messages (an administrador's list has everyone's). */
export function SchedulesPage() {
  const params = useListParams(FILTERS);
  const schedules = useGqlQuery(SCHEDULES, { key: adminKey('schedules', 'list'), select: (data) => data.scheduledMessages });
  const connections = useGqlQuery(CONNECTIONS, { key: adminKey('instances', 'schedule-options'), select: (data) => data.instances });
  const create = useGqlMutation(CREATE_SCHEDULE, { invalidates: INVALIDATES });
  const update = useGqlMutation(UPDATE_SCHEDULE, { invalidates: INVALIDATES });
  const cancel = useGqlMutation(CANCEL_SCHEDULE, { invalidates: INVALIDATES });
  const [editing, setEditing] = useState<ScheduleRow | 'new' | null>(null);
  const current = editing !== null && editing !== 'new' ? editing : null;
  const connectionOptions = (connections.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  const initialValues = useMemo<ScheduleFormValues>(
    () => ({
      instance_id: current?.instance_id ?? (connectionOptions.length === 1 ? connectionOptions[0]!.value : ''),
      customer_id: current?.customer_id ?? '',
      message: current?.message ?? '',
      send_at: current ? toLocalInput(current.send_at) : '',
      cancel_on_reply: current?.cancel_on_reply ?? false,
    }),
    // A new object only when another schedule is opened: a late connections list must not reset a form being filled.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [current, editing],
  );

  const askCancel = async (row: ScheduleRow) => {
    const c = t.schedules.confirmCancel;
    if (!(await confirmDanger({ title: c.title, message: c.message, confirmLabel: c.confirm }))) return;
    await cancel.mutateAsync({ id: row.id }).then(() => notifications.show({ color: 'teal', title: t.done, message: t.schedules.cancelled }), () => undefined);
  };

  const addButton = <Button onClick={() => setEditing('new')}>{t.schedules.add}</Button>;
  return (
    <AdminPage description={t.schedules.description} action={addButton}>
      <AdminTable<ScheduleRow, (typeof FILTERS)[number]>
        query={schedules}
        params={params}
        paging={{
          mode: 'client',
          matches: (s, search, filters) =>
            (foldText(s.message).includes(search) || foldText(s.customer_name ?? '').includes(search) || s.phone_number.includes(search)) &&
            (filters.status === null || s.status === filters.status),
        }}
        columns={[
          { accessor: 'send_at', title: t.schedules.columns.sendAt, sortable: true, width: 170 },
          {
            accessor: 'customer_name',
            title: t.schedules.columns.customer,
            render: (s) => (
              <Stack gap={0}>
                <Text size="sm">{s.customer_name ?? s.phone_number}</Text>
                <Text size="xs" c="dimmed">
                  {s.phone_number}
                </Text>
              </Stack>
            ),
          },
          { accessor: 'message', title: t.schedules.columns.message, render: (s) => <Text size="sm" lineClamp={2}>{s.message}</Text> },
          { accessor: 'status', title: t.schedules.columns.status, width: 130, render: (s) => <StatusBadge row={s} /> },
          { accessor: 'user_name', title: t.schedules.columns.user },
          { accessor: 'instance_name', title: t.schedules.columns.connection },
        ]}
        rowLabel={(s) => `${s.customer_name ?? s.phone_number} ${s.send_at}`}
        searchLabel={t.schedules.search}
        filters={[
          {
            name: 'status',
            label: t.schedules.filters.status,
            placeholder: t.schedules.filters.any,
            options: SCHEDULE_STATUSES.map((status) => ({ value: status, label: t.schedules.status[status] ?? status })),
          },
        ]}
        rowActions={(s) =>
          s.status === 'agendada'
            ? [
                { label: t.schedules.actions.edit, onClick: () => setEditing(s) },
                { label: t.schedules.actions.cancel, danger: true, onClick: () => void askCancel(s) },
              ]
            : []
        }
        empty={{ title: t.schedules.empty, hint: t.schedules.emptyHint, action: addButton }}
        errorTitle={t.loadError}
      />
      <EntityFormDrawer<ScheduleFormValues>
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={current ? t.schedules.editTitle : t.schedules.createTitle}
        schema={scheduleFormSchema}
        initialValues={initialValues}
        submitLabel={t.save}
        successMessage={current ? t.schedules.saved : t.schedules.created}
        onSubmit={async (values) => {
          const send_at = toTimestamp(values.send_at);
          await (current
            ? update.mutateAsync({ id: current.id, message: values.message, send_at, cancel_on_reply: values.cancel_on_reply })
            : create.mutateAsync({ ...values, send_at }));
          setEditing(null);
        }}
      >
        {(form) => (
          <Stack>
            <Select
              label={t.schedules.connection}
              withAsterisk
              data={connectionOptions}
              disabled={current !== null}
              key={form.key('instance_id')}
              {...form.getInputProps('instance_id')}
              comboboxProps={{ withinPortal: true }}
            />
            <RecipientSelect
              key={form.key('customer_id')}
              {...form.getInputProps('customer_id')}
              initialLabel={current ? (current.customer_name ? `${current.customer_name} (${current.phone_number})` : current.phone_number) : null}
              disabled={current !== null}
            />
            <Textarea label={t.schedules.message} withAsterisk autosize minRows={3} maxRows={8} key={form.key('message')} {...form.getInputProps('message')} />
            <TextInput type="datetime-local" step={1} label={t.schedules.sendAt} withAsterisk key={form.key('send_at')} {...form.getInputProps('send_at')} />
            <Checkbox label={t.schedules.cancelOnReply} key={form.key('cancel_on_reply')} {...form.getInputProps('cancel_on_reply', { type: 'checkbox' })} />
          </Stack>
        )}
      </EntityFormDrawer>
    </AdminPage>
  );
}

import { Badge, Button, Checkbox, Group, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { attachmentKindOf, SCHEDULE_STATUSES } from '../../../../shared/domain/schedules';
import { AdminPage, AdminTable, EntityFormDrawer, adminKey, confirmDanger, foldText, useGqlMutation, useGqlQuery, useListParams } from '../../../ui/admin';
import { CANCEL_SCHEDULE, CONNECTIONS, CREATE_SCHEDULE, SCHEDULES, UPDATE_SCHEDULE, type ScheduleContentVariables, type ScheduleRow } from '../api/crm-operations';
import { t } from '../texts';
import { RecipientSelect } from './recipient-select';
import { fileDataUrl } from './file-data-url';
import { ScheduleContentFields, type ScheduleFileState } from './schedule-content-fields';
import { parseTemplateValue, scheduleFormSchema, templateComponentsOf, templateValue, templateVariablesOf, toLocalInput, toTimestamp, type ScheduleFormValues } from './schedule-form';

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

/** The message, template or file a schedule sends, from the form. */
async function contentOf(values: ScheduleFormValues, files: ScheduleFileState): Promise<ScheduleContentVariables> {
  if (values.kind === 'template') {
    return { message: null, template: { ...parseTemplateValue(values.template), components: templateComponentsOf(values.variables) }, attachment: null };
  }
  const attachment = files.file
    ? { kind: attachmentKindOf(files.file.type), file_url: await fileDataUrl(files.file), file_name: files.file.name }
    : null;
  return { message: values.message || null, template: null, attachment };
}

/** What the list says about a schedule's message: the text, and whether it is a template or carries a file. */
function MessageCell({ row }: { row: ScheduleRow }) {
  return (
    <Stack gap={2}>
      <Text size="sm" lineClamp={2}>
        {row.message || row.attachment?.name}
      </Text>
      {(row.template || row.attachment) && (
        <Group gap={4}>
          {row.template && (
            <Badge size="xs" variant="outline">
              {t.schedules.content.templateBadge}: {row.template.name}
            </Badge>
          )}
          {row.attachment && (
            <Badge size="xs" variant="outline" color="gray">
              {t.schedules.content.fileBadge}: {row.attachment.name ?? row.attachment.kind}
            </Badge>
          )}
        </Group>
      )}
    </Stack>
  );
}

const NO_FILES: ScheduleFileState = { file: null, kept: null, removeKept: false };

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
  const officialIds = useMemo(() => new Set((connections.data ?? []).filter((c) => c.is_official).map((c) => String(c.id))), [connections.data]);
  const [files, setFiles] = useState<ScheduleFileState>(NO_FILES);
  const open = (next: ScheduleRow | 'new') => {
    setFiles(next === 'new' ? NO_FILES : { file: null, kept: next.attachment ?? null, removeKept: false });
    setEditing(next);
  };
  const initialValues = useMemo<ScheduleFormValues>(
    () => ({
      instance_id: current?.instance_id ?? (connectionOptions.length === 1 ? connectionOptions[0]!.value : ''),
      customer_id: current?.customer_id ?? '',
      kind: current?.template ? 'template' : 'text',
      message: current?.template ? '' : (current?.message ?? ''),
      template: current?.template ? templateValue(current.template) : '',
      variables: current?.template ? templateVariablesOf(current.template.components) : [],
      has_file: Boolean(current?.attachment),
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

  const addButton = <Button onClick={() => open('new')}>{t.schedules.add}</Button>;
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
          { accessor: 'message', title: t.schedules.columns.message, render: (s) => <MessageCell row={s} /> },
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
                { label: t.schedules.actions.edit, onClick: () => open(s) },
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
          const content = await contentOf(values, files);
          const { instance_id, customer_id, cancel_on_reply } = values;
          await (current
            ? update.mutateAsync({ id: current.id, ...content, send_at, cancel_on_reply, remove_attachment: files.removeKept || values.kind === 'template' })
            : create.mutateAsync({ instance_id, customer_id, ...content, send_at, cancel_on_reply }));
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
            <ScheduleContentFields form={form} officialIds={officialIds} files={files} onFiles={setFiles} />
            <TextInput type="datetime-local" step={1} label={t.schedules.sendAt} withAsterisk key={form.key('send_at')} {...form.getInputProps('send_at')} />
            <Checkbox label={t.schedules.cancelOnReply} key={form.key('cancel_on_reply')} {...form.getInputProps('cancel_on_reply', { type: 'checkbox' })} />
          </Stack>
        )}
      </EntityFormDrawer>
    </AdminPage>
  );
}

import { Button, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import type { MessageTemplate } from '../../../../shared/graphql/generated';
import { AdminPage, AdminTable, EntityFormDrawer, adminKey, confirmDanger, foldText, useGqlMutation, useGqlQuery, useListParams } from '../../../ui/admin';
import { CREATE_QUICK_ANSWER, DELETE_QUICK_ANSWER, QUICK_ANSWERS, UPDATE_QUICK_ANSWER } from '../api/operations';
import { t } from '../texts';

const schema = z.object({
  identifier: z.string().trim().min(1, t.quick.identifierRequired).max(120),
  value: z.string().trim().min(1, t.quick.valueRequired).max(4096),
});
type Values = z.infer<typeof schema>;

const EMPTY: Values = { identifier: '', value: '' };

/** configs/quick-answers: the texts attendants insert with `/`; the server announces each change (kind 'quick_answers'). */
export function QuickAnswersPage() {
  const params = useListParams<string>([]);
  const list = useGqlQuery(QUICK_ANSWERS, { key: adminKey('quick_answers', 'list'), select: (d) => d.messageTemplates });
  const create = useGqlMutation(CREATE_QUICK_ANSWER, { invalidates: ['quick_answers'] });
  const update = useGqlMutation(UPDATE_QUICK_ANSWER, { invalidates: ['quick_answers'] });
  const remove = useGqlMutation(DELETE_QUICK_ANSWER, { invalidates: ['quick_answers'] });
  const [editing, setEditing] = useState<MessageTemplate | 'new' | null>(null);
  const initial = useMemo<Values>(() => (editing && editing !== 'new' ? { identifier: editing.identifier, value: editing.value } : EMPTY), [editing]);

  const askRemove = async (answer: MessageTemplate) => {
    const confirmed = await confirmDanger({ title: t.quick.removeTitle, message: t.quick.removeMessage(answer.identifier), confirmLabel: t.quick.remove });
    if (!confirmed) return;
    await remove.mutateAsync({ id: answer.id });
    notifications.show({ color: 'teal', title: 'Tudo certo!', message: t.quick.removed });
  };

  return (
    <AdminPage description={t.quick.description} action={<Button onClick={() => setEditing('new')}>{t.quick.create}</Button>}>
      <AdminTable<MessageTemplate>
        query={list}
        params={params}
        paging={{ mode: 'client', matches: (a, q) => foldText(`${a.identifier} ${a.value}`).includes(q) }}
        columns={[
          { accessor: 'identifier', title: t.quick.identifier, sortable: true, width: 180, render: (a) => <Text fw={600}>/{a.identifier}</Text> },
          { accessor: 'value', title: t.quick.value, render: (a) => <Text lineClamp={2} size="sm">{a.value}</Text> },
        ]}
        rowLabel={(a) => `/${a.identifier}`}
        searchLabel={t.quick.search}
        rowActions={(a) => [
          { label: t.quick.edit, onClick: () => setEditing(a) },
          { label: t.quick.remove, danger: true, onClick: () => void askRemove(a).catch(() => undefined) },
        ]}
        empty={{ title: t.quick.empty, hint: t.quick.emptyHint }}
        errorTitle={t.common.loadError}
        onRowClick={(a) => setEditing(a)}
      />
      <EntityFormDrawer
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t.quick.create : t.quick.edit}
        schema={schema}
        initialValues={initial}
        submitLabel={t.common.save}
        successMessage={t.quick.saved}
        onSubmit={(values) => (editing && editing !== 'new' ? update.mutateAsync({ id: editing.id, ...values }) : create.mutateAsync(values))}
      >
        {(form) => (
          <>
            <TextInput label={t.quick.identifier} description={t.quick.identifierHint} withAsterisk leftSection="/" key={form.key('identifier')} {...form.getInputProps('identifier')} />
            <Textarea label={t.quick.value} withAsterisk autosize minRows={4} maxRows={12} key={form.key('value')} {...form.getInputProps('value')} />
          </>
        )}
      </EntityFormDrawer>
    </AdminPage>
  );
}

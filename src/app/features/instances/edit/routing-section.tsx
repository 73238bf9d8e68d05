import { Button, Group, MultiSelect, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { adminKey, gqlOperation, useGqlMutation, useGqlQuery } from '../../../ui/admin';
import { t } from '../texts';

const ROUTING = gqlOperation<
  { instance: { id: string; default_department_id: string | null; departments: Array<{ id: string }> | null }; userDepartments: Array<{ id: string; name: string; activated: boolean }> },
  { id: string }
>(`query InstanceRouting($id: ID!) {
  instance(id: $id) { id default_department_id departments { id } }
  userDepartments { id name activated }
}`);

const SAVE_ROUTING = gqlOperation<{ updateInstance: { id: string } }, { id: string; default_department_id: string | null; department_ids: string[] }>(
  `mutation SaveInstanceRouting($id: ID!, $default_department_id: ID, $department_ids: [ID!]) {
    updateInstance(id: $id, default_department_id: $default_department_id, department_ids: $department_ids) { id }
  }`,
);

/**
 * Where the connection's new tickets go (issue 12 §1): its default department, whose Fila receives
 * them, and the departments allowed to serve it. Without a default, only administrators see them.
 */
export function RoutingSection({ instanceId }: { instanceId: string }) {
  const routing = useGqlQuery(ROUTING, { key: adminKey('instances', 'routing'), variables: { id: instanceId } });
  const save = useGqlMutation(SAVE_ROUTING, { invalidates: ['instances', 'departments'] });
  const [defaultId, setDefaultId] = useState<string | null>(null);
  const [allowed, setAllowed] = useState<string[]>([]);
  const saved = routing.data?.instance;
  useEffect(() => {
    if (!saved) return;
    setDefaultId(saved.default_department_id != null ? String(saved.default_department_id) : null);
    setAllowed((saved.departments ?? []).map((d) => String(d.id)));
  }, [saved]);

  const options = (routing.data?.userDepartments ?? []).filter((d) => d.activated).map((d) => ({ value: String(d.id), label: d.name }));
  const submit = () =>
    void save
      .mutateAsync({ id: instanceId, default_department_id: defaultId, department_ids: defaultId && !allowed.includes(defaultId) ? [...allowed, defaultId] : allowed })
      .then(() => notifications.show({ color: 'teal', title: t.routing.savedTitle, message: t.routing.saved }), () => undefined);

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t.routing.title}
        </Title>
        <Text size="sm" c="dimmed">
          {t.routing.hint}
        </Text>
        <Group align="flex-end" gap="md" wrap="wrap">
          <Select
            label={t.routing.defaultDepartment}
            placeholder={t.routing.none}
            data={options}
            value={defaultId}
            onChange={setDefaultId}
            clearable
            w={260}
            disabled={!routing.data}
          />
          <MultiSelect label={t.routing.departments} data={options} value={allowed} onChange={setAllowed} w={360} disabled={!routing.data} />
          <Button onClick={submit} loading={save.isPending} disabled={!routing.data}>
            {t.routing.save}
          </Button>
        </Group>
        {routing.data && !defaultId ? (
          <Text size="sm" c="orange">
            {t.routing.noDefault}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { roleFormSchema, type RoleFormValues } from '../../../../shared/domain/team-forms';
import { adminKey, useEntityForm, useGqlMutation, useGqlQuery, useTenant } from '../../../ui/admin';
import { ErrorState, LoadingState } from '../../../ui/remote/load-states';
import { CREATE_ROLE, ROLE, UPDATE_ROLE, type TeamRole } from '../api/team-operations';
import { t } from '../texts';
import { RoutePicker } from './route-picker';

const EMPTY: RoleFormValues = { display_name: '', has_permission_routes: [] };

function RoleForm({ role }: { role: TeamRole | null }) {
  const tenant = useTenant();
  const navigate = useNavigate();
  const create = useGqlMutation(CREATE_ROLE, { invalidates: ['roles'] });
  const update = useGqlMutation(UPDATE_ROLE, { invalidates: ['roles'] });
  const locked = !!role?.is_admin;
  const initial = role ? { display_name: role.display_name, has_permission_routes: [...role.has_permission_routes] } : EMPTY;
  const [routes, setRoutes] = useState<string[]>(initial.has_permission_routes);
  const { form, submit } = useEntityForm<RoleFormValues>({
    schema: roleFormSchema,
    initialValues: initial,
    successMessage: role ? t.roles.editor.saved : t.roles.editor.created,
    onSubmit: (values) =>
      role
        ? update.mutateAsync({ id: role.id, display_name: values.display_name, ...(locked ? {} : { has_permission_routes: values.has_permission_routes }) })
        : create.mutateAsync(values),
    onSuccess: () => void navigate({ href: `/${tenant}/roles/list` }),
  });
  const choose = (next: string[]) => {
    setRoutes(next);
    form.setFieldValue('has_permission_routes', next);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {locked ? (
          <Alert color="blue" variant="light">
            {t.roles.adminLocked}
          </Alert>
        ) : null}
        <TextInput
          label={t.roles.editor.name}
          withAsterisk
          maw={420}
          data-autofocus
          key={form.key('display_name')}
          {...form.getInputProps('display_name')}
        />
        <Group justify="space-between" align="baseline">
          <Text fw={600}>{t.roles.editor.routes}</Text>
          {locked ? null : (
            <Text size="sm" c="dimmed" aria-live="polite">
              {t.roles.editor.selected(routes.length)}
            </Text>
          )}
        </Group>
        <RoutePicker value={routes} onChange={choose} locked={locked} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" component={Link} to={`/${tenant}/roles/list`}>
            {t.roles.editor.back}
          </Button>
          <Button type="submit" loading={form.submitting}>
            {role ? t.roles.editor.save : t.roles.editor.create}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** roles/add: a new role with the routes it may open. */
export function RoleAddPage() {
  return <RoleForm role={null} />;
}

/** roles/edit/{id}: a role's name and routes; administrador is shown locked. */
export function RoleEditPage() {
  const { id } = useParams({ strict: false }) as { id?: string };
  const role = useGqlQuery(ROLE, { key: adminKey('roles', 'one'), variables: { id: id ?? '' }, select: (data) => data.role, enabled: !!id });
  if (role.error && !role.data) return <ErrorState title={t.roles.editor.error} error={role.error} onRetry={() => void role.refetch()} />;
  if (!role.data) return <LoadingState label={t.roles.editor.loading} />;
  return <RoleForm key={role.data.id} role={role.data} />;
}

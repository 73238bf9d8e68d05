import { Badge, Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate } from '@tanstack/react-router';
import { AdminPage, AdminTable, adminKey, confirmDanger, foldText, useGqlMutation, useGqlQuery, useListParams, useTenant } from '../../../ui/admin';
import { DELETE_ROLE, ROLES, type TeamRole } from '../api/team-operations';
import { t } from '../texts';

/** roles/list (issue 12 §4): the tenant's roles, their users and how many screens they open. */
export function RolesPage() {
  const tenant = useTenant();
  const navigate = useNavigate();
  const params = useListParams<string>([]);
  const roles = useGqlQuery(ROLES, { key: adminKey('roles', 'list'), select: (data) => data.roles });
  const remove = useGqlMutation(DELETE_ROLE, { invalidates: ['roles'] });
  const edit = (role: TeamRole) => void navigate({ href: `/${tenant}/roles/edit/${role.id}` });

  const askDelete = async (role: TeamRole) => {
    const c = t.roles.confirmDelete;
    if (!(await confirmDanger({ title: c.title, message: c.message(role.display_name), confirmLabel: c.confirm }))) return;
    await remove
      .mutateAsync({ id: role.id })
      .then(() => notifications.show({ color: 'teal', title: 'Tudo certo!', message: t.roles.deleted(role.display_name) }), () => undefined);
  };

  const addButton = (
    <Button component={Link} to={`/${tenant}/roles/add`}>
      {t.roles.add}
    </Button>
  );
  return (
    <AdminPage description={t.roles.description} action={addButton}>
      <AdminTable<TeamRole>
        query={roles}
        params={params}
        paging={{ mode: 'client', matches: (role, search) => foldText(`${role.display_name} ${role.name}`).includes(search) }}
        columns={[
          {
            accessor: 'display_name',
            title: t.roles.columns.name,
            sortable: true,
            render: (role) => (
              <Text size="sm" fw={500}>
                {role.display_name}{' '}
                {role.is_admin ? (
                  <Badge size="xs" variant="light" ml={4}>
                    admin
                  </Badge>
                ) : null}
              </Text>
            ),
          },
          { accessor: 'name', title: t.roles.columns.id, sortable: true },
          { accessor: 'users_count', title: t.roles.columns.users, sortable: true, textAlign: 'right' },
          {
            accessor: 'has_permission_routes',
            title: t.roles.columns.routes,
            textAlign: 'right',
            render: (role) => (role.is_admin ? t.roles.allRoutes : String(role.has_permission_routes.length)),
          },
        ]}
        rowLabel={(role) => role.display_name}
        searchLabel={t.roles.search}
        onRowClick={edit}
        rowActions={(role) => [
          { label: t.roles.actions.edit, onClick: () => edit(role) },
          { label: t.roles.actions.delete, danger: true, disabled: !!role.is_admin || (role.users_count ?? 0) > 0, onClick: () => void askDelete(role) },
        ]}
        empty={{ title: t.roles.empty, hint: t.roles.emptyHint, action: addButton }}
        errorTitle={t.roles.error}
      />
    </AdminPage>
  );
}

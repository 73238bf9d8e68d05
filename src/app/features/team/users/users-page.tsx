import { Button } from '@mantine/core';
import { useState } from 'react';
import { AdminPage, AdminTable, ADMIN_PAGE_SIZE, adminKey, useGqlQuery, useListParams } from '../../../ui/admin';
import type { ListFilter } from '../../../ui/admin';
import { USERS, type TeamUser } from '../api/team-operations';
import { t } from '../texts';
import { useTeamOptions } from '../ui/use-team-options';
import { useUserActions } from './use-user-actions';
import { userColumns } from './user-columns';
import { UserFormDrawer } from './user-form-drawer';

const FILTERS = ['role', 'department', 'connection', 'state'] as const;
type UserFilter = (typeof FILTERS)[number];

const STATE_OPTIONS = (['online', 'offline', 'blocked'] as const).map((value) => ({ value, label: t.users.states[value] ?? value }));

/** users/list (issue 12 §3): the tenant's users, server-paged, with search and filters in the URL. */
export function UsersPage() {
  const params = useListParams(FILTERS);
  const options = useTeamOptions();
  const [target, setTarget] = useState<TeamUser | 'new' | null>(null);
  const actionsOf = useUserActions(setTarget);
  const { role, department, connection, state } = params.filters;

  const users = useGqlQuery(USERS, {
    key: adminKey('users', 'list'),
    variables: {
      filters: {
        search: params.search || null,
        role_id: role,
        user_department_id: department,
        instance_id: connection,
        state: state === 'online' || state === 'offline' || state === 'blocked' ? state : null,
      },
      pagination_page: params.page,
      pagination_limit: ADMIN_PAGE_SIZE,
    },
    keepPrevious: true,
  });

  const filters: Array<ListFilter<UserFilter>> = [
    { name: 'role', label: t.users.filters.role, placeholder: t.users.filters.anyRole, options: options.roles },
    { name: 'department', label: t.users.filters.department, placeholder: t.users.filters.anyDepartment, options: options.departments },
    { name: 'connection', label: t.users.filters.connection, placeholder: t.users.filters.anyConnection, options: options.connections },
    { name: 'state', label: t.users.filters.state, placeholder: t.users.filters.anyState, options: STATE_OPTIONS },
  ];

  return (
    <AdminPage description={t.users.description} action={<Button onClick={() => setTarget('new')}>{t.users.add}</Button>}>
      <AdminTable<TeamUser, UserFilter>
        query={{ ...users, data: users.data?.users.items }}
        params={params}
        paging={{ mode: 'server', total: users.data?.users.total ?? 0 }}
        columns={userColumns(Date.now())}
        rowLabel={(user) => user.name}
        searchLabel={t.users.search}
        filters={filters}
        rowActions={actionsOf}
        empty={{ title: t.users.empty, hint: t.users.emptyHint, action: <Button onClick={() => setTarget('new')}>{t.users.add}</Button> }}
        errorTitle={t.users.error}
      />
      <UserFormDrawer
        target={target}
        onClose={() => setTarget(null)}
        roles={options.roles}
        departments={options.activeDepartments}
        connections={options.connections}
      />
    </AdminPage>
  );
}

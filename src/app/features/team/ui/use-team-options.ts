import { adminKey, useGqlQuery } from '../../../ui/admin';
import { CONNECTIONS, DEPARTMENTS, ROLES } from '../api/team-operations';

export interface Option {
  value: string;
  label: string;
}

/** The choices of the users screen's filters and form: roles, departments and connections. */
export function useTeamOptions() {
  const roles = useGqlQuery(ROLES, { key: adminKey('roles', 'list'), select: (data) => data.roles });
  const departments = useGqlQuery(DEPARTMENTS, { key: adminKey('departments', 'list'), select: (data) => data.userDepartments });
  const connections = useGqlQuery(CONNECTIONS, { key: adminKey('instances', 'names'), select: (data) => data.instances });
  return {
    roles: (roles.data ?? []).map((role): Option => ({ value: String(role.id), label: role.display_name })),
    departments: (departments.data ?? []).map(
      (department): Option => ({ value: String(department.id), label: department.activated ? department.name : `${department.name} (inativo)` }),
    ),
    activeDepartments: (departments.data ?? [])
      .filter((department) => department.activated)
      .map((department): Option => ({ value: String(department.id), label: department.name })),
    connections: (connections.data ?? []).map((connection): Option => ({ value: String(connection.id), label: connection.name })),
  };
}

import type { Instance, UserDepartment } from '../../../../shared/graphql/generated';
import type { Resolver } from '../../../graphql/resolver-types';
import { departmentsOfInstances } from '../instance-departments';

/** Instance.departments: read only when asked (the edit screen), one small query per connection. */
export const instanceDepartmentsField: Resolver<UserDepartment[], Record<string, never>, Instance> = async (parent, _args, context) => {
  const id = Number(parent.id);
  const byInstance = await context.database.withTenant(context.tenant.id, (tx) => departmentsOfInstances(tx, context.tenant.id, [id]));
  return byInstance.get(id) ?? [];
};

import { requireRoute } from '../../graphql/guards';
import type { ModuleResolvers } from '../../graphql/resolver-types';
import { parseInput } from '../../graphql/validation';
import { createDepartment, deleteDepartment, updateDepartment } from './department-admin';
import { createUserDepartmentInput, deleteUserDepartmentInput, updateUserDepartmentInput, userDepartmentsInput } from './department-inputs';
import { listDepartments } from './department-list';

/** Every department operation belongs to the user-departments/list screen (SPEC §2 check rule). */
const ROUTE = 'user-departments-list';

export const departmentsResolvers: ModuleResolvers = {
  Query: {
    userDepartments: async (_parent, args, context) => {
      requireRoute(context, ROUTE);
      const input = parseInput(userDepartmentsInput, args);
      return context.database.withTenant(context.tenant.id, (tx) => listDepartments(tx, context.tenant.id, input));
    },
  },
  Mutation: {
    createUserDepartment: async (_parent, args, context) => {
      requireRoute(context, ROUTE);
      return createDepartment(context, parseInput(createUserDepartmentInput, args));
    },
    updateUserDepartment: async (_parent, args, context) => {
      requireRoute(context, ROUTE);
      return updateDepartment(context, parseInput(updateUserDepartmentInput, args));
    },
    deleteUserDepartment: async (_parent, args, context) => {
      requireRoute(context, ROUTE);
      await deleteDepartment(context, parseInput(deleteUserDepartmentInput, args));
      return true;
    },
  },
};

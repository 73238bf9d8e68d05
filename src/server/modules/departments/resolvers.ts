import type { ModuleResolvers } from '../../graphql/resolver-types';

const pending = (): never => {
  throw new Error('departments: not built yet');
};

export const departmentsResolvers: ModuleResolvers = {
  Query: { userDepartments: pending },
  Mutation: { createUserDepartment: pending, updateUserDepartment: pending, deleteUserDepartment: pending },
};

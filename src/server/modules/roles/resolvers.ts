import type { ModuleResolvers } from '../../graphql/resolver-types';

const pending = (): never => {
  throw new Error('roles: not built yet');
};

export const rolesResolvers: ModuleResolvers = {
  Query: { roles: pending, role: pending },
  Mutation: { createRole: pending, updateRole: pending, deleteRole: pending },
};

import { requireRoute } from '../../graphql/guards';
import type { ModuleResolvers } from '../../graphql/resolver-types';
import { parseInput } from '../../graphql/validation';
import { recordAudit } from '../audit/record-audit';
import { createRole, deleteRole, listRoles, loadRole, updateRole } from './role-admin';
import { createRoleInput, roleIdInput, updateRoleInput } from './role-inputs';

/** The roles screens (SPEC §2, check rule): the list, the add page and the edit page. */
const LIST = 'roles-list';
const ADD = 'roles-add';
const EDIT = 'roles-edit';

export const rolesResolvers: ModuleResolvers = {
  Query: {
    roles: async (_parent, _args, context) => {
      requireRoute(context, LIST, ADD, EDIT);
      return context.database.withTenant(context.tenant.id, (tx) => listRoles(tx, context.tenant.id));
    },
    role: async (_parent, args, context) => {
      requireRoute(context, EDIT, LIST);
      return loadRole(context, parseInput(roleIdInput, args).id);
    },
  },
  Mutation: {
    createRole: async (_parent, args, context) => {
      requireRoute(context, ADD);
      const role = await createRole(context, parseInput(createRoleInput, args));
      await recordAudit(context, { action: 'role_created', detail: role.name });
      return role;
    },
    updateRole: async (_parent, args, context) => {
      requireRoute(context, EDIT);
      const role = await updateRole(context, parseInput(updateRoleInput, args));
      await recordAudit(context, { action: 'role_changed', detail: role.name });
      return role;
    },
    deleteRole: async (_parent, args, context) => {
      requireRoute(context, LIST);
      const { id } = parseInput(roleIdInput, args);
      await deleteRole(context, id);
      await recordAudit(context, { action: 'role_deleted', detail: `#${id}` });
      return true;
    },
  },
};

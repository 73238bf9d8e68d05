import { requireRoute, requireViewer } from '../../../graphql/guards';
import type { MutationResolver, QueryResolver } from '../../../graphql/resolver-types';
import { parseInput } from '../../../graphql/validation';
import { createUser, deleteUser as removeUser, deleteUserInstance as removeUserInstance, disconnectUser as endSessions, resetTwoFactor, updateUser as editUser } from '../user-admin';
import { disconnectUserInput, idArg, newUserInput, updateUserInput, userIdArg, usersInput } from '../user-inputs';
import { listTeamUsers } from '../user-list';
import { canOpenRoute } from '../../../../shared/domain/permissions';
import { forbidden } from '../../../graphql/errors';
import { recordAudit } from '../../audit/record-audit';

/** Every user operation belongs to the users/list screen (SPEC §2 check rule). */
const USERS_ROUTE = 'users-list';

export const users: QueryResolver<'users'> = async (_parent, args, context) => {
  requireRoute(context, USERS_ROUTE);
  const input = parseInput(usersInput, args);
  const page = input.pagination_page ?? 1;
  const limit = input.pagination_limit ?? 50;
  const { items, total } = await context.database.withTenant(context.tenant.id, (tx) =>
    listTeamUsers(context, tx, { filters: input.filters ?? undefined, page, limit }),
  );
  return { items, total, total_pages: Math.ceil(total / limit) };
};

/** The user's own connections are theirs to read; anyone else's need the users screen. */
export const userInstances: QueryResolver<'userInstances'> = async (_parent, args, context) => {
  const viewer = requireViewer(context);
  const { user_id } = parseInput(userIdArg, args);
  if (user_id !== viewer.userId && !canOpenRoute(USERS_ROUTE, { name: viewer.roleName, has_permission_routes: viewer.routes })) throw forbidden();
  return context.database.withTenant(context.tenant.id, async (tx) => {
    const rows = await tx
      .selectFrom('user_instances as ui')
      .innerJoin('instances as i', (join) => join.onRef('i.tenant_id', '=', 'ui.tenant_id').onRef('i.id', '=', 'ui.instance_id'))
      .innerJoin('users as u', (join) => join.onRef('u.tenant_id', '=', 'ui.tenant_id').onRef('u.id', '=', 'ui.user_id'))
      .select(['ui.id', 'ui.instance_id', 'i.name'])
      .where('ui.tenant_id', '=', context.tenant.id)
      .where('ui.user_id', '=', user_id)
      .where('u.deleted_at', 'is', null)
      .orderBy('i.name')
      .execute();
    return rows.map((row) => ({ id: String(row.id), instance_id: String(row.instance_id), name: row.name }));
  });
};

export const newUser: MutationResolver<'newUser'> = async (_parent, args, context) => {
  const viewer = requireRoute(context, USERS_ROUTE);
  const created = await createUser(context, viewer, parseInput(newUserInput, args));
  await recordAudit(context, { action: 'user_created', userId: Number(created.id) });
  return created;
};

export const updateUser: MutationResolver<'updateUser'> = async (_parent, args, context) => {
  const viewer = requireRoute(context, USERS_ROUTE);
  const given = new Set(Object.entries(args).filter(([, value]) => value !== undefined).map(([key]) => key));
  const updated = await editUser(context, viewer, parseInput(updateUserInput, args), given);
  await recordAudit(context, { action: 'user_changed', userId: Number(updated.id), detail: [...given].filter((key) => key !== 'id').sort().join(', ') });
  return updated;
};

export const deleteUser: MutationResolver<'deleteUser'> = async (_parent, args, context) => {
  const viewer = requireRoute(context, USERS_ROUTE);
  const { id } = parseInput(idArg, args);
  await removeUser(context, viewer, id);
  await recordAudit(context, { action: 'user_deleted', userId: id });
  return true;
};

export const deleteUserInstance: MutationResolver<'deleteUserInstance'> = async (_parent, args, context) => {
  requireRoute(context, USERS_ROUTE);
  await removeUserInstance(context, parseInput(idArg, args).id);
  return true;
};

export const disconnectUser: MutationResolver<'disconnectUser'> = async (_parent, args, context) => {
  requireRoute(context, USERS_ROUTE);
  const input = parseInput(disconnectUserInput, args);
  await endSessions(context, input.user_id);
  await recordAudit(context, { action: 'user_disconnected', userId: input.user_id, claimedIp: input.ip });
  return true;
};

export const resetUserTwoFactor: MutationResolver<'resetUserTwoFactor'> = async (_parent, args, context) => {
  requireRoute(context, USERS_ROUTE);
  const { user_id } = parseInput(userIdArg, args);
  await resetTwoFactor(context, user_id);
  await recordAudit(context, { action: 'two_factor_disabled', userId: user_id, detail: 'reset' });
  return true;
};

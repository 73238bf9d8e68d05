import { sql } from 'kysely';
import type { z } from 'zod';
import { ADMIN_ROLE, APP_ROUTES } from '../../../shared/domain/routes';
import type { Role } from '../../../shared/graphql/generated';
import type { Tx } from '../../db/database';
import type { RequestContext } from '../../graphql/context';
import { appError, validation } from '../../graphql/errors';
import { afterTeamChange } from '../users/team-events';
import { isUniqueViolation } from '../users/user-rules';
import { roleNameOf, type createRoleInput, type updateRoleInput } from './role-inputs';
import { roleTexts } from './texts';

const notFound = () => appError('NOT_FOUND', roleTexts.notFound, { status: 404 });

/** Roles by display name with how many users have each (issue 12 roles/list). */
export async function listRoles(tx: Tx, tenantId: number, id?: number): Promise<Role[]> {
  let query = tx
    .selectFrom('roles as r')
    .select([
      'r.id',
      'r.name',
      'r.display_name',
      'r.has_permission_routes',
      sql<number>`(select count(*)::int from users u where u.tenant_id = r.tenant_id and u.role_id = r.id and u.deleted_at is null)`.as('users_count'),
    ])
    .where('r.tenant_id', '=', tenantId);
  if (id !== undefined) query = query.where('r.id', '=', id);
  const rows = await query.orderBy(sql`lower(r.display_name)`).orderBy('r.id').execute();
  return rows.map((row) => ({
    id: String(row.id),
    name: row.name,
    display_name: row.display_name,
    // administrador opens everything (permissions.ts); its list shows it.
    has_permission_routes: row.name === ADMIN_ROLE ? APP_ROUTES.map((route) => route.name) : row.has_permission_routes,
    users_count: Number(row.users_count),
    is_admin: row.name === ADMIN_ROLE,
  }));
}

export async function loadRole(context: RequestContext, id: number): Promise<Role> {
  const [role] = await context.database.withTenant(context.tenant.id, (tx) => listRoles(tx, context.tenant.id, id));
  if (!role) throw notFound();
  return role;
}

async function assertNameFree(tx: Tx, tenantId: number, name: string, exceptId: number | null): Promise<void> {
  let query = tx.selectFrom('roles').select('id').where('tenant_id', '=', tenantId).where('name', '=', name);
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  if (await query.executeTakeFirst()) throw validation('name', roleTexts.nameTaken);
}

const withNameCheck = <T>(promise: Promise<T>): Promise<T> =>
  promise.catch((error: unknown) => {
    throw isUniqueViolation(error) ? validation('name', roleTexts.nameTaken) : error;
  });

export async function createRole(context: RequestContext, input: z.output<typeof createRoleInput>): Promise<Role> {
  const tenantId = context.tenant.id;
  const name = input.name ?? roleNameOf(input.display_name);
  const id = await withNameCheck(
    context.database.withTenant(tenantId, async (tx) => {
      await assertNameFree(tx, tenantId, name, null);
      const row = await tx
        .insertInto('roles')
        .values({ tenant_id: tenantId, name, display_name: input.display_name, has_permission_routes: input.has_permission_routes })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    }),
  );
  await afterTeamChange(context, { kind: 'roles', id });
  return loadRole(context, id);
}

/**
 * updateRole: administrador keeps its name and every route (so the tenant always has a role that
 * reaches everything); its display name may change. Users of the role see the change at once:
 * their sockets restart and the tenantChanges event makes their apps read the role again.
 */
export async function updateRole(context: RequestContext, input: z.output<typeof updateRoleInput>): Promise<Role> {
  const tenantId = context.tenant.id;
  await withNameCheck(
    context.database.withTenant(tenantId, async (tx) => {
      const role = await tx.selectFrom('roles').selectAll().where('tenant_id', '=', tenantId).where('id', '=', input.id).forUpdate().executeTakeFirst();
      if (!role) throw notFound();
      const renaming = input.name != null && input.name !== role.name;
      if (role.name === ADMIN_ROLE && (renaming || input.has_permission_routes != null)) {
        const field = renaming ? 'name' : 'has_permission_routes';
        const routes = input.has_permission_routes;
        const allRoutes = routes != null && APP_ROUTES.every((route) => routes.includes(route.name));
        if (renaming || !allRoutes) throw validation(field, roleTexts.adminFixed);
      }
      if (renaming && input.name === ADMIN_ROLE) throw validation('name', roleTexts.nameTaken);
      if (renaming && input.name) await assertNameFree(tx, tenantId, input.name, role.id);
      await tx
        .updateTable('roles')
        .set({
          name: input.name ?? role.name,
          display_name: input.display_name ?? role.display_name,
          has_permission_routes: input.has_permission_routes ?? role.has_permission_routes,
          updated_at: sql<Date>`now()`,
        })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', role.id)
        .execute();
    }),
  );
  await afterTeamChange(context, { kind: 'roles', id: input.id, revalidate: null });
  return loadRole(context, input.id);
}

/** deleteRole: not administrador, and not a role some user still has (nobody is left without a role). */
export async function deleteRole(context: RequestContext, id: number): Promise<void> {
  const tenantId = context.tenant.id;
  await context.database.withTenant(tenantId, async (tx) => {
    const role = await tx.selectFrom('roles').select(['id', 'name']).where('tenant_id', '=', tenantId).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!role) throw notFound();
    if (role.name === ADMIN_ROLE) throw validation('id', roleTexts.adminUndeletable);
    const users = await tx.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).where('tenant_id', '=', tenantId).where('role_id', '=', id).executeTakeFirstOrThrow();
    const count = Number(users.n);
    if (count > 0) throw validation('id', roleTexts.inUse(count));
    await tx.deleteFrom('roles').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  });
  await afterTeamChange(context, { kind: 'roles', id });
}

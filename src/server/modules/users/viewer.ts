import type { Database } from '../../db/database';
import type { Viewer } from '../../graphql/context';

/** The signed-in user behind a valid access token, or null when deleted or blocked since it was issued. */
export async function loadViewer(database: Database, tenantId: number, userId: number): Promise<Viewer | null> {
  return database.withTenant(tenantId, async (tx) => {
    const user = await tx
      .selectFrom('users as u')
      .innerJoin('roles as r', (join) => join.onRef('r.tenant_id', '=', 'u.tenant_id').onRef('r.id', '=', 'u.role_id'))
      .select(['u.id', 'u.name', 'u.user_department_id', 'r.name as role_name', 'r.has_permission_routes'])
      .where('u.id', '=', userId)
      .where('u.deleted_at', 'is', null)
      .where('u.blocked_at', 'is', null)
      .executeTakeFirst();
    if (!user) return null;
    const instances = await tx.selectFrom('user_instances').select('instance_id').where('user_id', '=', userId).execute();
    return {
      userId: user.id,
      tenantId,
      name: user.name,
      roleName: user.role_name,
      routes: user.has_permission_routes,
      departmentId: user.user_department_id,
      instanceIds: instances.map((i) => i.instance_id),
    };
  });
}

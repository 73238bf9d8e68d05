import type { Tx } from '../../db/database';
import type { User } from '../../../shared/graphql/generated';

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** The GraphQL `User` of one user of the transaction's tenant (SPEC §3), or null when absent or deleted. */
export async function loadUserPayload(tx: Tx, userId: number): Promise<User | null> {
  const row = await tx
    .selectFrom('users as u')
    .innerJoin('roles as r', (join) => join.onRef('r.tenant_id', '=', 'u.tenant_id').onRef('r.id', '=', 'u.role_id'))
    .leftJoin('user_departments as d', (join) =>
      join.onRef('d.tenant_id', '=', 'u.tenant_id').onRef('d.id', '=', 'u.user_department_id'),
    )
    .select([
      'u.id',
      'u.email',
      'u.name',
      'u.image',
      'u.username',
      'u.attempts',
      'u.blocked_at',
      'u.from_alpha7',
      'u.is_connected',
      'u.twofactor_activity',
      'u.expiration_password',
      'r.id as role_id',
      'r.name as role_name',
      'r.display_name as role_display_name',
      'r.has_permission_routes',
      'd.id as department_id',
      'd.name as department_name',
      'd.activated as department_activated',
    ])
    .where('u.id', '=', userId)
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  const instances = await tx
    .selectFrom('user_instances as ui')
    .innerJoin('instances as i', (join) => join.onRef('i.tenant_id', '=', 'ui.tenant_id').onRef('i.id', '=', 'ui.instance_id'))
    .select(['ui.id', 'ui.instance_id', 'i.name'])
    .where('ui.user_id', '=', userId)
    .orderBy('ui.instance_id')
    .execute();
  return {
    id: String(row.id),
    email: row.email,
    name: row.name,
    image: row.image,
    username: row.username,
    attempts: row.attempts,
    blocked_at: iso(row.blocked_at),
    from_alpha7: row.from_alpha7,
    isConnected: row.is_connected,
    twofactor_activity: row.twofactor_activity,
    expiration_password: iso(row.expiration_password),
    role: {
      id: String(row.role_id),
      name: row.role_name,
      display_name: row.role_display_name,
      has_permission_routes: row.has_permission_routes,
    },
    userDepartment:
      row.department_id === null
        ? null
        : { id: String(row.department_id), name: row.department_name ?? '', activated: row.department_activated ?? true },
    userInstances: instances.map((i) => ({ id: String(i.id), instance_id: String(i.instance_id), name: i.name })),
  };
}

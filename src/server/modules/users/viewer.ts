import type { Database } from '../../db/database';
import type { Viewer } from '../../graphql/context';
import type { AccessClaims } from '../auth/access-tokens';

/**
 * The signed-in user behind a valid access token, or null when deleted or blocked since it was
 * issued, or when its session ended (logout, disconnectUser, password change: the token's refresh
 * family is revoked, or the user's session epoch moved past the token's). Checked on every request
 * and every websocket revalidation, so an ended session stops at once.
 */
export async function loadViewer(database: Database, tenantId: number, claims: Pick<AccessClaims, 'userId' | 'sessionId' | 'epoch'>): Promise<Viewer | null> {
  const { userId, sessionId } = claims;
  return database.withTenant(tenantId, async (tx) => {
    let query = tx
      .selectFrom('users as u')
      .innerJoin('roles as r', (join) => join.onRef('r.tenant_id', '=', 'u.tenant_id').onRef('r.id', '=', 'u.role_id'))
      .select(['u.id', 'u.name', 'u.user_department_id', 'r.name as role_name', 'r.has_permission_routes'])
      .where('u.id', '=', userId)
      .where('u.deleted_at', 'is', null)
      .where('u.blocked_at', 'is', null)
      .where('u.session_epoch', '<=', claims.epoch ?? 0)
      // A disabled tenant's tokens stop working (npm run tenant -- disable).
      .where((eb) => eb.not(eb.exists(eb.selectFrom('tenants as tn').select('tn.id').whereRef('tn.id', '=', 'u.tenant_id').where('tn.disabled_at', 'is not', null))));
    if (sessionId !== undefined) {
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('refresh_tokens as rt')
            .select('rt.id')
            .whereRef('rt.tenant_id', '=', 'u.tenant_id')
            .whereRef('rt.user_id', '=', 'u.id')
            .where('rt.family_id', '=', sessionId)
            .where('rt.revoked_at', 'is', null),
        ),
      );
    }
    const user = await query.executeTakeFirst();
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
      ...(sessionId === undefined ? {} : { sessionId }),
    };
  });
}

import { ADMIN_ROLE } from '../../../shared/domain/routes';
import type { Tx } from '../../db/database';
import { isOnlineSql } from '../auth/presence';
import { listCategories } from '../crm/categories';
import { listCrmReasons } from './crm-reasons';

export interface AttendanceUserRow {
  id: string;
  name: string;
  image: string | null;
  isConnected: boolean;
  department_id: string | null;
}

/**
 * Attendants who may use a connection (user_instances, or administrador for every connection),
 * online ones first and then by name; without a connection, every active user of the tenant.
 */
export async function listAttendants(tx: Tx, tenantId: number, instanceId: number | null, exceptUserId: number | null = null): Promise<AttendanceUserRow[]> {
  let query = tx
    .selectFrom('users as u')
    .innerJoin('roles as r', (join) => join.onRef('r.tenant_id', '=', 'u.tenant_id').onRef('r.id', '=', 'u.role_id'))
    .select(['u.id', 'u.name', 'u.image', isOnlineSql('u').as('online'), 'u.user_department_id'])
    .where('u.tenant_id', '=', tenantId)
    .where('u.deleted_at', 'is', null)
    .where('u.blocked_at', 'is', null);
  if (instanceId !== null) {
    query = query.where((eb) =>
      eb.or([
        eb('r.name', '=', ADMIN_ROLE),
        eb.exists(
          eb
            .selectFrom('user_instances as ui')
            .select('ui.id')
            .whereRef('ui.tenant_id', '=', 'u.tenant_id')
            .whereRef('ui.user_id', '=', 'u.id')
            .where('ui.instance_id', '=', instanceId),
        ),
      ]),
    );
  }
  if (exceptUserId !== null) query = query.where('u.id', '!=', exceptUserId);
  const rows = await query.orderBy(isOnlineSql('u'), 'desc').orderBy('u.name').execute();
  return rows.map((u) => ({
    id: String(u.id),
    name: u.name,
    image: u.image,
    isConnected: u.online,
    department_id: u.user_department_id === null ? null : String(u.user_department_id),
  }));
}

export async function listDepartments(tx: Tx, tenantId: number): Promise<Array<{ id: string; name: string }>> {
  const rows = await tx
    .selectFrom('user_departments')
    .select(['id', 'name'])
    .where('tenant_id', '=', tenantId)
    .where('activated', '=', true)
    .orderBy('name')
    .execute();
  return rows.map((d) => ({ id: String(d.id), name: d.name }));
}

export async function attendanceReferences(tx: Tx, tenantId: number, instanceId: number) {
  const [users, departments, reasons, categories] = await Promise.all([
    listAttendants(tx, tenantId, instanceId),
    listDepartments(tx, tenantId),
    listCrmReasons(tx, tenantId),
    listCategories(tx, tenantId),
  ]);
  return {
    users,
    departments,
    closing_reasons: reasons.map((r) => ({ ...r, id: String(r.id) })),
    categories: categories.map((c) => ({ ...c, id: String(c.id) })),
  };
}

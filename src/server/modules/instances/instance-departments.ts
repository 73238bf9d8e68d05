import type { Tx } from '../../db/database';
import { validation } from '../../graphql/errors';
import { instanceTexts } from './texts';

export interface InstanceRouting {
  /** Absent: unchanged; null: no default. */
  defaultDepartmentId?: number | null;
  /** Absent: unchanged; otherwise replaces the departments allowed to serve the connection. */
  departmentIds?: readonly number[] | null;
}

async function assertDepartments(tx: Tx, tenantId: number, ids: readonly number[], field: string): Promise<void> {
  if (ids.length === 0) return;
  const found = await tx.selectFrom('user_departments').select('id').where('tenant_id', '=', tenantId).where('id', 'in', [...ids]).execute();
  if (found.length !== new Set(ids).size) throw validation(field, instanceTexts.departmentNotFound);
}

/**
 * Sets a connection's departments and default (DESIGN §5a routing) in the caller's transaction.
 * The default is always one of the allowed departments: naming it adds it; replacing the allowed
 * set without it clears the default, so no ticket is routed to a department that may not serve it.
 */
export async function setInstanceRouting(tx: Tx, tenantId: number, instanceId: number, routing: InstanceRouting): Promise<void> {
  const { defaultDepartmentId, departmentIds } = routing;
  if (defaultDepartmentId != null) await assertDepartments(tx, tenantId, [defaultDepartmentId], 'default_department_id');
  if (departmentIds != null) {
    await assertDepartments(tx, tenantId, departmentIds, 'department_ids');
    await tx.deleteFrom('instance_departments').where('tenant_id', '=', tenantId).where('instance_id', '=', instanceId).execute();
  }
  const allowed = new Set([...(departmentIds ?? []), ...(defaultDepartmentId == null ? [] : [defaultDepartmentId])]);
  if (allowed.size > 0) {
    await tx
      .insertInto('instance_departments')
      .values([...allowed].map((department_id) => ({ tenant_id: tenantId, instance_id: instanceId, department_id })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  if (defaultDepartmentId !== undefined) {
    await tx.updateTable('instances').set({ default_department_id: defaultDepartmentId }).where('tenant_id', '=', tenantId).where('id', '=', instanceId).execute();
  } else if (departmentIds != null) {
    await tx
      .updateTable('instances')
      .set({ default_department_id: null })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', instanceId)
      .where('default_department_id', 'not in', departmentIds.length > 0 ? [...departmentIds] : [0])
      .execute();
  }
}

/** The departments allowed to serve each of the connections, by connection id. */
export async function departmentsOfInstances(tx: Tx, tenantId: number, instanceIds: readonly number[]) {
  const byInstance = new Map<number, Array<{ id: string; name: string; activated: boolean }>>();
  if (instanceIds.length === 0) return byInstance;
  const rows = await tx
    .selectFrom('instance_departments as idp')
    .innerJoin('user_departments as d', (join) => join.onRef('d.tenant_id', '=', 'idp.tenant_id').onRef('d.id', '=', 'idp.department_id'))
    .select(['idp.instance_id', 'd.id', 'd.name', 'd.activated'])
    .where('idp.tenant_id', '=', tenantId)
    .where('idp.instance_id', 'in', [...instanceIds])
    .orderBy('d.name')
    .execute();
  for (const row of rows) {
    const list = byInstance.get(row.instance_id) ?? [];
    list.push({ id: String(row.id), name: row.name, activated: row.activated });
    byInstance.set(row.instance_id, list);
  }
  return byInstance;
}

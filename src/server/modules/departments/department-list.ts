import { sql } from 'kysely';
import type { UserDepartment } from '../../../shared/graphql/generated';
import type { Tx } from '../../db/database';

const ACCENTED = 'áàâãäéèêëíìîïóòôõöúùûüçñ';
const PLAIN = 'aaaaaeeeeiiiiooooouuuucn';
const fold = (text: string) => text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');

export interface DepartmentQuery {
  search?: string | null;
  activated?: boolean | null;
  ids?: readonly number[];
}

/** Departments by name with members, connections (allowed and default) and open tickets (issue 12 user-departments/list). */
export async function listDepartments(tx: Tx, tenantId: number, query: DepartmentQuery): Promise<UserDepartment[]> {
  let select = tx
    .selectFrom('user_departments as d')
    .select([
      'd.id',
      'd.name',
      'd.activated',
      sql<number>`(select count(*)::int from chat_tickets t where t.tenant_id = d.tenant_id and t.inbox_department_id = d.id and not t.finished_ticket and t.deleted_at is null)`.as(
        'open_tickets',
      ),
    ])
    .where('d.tenant_id', '=', tenantId);
  const search = query.search?.trim();
  if (search) select = select.where(sql<string>`translate(lower(d.name), ${ACCENTED}, ${PLAIN})`, 'like', `%${fold(search).replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (query.activated != null) select = select.where('d.activated', '=', query.activated);
  if (query.ids) select = select.where('d.id', 'in', query.ids.length > 0 ? [...query.ids] : [0]);
  const rows = await select.orderBy(sql`lower(d.name)`).orderBy('d.id').execute();
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const [members, allowed, defaults] = await Promise.all([
    tx
      .selectFrom('users')
      .select(['id', 'name', 'image', 'user_department_id'])
      .where('tenant_id', '=', tenantId)
      .where('deleted_at', 'is', null)
      .where('user_department_id', 'in', ids)
      .orderBy('name')
      .execute(),
    tx
      .selectFrom('instance_departments as idp')
      .innerJoin('instances as i', (join) => join.onRef('i.tenant_id', '=', 'idp.tenant_id').onRef('i.id', '=', 'idp.instance_id'))
      .select(['idp.department_id', 'i.id', 'i.name'])
      .where('idp.tenant_id', '=', tenantId)
      .where('idp.department_id', 'in', ids)
      .orderBy('i.name')
      .execute(),
    tx
      .selectFrom('instances')
      .select(['id', 'name', 'default_department_id'])
      .where('tenant_id', '=', tenantId)
      .where('default_department_id', 'in', ids)
      .orderBy('name')
      .execute(),
  ]);
  return rows.map((row) => ({
    id: String(row.id),
    name: row.name,
    activated: row.activated,
    open_tickets: Number(row.open_tickets),
    members: members.filter((m) => m.user_department_id === row.id).map((m) => ({ id: String(m.id), name: m.name, image: m.image })),
    instances: allowed.filter((a) => a.department_id === row.id).map((a) => ({ id: String(a.id), name: a.name })),
    default_of_instances: defaults.filter((i) => i.default_department_id === row.id).map((i) => ({ id: String(i.id), name: i.name })),
  }));
}

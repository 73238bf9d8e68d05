import { ADMIN_ROLE } from '../../../shared/domain/routes';
import type { Tx } from '../../db/database';
import { appError, validation } from '../../graphql/errors';
import { teamTexts } from './texts';

export const userNotFound = () => appError('NOT_FOUND', teamTexts.userNotFound, { status: 404 });

/**
 * The tenant's principal user (SPEC §6 "user id 1", the super attendant): user id 1 itself, and in
 * every tenant its first user. A tenant administrator can neither delete nor demote them.
 */
export async function isPrincipalUser(tx: Tx, tenantId: number, userId: number): Promise<boolean> {
  if (userId === 1) return true;
  const first = await tx
    .selectFrom('users')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return first?.id === userId;
}

/** Administrators left besides `userId` (not deleted). */
export async function otherAdministrators(tx: Tx, tenantId: number, userId: number): Promise<number> {
  const row = await tx
    .selectFrom('users as u')
    .innerJoin('roles as r', (join) => join.onRef('r.tenant_id', '=', 'u.tenant_id').onRef('r.id', '=', 'u.role_id'))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('u.tenant_id', '=', tenantId)
    .where('u.deleted_at', 'is', null)
    .where('u.id', '<>', userId)
    .where('r.name', '=', ADMIN_ROLE)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function roleById(tx: Tx, tenantId: number, roleId: number, field = 'role_id') {
  const role = await tx.selectFrom('roles').select(['id', 'name']).where('tenant_id', '=', tenantId).where('id', '=', roleId).executeTakeFirst();
  if (!role) throw validation(field, teamTexts.roleNotFound);
  return role;
}

/** A department a user may be put in: of the tenant and active. */
export async function assertActiveDepartment(tx: Tx, tenantId: number, departmentId: number, field: string): Promise<void> {
  const department = await tx.selectFrom('user_departments').select(['id', 'activated']).where('tenant_id', '=', tenantId).where('id', '=', departmentId).executeTakeFirst();
  if (!department) throw validation(field, teamTexts.departmentNotFound);
  if (!department.activated) throw validation(field, teamTexts.departmentInactive);
}

export async function assertInstances(tx: Tx, tenantId: number, ids: readonly number[], field: string): Promise<void> {
  if (ids.length === 0) return;
  const found = await tx.selectFrom('instances').select('id').where('tenant_id', '=', tenantId).where('id', 'in', [...ids]).execute();
  if (found.length !== new Set(ids).size) throw validation(field, teamTexts.instanceNotFound);
}

export async function assertEmailFree(tx: Tx, tenantId: number, email: string, exceptUserId: number | null): Promise<void> {
  let query = tx.selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('deleted_at', 'is', null).where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()));
  if (exceptUserId !== null) query = query.where('id', '<>', exceptUserId);
  if (await query.executeTakeFirst()) throw validation('email', teamTexts.emailTaken);
}

/** The unique index on e-mails caught a race that the check above could not. */
export const isUniqueViolation = (error: unknown): boolean => (error as { code?: string } | null)?.code === '23505';

/** Replaces a user's connections: rows removed (the removal trigger sends their tickets on), missing ones added. */
export async function setUserInstances(tx: Tx, tenantId: number, userId: number, instanceIds: readonly number[]): Promise<boolean> {
  const current = await tx.selectFrom('user_instances').select(['id', 'instance_id']).where('tenant_id', '=', tenantId).where('user_id', '=', userId).execute();
  const wanted = new Set(instanceIds);
  const removed = current.filter((row) => !wanted.has(row.instance_id)).map((row) => row.id);
  const added = [...wanted].filter((id) => !current.some((row) => row.instance_id === id));
  if (removed.length > 0) await tx.deleteFrom('user_instances').where('tenant_id', '=', tenantId).where('id', 'in', removed).execute();
  if (added.length > 0) {
    await tx.insertInto('user_instances').values(added.map((instance_id) => ({ tenant_id: tenantId, user_id: userId, instance_id }))).execute();
  }
  return removed.length > 0 || added.length > 0;
}

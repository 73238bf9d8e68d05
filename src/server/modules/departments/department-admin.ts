import { sql } from 'kysely';
import type { z } from 'zod';
import type { UserDepartment } from '../../../shared/graphql/generated';
import type { Tx } from '../../db/database';
import type { RequestContext } from '../../graphql/context';
import { appError, validation } from '../../graphql/errors';
import { transactWithChanges, type ChangeSet } from '../../sync/changes';
import { afterTeamChange } from '../users/team-events';
import { assertInstances, isUniqueViolation } from '../users/user-rules';
import type { createUserDepartmentInput, deleteUserDepartmentInput, updateUserDepartmentInput } from './department-inputs';
import { listDepartments } from './department-list';
import { departmentTexts } from './texts';

const notFound = () => appError('NOT_FOUND', departmentTexts.notFound, { status: 404 });

async function loadDepartment(tx: Tx, tenantId: number, id: number) {
  const row = await tx.selectFrom('user_departments').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

async function assertNameFree(tx: Tx, tenantId: number, name: string, exceptId: number | null): Promise<void> {
  let query = tx.selectFrom('user_departments').select('id').where('tenant_id', '=', tenantId).where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  if (await query.executeTakeFirst()) throw validation('name', departmentTexts.nameTaken);
}

/** Open or waiting tickets, members (deleted ones too: they keep the reference) or connection defaults. */
async function hasDependents(tx: Tx, tenantId: number, id: number): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    select exists (select 1 from chat_tickets where tenant_id = ${tenantId} and inbox_department_id = ${id} and not finished_ticket and deleted_at is null)
      or exists (select 1 from users where tenant_id = ${tenantId} and user_department_id = ${id})
      or exists (select 1 from instances where tenant_id = ${tenantId} and default_department_id = ${id}) as found`.execute(tx);
  return rows[0]?.found ?? false;
}

/**
 * Moves everything that points at a department to another one, so nothing is orphaned: its open
 * tickets (streams learn of them through `changes`), its members, and the connections that use it
 * as their default (which may then be served by the target).
 */
async function relocate(tx: Tx, changes: ChangeSet, tenantId: number, from: number, to: number): Promise<void> {
  const moved = await tx
    .updateTable('chat_tickets')
    .set({ inbox_department_id: to })
    .where('tenant_id', '=', tenantId)
    .where('inbox_department_id', '=', from)
    .where('finished_ticket', '=', false)
    .where('deleted_at', 'is', null)
    .returning('instance_id')
    .execute();
  for (const instanceId of new Set(moved.map((row) => row.instance_id))) changes.add('chattickets', instanceId).add('customers', null);
  await tx.updateTable('users').set({ user_department_id: to }).where('tenant_id', '=', tenantId).where('user_department_id', '=', from).execute();
  const defaults = await tx
    .updateTable('instances')
    .set({ default_department_id: to })
    .where('tenant_id', '=', tenantId)
    .where('default_department_id', '=', from)
    .returning('id')
    .execute();
  if (defaults.length > 0) {
    await tx
      .insertInto('instance_departments')
      .values(defaults.map((row) => ({ tenant_id: tenantId, instance_id: row.id, department_id: to })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

async function moveTarget(tx: Tx, tenantId: number, from: number, to: number | null | undefined): Promise<number> {
  if (to == null) throw validation('move_to_department_id', departmentTexts.moveRequired);
  const target = await tx.selectFrom('user_departments').select(['id', 'activated']).where('tenant_id', '=', tenantId).where('id', '=', to).executeTakeFirst();
  if (!target || !target.activated || target.id === from) throw validation('move_to_department_id', departmentTexts.moveTargetInvalid);
  return target.id;
}

/** The connections a department may serve; a connection that loses it also loses it as default. */
async function setDepartmentInstances(tx: Tx, tenantId: number, departmentId: number, instanceIds: readonly number[]): Promise<void> {
  await assertInstances(tx, tenantId, instanceIds, 'instance_ids');
  const keep = instanceIds.length > 0 ? [...instanceIds] : [0];
  await tx.deleteFrom('instance_departments').where('tenant_id', '=', tenantId).where('department_id', '=', departmentId).where('instance_id', 'not in', keep).execute();
  await tx
    .updateTable('instances')
    .set({ default_department_id: null })
    .where('tenant_id', '=', tenantId)
    .where('default_department_id', '=', departmentId)
    .where('id', 'not in', keep)
    .execute();
  if (instanceIds.length > 0) {
    await tx
      .insertInto('instance_departments')
      .values(instanceIds.map((instance_id) => ({ tenant_id: tenantId, instance_id, department_id: departmentId })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

const withNameCheck = <T>(promise: Promise<T>): Promise<T> =>
  promise.catch((error: unknown) => {
    throw isUniqueViolation(error) ? validation('name', departmentTexts.nameTaken) : error;
  });

async function answer(context: RequestContext, id: number): Promise<UserDepartment> {
  const [department] = await context.database.withTenant(context.tenant.id, (tx) => listDepartments(tx, context.tenant.id, { ids: [id] }));
  if (!department) throw notFound();
  return department;
}

export async function createDepartment(context: RequestContext, input: z.output<typeof createUserDepartmentInput>): Promise<UserDepartment> {
  const tenantId = context.tenant.id;
  const id = await withNameCheck(
    context.database.withTenant(tenantId, async (tx) => {
      await assertNameFree(tx, tenantId, input.name, null);
      const row = await tx
        .insertInto('user_departments')
        .values({ tenant_id: tenantId, name: input.name, activated: input.activated ?? true })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (input.instance_ids) await setDepartmentInstances(tx, tenantId, row.id, input.instance_ids);
      return row.id;
    }),
  );
  await afterTeamChange(context, { kind: 'departments', id });
  return answer(context, id);
}

function pubsubOf(context: RequestContext) {
  const pubsub = context.services.sync?.pubsub;
  if (!pubsub) throw new Error('sync services are not attached');
  return pubsub;
}

export async function updateDepartment(context: RequestContext, input: z.output<typeof updateUserDepartmentInput>): Promise<UserDepartment> {
  const tenantId = context.tenant.id;
  const moved = await withNameCheck(
    transactWithChanges(context.database, pubsubOf(context), tenantId, async (tx, changes) => {
      const department = await loadDepartment(tx, tenantId, input.id);
      let relocated = false;
      if (input.activated === false && department.activated && (await hasDependents(tx, tenantId, department.id))) {
        await relocate(tx, changes, tenantId, department.id, await moveTarget(tx, tenantId, department.id, input.move_to_department_id));
        relocated = true;
      }
      if (input.name != null && input.name !== department.name) await assertNameFree(tx, tenantId, input.name, department.id);
      await tx
        .updateTable('user_departments')
        .set({ name: input.name ?? department.name, activated: input.activated ?? department.activated, updated_at: sql<Date>`now()` })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', department.id)
        .execute();
      if (input.instance_ids != null) await setDepartmentInstances(tx, tenantId, department.id, input.instance_ids);
      return relocated;
    }),
  );
  // Members moved to another department see other inboxes: their sockets restart with the new scope.
  await afterTeamChange(context, { kind: 'departments', id: input.id, revalidate: moved ? null : [] });
  return answer(context, input.id);
}

export async function deleteDepartment(context: RequestContext, input: z.output<typeof deleteUserDepartmentInput>): Promise<void> {
  const tenantId = context.tenant.id;
  const moved = await transactWithChanges(context.database, pubsubOf(context), tenantId, async (tx, changes) => {
    const department = await loadDepartment(tx, tenantId, input.id);
    const dependents = await hasDependents(tx, tenantId, department.id);
    if (dependents) await relocate(tx, changes, tenantId, department.id, await moveTarget(tx, tenantId, department.id, input.move_to_department_id));
    await tx.deleteFrom('user_departments').where('tenant_id', '=', tenantId).where('id', '=', department.id).execute();
    return dependents;
  });
  await afterTeamChange(context, { kind: 'departments', id: input.id, revalidate: moved ? null : [] });
}

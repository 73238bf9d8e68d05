import { sql } from 'kysely';
import { ADMIN_ROLE } from '../../../shared/domain/routes';
import type { User } from '../../../shared/graphql/generated';
import type { Tx } from '../../db/database';
import type { RequestContext, Viewer } from '../../graphql/context';
import { forbidden, validation } from '../../graphql/errors';
import { afterTeamChange } from './team-events';
import { teamTexts } from './texts';
import type { NewUserInput, UpdateUserInput } from './user-inputs';
import { listTeamUsers } from './user-list';
import { storeUserPhoto } from './user-photo';
import {
  assertActiveDepartment,
  assertEmailFree,
  assertInstances,
  isPrincipalUser,
  isUniqueViolation,
  otherAdministrators,
  roleById,
  setUserInstances,
  userNotFound,
} from './user-rules';
import { closeUserSockets, endUserSessions } from './user-sessions';

async function loadOne(context: RequestContext, tx: Tx, userId: number): Promise<User> {
  const [user] = (await listTeamUsers(context, tx, { ids: [userId] })).items;
  if (!user) throw userNotFound();
  return user;
}

export const loadTeamUser = (context: RequestContext, userId: number): Promise<User> =>
  context.database.withTenant(context.tenant.id, (tx) => loadOne(context, tx, userId));

/** A role that may open users/list is not enough to make or unmake an administrador: only one may. */
function assertMayGrant<R extends { name: string }>(viewer: Viewer, role: R): R {
  if (role.name === ADMIN_ROLE && viewer.roleName !== ADMIN_ROLE) throw forbidden();
  return role;
}

async function liveUser(tx: Tx, tenantId: number, userId: number) {
  const user = await tx
    .selectFrom('users as u')
    .innerJoin('roles as r', (join) => join.onRef('r.tenant_id', '=', 'u.tenant_id').onRef('r.id', '=', 'u.role_id'))
    .select(['u.id', 'u.role_id', 'u.user_department_id', 'u.image', 'r.name as role_name'])
    .where('u.tenant_id', '=', tenantId)
    .where('u.id', '=', userId)
    .where('u.deleted_at', 'is', null)
    .forUpdate('u')
    .executeTakeFirst();
  if (!user) throw userNotFound();
  return user;
}

/** newUser (SPEC §7): the e-mail is unique among the tenant's users; the password is hashed outside the transaction. */
export async function createUser(context: RequestContext, viewer: Viewer, input: NewUserInput): Promise<User> {
  const tenantId = context.tenant.id;
  const passwordHash = await context.services.passwords.hash(input.password);
  const userId = await context.database
    .withTenant(tenantId, async (tx) => {
      assertMayGrant(viewer, await roleById(tx, tenantId, input.role_id));
      if (input.user_department_id != null) await assertActiveDepartment(tx, tenantId, input.user_department_id, 'user_department_id');
      await assertInstances(tx, tenantId, input.chosen_instances ?? [], 'chosen_instances');
      await assertEmailFree(tx, tenantId, input.email, null);
      const row = await tx
        .insertInto('users')
        .values({
          tenant_id: tenantId,
          email: input.email,
          name: input.name,
          username: input.username || input.email.split('@')[0] || null,
          password_hash: passwordHash,
          role_id: input.role_id,
          user_department_id: input.user_department_id ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await setUserInstances(tx, tenantId, row.id, input.chosen_instances ?? []);
      return row.id;
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? validation('email', teamTexts.emailTaken) : error;
    });
  await afterTeamChange(context, { kind: 'users', id: userId });
  return loadTeamUser(context, userId);
}

/**
 * updateUser (SPEC §7). `given` tells which optional fields the caller sent (an explicit null
 * clears the department or the photo; an absent one keeps them).
 */
export async function updateUser(context: RequestContext, viewer: Viewer, input: UpdateUserInput, given: ReadonlySet<string>): Promise<User> {
  const tenantId = context.tenant.id;
  const passwordHash = input.password ? await context.services.passwords.hash(input.password) : null;
  const photo = given.has('image') ? await storeUserPhoto(context, input.image ?? null) : undefined;
  const outcome = await context.database
    .withTenant(tenantId, async (tx) => {
      const user = await liveUser(tx, tenantId, input.id);
      if (user.role_name === ADMIN_ROLE && viewer.roleName !== ADMIN_ROLE) throw forbidden();
      const changes: Record<string, unknown> = {};
      if (input.name != null) changes.name = input.name;
      if (input.username != null) changes.username = input.username || null;
      if (input.email != null) {
        await assertEmailFree(tx, tenantId, input.email, user.id);
        changes.email = input.email;
      }
      if (input.role_id != null && input.role_id !== user.role_id) {
        const role = assertMayGrant(viewer, await roleById(tx, tenantId, input.role_id));
        if (user.role_name === ADMIN_ROLE && role.name !== ADMIN_ROLE) {
          if (await isPrincipalUser(tx, tenantId, user.id)) throw validation('role_id', teamTexts.principalProtected);
          if ((await otherAdministrators(tx, tenantId, user.id)) === 0) throw validation('role_id', teamTexts.lastAdmin);
        }
        changes.role_id = role.id;
      }
      if (given.has('user_department_id') && (input.user_department_id ?? null) !== user.user_department_id) {
        if (input.user_department_id != null) await assertActiveDepartment(tx, tenantId, input.user_department_id, 'user_department_id');
        changes.user_department_id = input.user_department_id ?? null;
      }
      if (photo !== undefined && photo !== user.image) changes.image = photo;
      if (passwordHash) changes.password_hash = passwordHash;
      if (Object.keys(changes).length > 0) {
        await tx.updateTable('users').set({ ...changes, updated_at: sql<Date>`now()` }).where('tenant_id', '=', tenantId).where('id', '=', user.id).execute();
      }
      let instancesChanged = false;
      if (input.chosen_instances != null) {
        await assertInstances(tx, tenantId, input.chosen_instances, 'chosen_instances');
        instancesChanged = await setUserInstances(tx, tenantId, user.id, input.chosen_instances);
      }
      if (passwordHash) await endUserSessions(tx, user.id);
      const scopeChanged = 'role_id' in changes || 'user_department_id' in changes || instancesChanged || passwordHash !== null;
      return { scopeChanged, removals: 'user_department_id' in changes || instancesChanged };
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? validation('email', teamTexts.emailTaken) : error;
    });
  await afterTeamChange(context, { kind: 'users', id: input.id, revalidate: outcome.scopeChanged ? [input.id] : [], removals: outcome.removals });
  return loadTeamUser(context, input.id);
}

/**
 * deleteUser (SPEC §7): soft (deleted_at; history keeps the name). Sessions end at once; the
 * removal trigger records the attendant's open tickets, which move on right after the commit.
 */
export async function deleteUser(context: RequestContext, viewer: Viewer, userId: number): Promise<void> {
  const tenantId = context.tenant.id;
  await context.database.withTenant(tenantId, async (tx) => {
    const user = await liveUser(tx, tenantId, userId);
    if (user.role_name === ADMIN_ROLE && viewer.roleName !== ADMIN_ROLE) throw forbidden();
    if (user.id === viewer.userId) throw validation('id', teamTexts.selfDelete);
    if (await isPrincipalUser(tx, tenantId, user.id)) throw validation('id', teamTexts.principalProtected);
    if (user.role_name === ADMIN_ROLE && (await otherAdministrators(tx, tenantId, user.id)) === 0) throw validation('id', teamTexts.lastAdmin);
    await endUserSessions(tx, user.id);
    await tx.updateTable('users').set({ deleted_at: sql<Date>`now()`, updated_at: sql<Date>`now()` }).where('tenant_id', '=', tenantId).where('id', '=', user.id).execute();
  });
  await afterTeamChange(context, { kind: 'users', id: userId, revalidate: [userId], removals: true });
}

/** deleteUserInstance (SPEC §7): one connection taken from a user; their open tickets on it move on. */
export async function deleteUserInstance(context: RequestContext, rowId: number): Promise<void> {
  const tenantId = context.tenant.id;
  const userId = await context.database.withTenant(tenantId, async (tx) => {
    const row = await tx.deleteFrom('user_instances').where('tenant_id', '=', tenantId).where('id', '=', rowId).returning('user_id').executeTakeFirst();
    if (!row) throw validation('id', teamTexts.instanceNotFound);
    return row.user_id;
  });
  await afterTeamChange(context, { kind: 'users', id: userId, revalidate: [userId], removals: true });
}

/** disconnectUser (SPEC §7): every session of the user ends now, on every server process. */
export async function disconnectUser(context: RequestContext, userId: number): Promise<void> {
  const tenantId = context.tenant.id;
  await context.database.withTenant(tenantId, async (tx) => {
    await liveUser(tx, tenantId, userId);
    await endUserSessions(tx, userId);
  });
  await closeUserSockets(context, userId);
  await afterTeamChange(context, { kind: 'users', id: userId });
}

/** The two-factor reset: the user signs in with the password alone until they turn it on again. */
export async function resetTwoFactor(context: RequestContext, userId: number): Promise<void> {
  const tenantId = context.tenant.id;
  await context.database.withTenant(tenantId, async (tx) => {
    await liveUser(tx, tenantId, userId);
    await tx
      .updateTable('users')
      .set({ twofactor_activity: false, google2fa_secret: null, google2fa_pending_secret: null, totp_last_step: null, updated_at: sql<Date>`now()` })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', userId)
      .execute();
  });
  await afterTeamChange(context, { kind: 'users', id: userId });
}

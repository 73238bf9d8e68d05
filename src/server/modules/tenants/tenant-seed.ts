import type { Database } from '../../db/database';
import type { InstanceChannel } from '../../db/schema/instances';
import type { PasswordHasher } from '../auth/passwords';
import { hashToken } from '../auth/secret-tokens';
import { createTenant } from './tenant-store';

/** A whole tenant described as data: the demo seed and tests build tenants from it. */
export interface TenantSeed {
  slug: string;
  name: string;
  roles: ReadonlyArray<{ name: string; display_name: string; routes: readonly string[] }>;
  departments: readonly string[];
  /** Inserted in this order: the first user gets the lowest id (user id 1 on an empty database). */
  users: ReadonlyArray<{ email: string; name: string; role: string; department?: string; password: string }>;
  /** `departments`: those allowed to serve the connection; `default_department`: where its new tickets wait. */
  instances: ReadonlyArray<{
    name: string;
    channel: InstanceChannel;
    phone_number: string;
    activated: boolean;
    departments?: readonly string[];
    default_department?: string;
  }>;
  features: ReadonlyArray<{ name: string; enabled: boolean }>;
  settings: ReadonlyArray<{ key: string; value: string }>;
  integrationTokens?: ReadonlyArray<{ email: string; name: string; token: string }>;
}

export interface SeededTenant {
  tenantId: number;
  userIds: Record<string, number>;
  instanceIds: number[];
}

const byName = <T extends { id: number }>(rows: Array<T & { name: string }>): Map<string, number> =>
  new Map(rows.map((row) => [row.name, row.id]));

/** Creates the tenant as owner, then everything else as the app role inside the tenant (RLS applies). */
export async function seedTenant(database: Database, passwords: PasswordHasher, seed: TenantSeed): Promise<SeededTenant> {
  const tenant = await createTenant(database, seed.slug, seed.name);
  const tenant_id = tenant.id;
  const hashes = await Promise.all(seed.users.map((user) => passwords.hash(user.password)));
  return database.withTenant(tenant_id, async (tx) => {
    const roles = byName(
      await tx
        .insertInto('roles')
        .values(seed.roles.map((role) => ({ tenant_id, name: role.name, display_name: role.display_name, has_permission_routes: [...role.routes] })))
        .returning(['id', 'name'])
        .execute(),
    );
    const departments =
      seed.departments.length === 0
        ? new Map<string, number>()
        : byName(await tx.insertInto('user_departments').values(seed.departments.map((name) => ({ tenant_id, name }))).returning(['id', 'name']).execute());
    const userIds: Record<string, number> = {};
    for (const [index, user] of seed.users.entries()) {
      const role_id = roles.get(user.role);
      if (role_id === undefined) throw new Error(`seed: unknown role ${user.role}`);
      const row = await tx
        .insertInto('users')
        .values({
          tenant_id,
          email: user.email,
          name: user.name,
          username: user.email.split('@')[0] ?? null,
          password_hash: hashes[index] ?? '',
          role_id,
          user_department_id: user.department ? (departments.get(user.department) ?? null) : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      userIds[user.email] = row.id;
    }
    const instanceIds: number[] = [];
    const departmentId = (name: string): number => {
      const id = departments.get(name);
      if (id === undefined) throw new Error(`seed: unknown department ${name}`);
      return id;
    };
    for (const { departments: served = [], default_department: fallback, ...instance } of seed.instances) {
      const default_department_id = fallback === undefined ? null : departmentId(fallback);
      const row = await tx.insertInto('instances').values({ tenant_id, ...instance, default_department_id }).returning('id').executeTakeFirstOrThrow();
      instanceIds.push(row.id);
      const allowed = new Set([...served.map(departmentId), ...(default_department_id === null ? [] : [default_department_id])]);
      if (allowed.size > 0) {
        await tx
          .insertInto('instance_departments')
          .values([...allowed].map((department_id) => ({ tenant_id, instance_id: row.id, department_id })))
          .execute();
      }
      await tx
        .insertInto('user_instances')
        .values(Object.values(userIds).map((user_id) => ({ tenant_id, user_id, instance_id: row.id })))
        .execute();
    }
    if (seed.features.length > 0) await tx.insertInto('features').values(seed.features.map((f) => ({ tenant_id, ...f }))).execute();
    if (seed.settings.length > 0) {
      await tx.insertInto('settings').values(seed.settings.map((s) => ({ tenant_id, instance_id: null, ...s }))).execute();
    }
    for (const token of seed.integrationTokens ?? []) {
      const user_id = userIds[token.email];
      if (user_id === undefined) throw new Error(`seed: unknown user ${token.email}`);
      await tx.insertInto('integration_tokens').values({ tenant_id, user_id, name: token.name, token_hash: hashToken(token.token) }).execute();
    }
    return { tenantId: tenant_id, userIds, instanceIds };
  });
}

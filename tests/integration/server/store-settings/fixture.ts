import type { TenantChange } from '../../../../src/shared/domain/tenant-changes';
import { tenantChangeChannel } from '../../../../src/server/modules/tenant-changes/tenant-changes';
import type { FixtureTenant, Person, SyncFixture } from '../support/sync-fixture';

export type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Gives `person` a role of its own listing exactly `routes` (the role test of every operation). */
export async function giveRoutes(f: SyncFixture, tenant: FixtureTenant, person: Person, routes: string[]): Promise<void> {
  await f.database.withTenant(tenant.tenantId, async (tx) => {
    const role = await tx
      .insertInto('roles')
      .values({ tenant_id: tenant.tenantId, name: `so-${person}-${routes.join('-')}`.slice(0, 60), display_name: 'Teste', has_permission_routes: routes })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx.updateTable('users').set({ role_id: role.id }).where('tenant_id', '=', tenant.tenantId).where('id', '=', tenant.userIds[person]).execute();
  });
}

/** The tenant changes published while `action` runs. */
export async function changesDuring(f: SyncFixture, tenant: FixtureTenant, action: () => Promise<unknown>): Promise<TenantChange[]> {
  const seen: TenantChange[] = [];
  const stop = await f.sync.pubsub.subscribe(tenantChangeChannel(tenant.tenantId), (event) => void seen.push(event as TenantChange));
  try {
    await action();
    return seen;
  } finally {
    await stop();
  }
}

export const errorOf = (result: { errors?: ReadonlyArray<{ message: string; extensions?: Record<string, unknown> }> }) => result.errors?.[0]?.extensions;

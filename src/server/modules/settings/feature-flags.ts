import type { FeatureFlags } from '../../../shared/domain/permissions';
import type { RequestContext } from '../../graphql/context';

/** The tenant's feature flags (SPEC §6), for the route checks of permissions.ts. */
export async function loadFeatureFlags(context: RequestContext): Promise<FeatureFlags> {
  const rows = await context.database.withTenant(context.tenant.id, (tx) => tx.selectFrom('features').select(['name', 'enabled']).execute());
  return Object.fromEntries(rows.map((row) => [row.name, row.enabled]));
}

import { featureDefinition, featureTexts } from '../../../../shared/domain/feature-flags';
import { validation } from '../../../graphql/errors';
import { requireRoute } from '../../../graphql/guards';
import type { MutationResolver } from '../../../graphql/resolver-types';
import { parseInput } from '../../../graphql/validation';
import { syncServicesOf } from '../../../sync/access';
import { publishTenantChange } from '../../tenant-changes/tenant-changes';
import { setFeatureInput } from '../inputs';

/**
 * setFeature: one of the tenant's feature flags on or off, by whoever may open
 * configs/dynamic-settings. Announced as 'features', so every signed-in menu follows at once.
 */
export const setFeature: MutationResolver<'setFeature'> = async (_parent, args, context) => {
  requireRoute(context, 'configs-dynamic-settings');
  const { name, enabled } = parseInput(setFeatureInput, args);
  if (!featureDefinition(name)) throw validation('name', featureTexts.unknownFeature);
  const tenantId = context.tenant.id;
  const row = await context.database.withTenant(tenantId, (tx) =>
    tx
      .insertInto('features')
      .values({ tenant_id: tenantId, name, enabled })
      .onConflict((oc) => oc.columns(['tenant_id', 'name']).doUpdateSet({ enabled }))
      .returning(['id', 'name', 'enabled'])
      .executeTakeFirstOrThrow(),
  );
  await publishTenantChange(syncServicesOf(context).pubsub, tenantId, { kind: 'features', id: String(row.id) });
  return { id: String(row.id), name: row.name, enabled: row.enabled };
};

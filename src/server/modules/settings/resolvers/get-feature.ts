import { requireViewer } from '../../../graphql/guards';
import type { QueryResolver } from '../../../graphql/resolver-types';
import { parseInput } from '../../../graphql/validation';
import { featureInput } from '../inputs';

/** getFeature: the tenant's feature flags (SPEC §6), all or the one named. */
export const getFeature: QueryResolver<'getFeature'> = async (_parent, args, context) => {
  requireViewer(context);
  const { name } = parseInput(featureInput, args);
  const rows = await context.database.withTenant(context.tenant.id, (tx) => {
    let query = tx.selectFrom('features').select(['id', 'name', 'enabled']).orderBy('name');
    if (name) query = query.where('name', '=', name);
    return query.execute();
  });
  return rows.map((row) => ({ id: String(row.id), name: row.name, enabled: row.enabled }));
};

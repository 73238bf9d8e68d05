import { requireViewer } from '../../../graphql/guards';
import type { QueryResolver } from '../../../graphql/resolver-types';
import { parseInput } from '../../../graphql/validation';
import { canManageInstances } from '../instance-access';
import { instancePayload } from '../instance-payload';
import { instancesInput } from '../inputs';

/** The connections the viewer may use (all of them for those who manage connections), by name. */
export const instances: QueryResolver<'instances'> = async (_parent, args, context) => {
  const viewer = requireViewer(context);
  const { filters, remove_ids: removeIds } = parseInput(instancesInput, args);
  const tenantId = context.tenant.id;
  const rows = await context.database.withTenant(tenantId, (tx) => {
    let query = tx.selectFrom('instances').selectAll().where('tenant_id', '=', tenantId);
    if (!canManageInstances(viewer)) {
      if (viewer.instanceIds.length === 0) return Promise.resolve([]);
      query = query.where('id', 'in', viewer.instanceIds);
    }
    if (removeIds?.length) query = query.where('id', 'not in', removeIds);
    if (filters?.name) query = query.where('name', 'ilike', `%${filters.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    if (filters?.channel) query = query.where('channel', '=', filters.channel);
    if (filters?.activated !== undefined && filters.activated !== null) query = query.where('activated', '=', filters.activated);
    return query.orderBy('name').orderBy('id').execute();
  });
  return rows.map((row) => instancePayload(row, context));
};

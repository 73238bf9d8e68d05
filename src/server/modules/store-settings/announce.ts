import type { TenantChangeKind } from '../../../shared/domain/tenant-changes';
import type { RequestContext } from '../../graphql/context';
import { syncServicesOf } from '../../sync/access';
import { publishTenantChange } from '../tenant-changes/tenant-changes';

/** Tells every signed-in user of the tenant what changed (after the commit), so screens read it again. */
export const announce = (context: RequestContext, kind: TenantChangeKind, id: string | number | null = null): Promise<void> =>
  publishTenantChange(syncServicesOf(context).pubsub, context.tenant.id, { kind, id });

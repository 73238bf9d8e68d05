import type { TenantChange } from '../../../shared/graphql/generated';
import { requireViewer } from '../../graphql/guards';
import type { ModuleResolvers } from '../../graphql/resolver-types';
import { syncServicesOf } from '../../sync/access';
import { subscribeTenantChanges } from './tenant-changes';

export const tenantChangesResolvers: ModuleResolvers = {
  Subscription: {
    tenantChanges: {
      subscribe: async (_, __, context) => {
        const viewer = requireViewer(context);
        return subscribeTenantChanges(syncServicesOf(context).pubsub, viewer.tenantId);
      },
      resolve: (payload: unknown) => payload as TenantChange,
    },
  },
};

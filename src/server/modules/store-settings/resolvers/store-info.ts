import { isAdminRole } from '../../../../shared/domain/permissions';
import { storeInfoSchema } from '../../../../shared/domain/store-info';
import { forbidden, validation } from '../../../graphql/errors';
import { requireViewer } from '../../../graphql/guards';
import type { MutationResolver, QueryResolver } from '../../../graphql/resolver-types';
import { parseInput } from '../../../graphql/validation';
import { isFileName } from '../../../channels/media/media-store';
import { syncServicesOf } from '../../../sync/access';
import { transactWithChanges } from '../../../sync/changes';
import { announce } from '../announce';
import { readStoreInfo, storeInfoPayload, writeStoreInfo } from '../store-info';
import { storeSettingsTexts as texts } from '../texts';

/** Every signed-in user reads the store info (configs/client-form is an 'all' route; help/support shows it). */
export const storeInfo: QueryResolver<'storeInfo'> = async (_parent, _args, context) => {
  requireViewer(context);
  return storeInfoPayload(await context.database.withTenant(context.tenant.id, (tx) => readStoreInfo(tx, context.tenant.id)));
};

/**
 * Changing it is the administrador's, or a role's that lists configs-client-form itself: the route
 * is open to all for reading, but an attendant must not rename the store.
 */
export const saveStoreInfo: MutationResolver<'saveStoreInfo'> = async (_parent, args, context) => {
  const viewer = requireViewer(context);
  if (!isAdminRole({ name: viewer.roleName }) && !viewer.routes.includes('configs-client-form')) throw forbidden();
  const info = parseInput(storeInfoSchema, args.input);
  if (info.logo !== '' && !isFileName(info.logo)) throw validation('logo', texts.fileNotFound);
  const tenantId = context.tenant.id;
  await transactWithChanges(context.database, syncServicesOf(context).pubsub, tenantId, (tx, changes) => writeStoreInfo(tx, changes, tenantId, info));
  await announce(context, 'store_info');
  return storeInfoPayload(info);
};

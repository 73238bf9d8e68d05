import { canOpenRoute } from '../../../../shared/domain/permissions';
import { requireViewer } from '../../../graphql/guards';
import type { MutationResolver } from '../../../graphql/resolver-types';
import { parseInput } from '../../../graphql/validation';
import { loadFeatureFlags } from '../../settings/feature-flags';
import { verifyPermissionInput } from '../inputs';

/** verifyPermission(route name): the server-side twin of the router's check (SPEC §6), feature flags included. */
export const verifyPermission: MutationResolver<'verifyPermission'> = async (_parent, args, context) => {
  const { route } = parseInput(verifyPermissionInput, args);
  const viewer = requireViewer(context);
  return canOpenRoute(route, { name: viewer.roleName, has_permission_routes: viewer.routes }, await loadFeatureFlags(context));
};

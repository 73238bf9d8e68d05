import { canOpenRoute } from '../../../../shared/domain/permissions';
import { requireViewer } from '../../../graphql/guards';
import type { MutationResolver } from '../../../graphql/resolver-types';
import { parseInput } from '../../../graphql/validation';
import { verifyPermissionInput } from '../inputs';

/** verifyPermission(route name): the server-side twin of the router's check (SPEC §6). */
export const verifyPermission: MutationResolver<'verifyPermission'> = (_parent, args, context) => {
  const { route } = parseInput(verifyPermissionInput, args);
  const viewer = requireViewer(context);
  return canOpenRoute(route, { name: viewer.roleName, has_permission_routes: viewer.routes });
};

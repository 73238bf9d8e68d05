import { canOpenRoute } from '../../../shared/domain/permissions';
import type { Viewer } from '../../graphql/context';
import { forbidden } from '../../graphql/errors';
import { requireViewer } from '../../graphql/guards';
import type { RequestContext } from '../../graphql/context';

const roleOf = (viewer: Viewer) => ({ name: viewer.roleName, has_permission_routes: viewer.routes });

/** The viewer, when their role opens one of `routes` (SPEC §2 check rule); otherwise FORBIDDEN. */
export function requireAnyRoute(context: RequestContext, ...routes: string[]): Viewer {
  const viewer = requireViewer(context);
  if (!routes.some((route) => canOpenRoute(route, roleOf(viewer)))) throw forbidden();
  return viewer;
}

export const CONTACTS_ROUTE = 'customers-list';
export const BLOCKLIST_ROUTE = 'numbers-blacklist-list';

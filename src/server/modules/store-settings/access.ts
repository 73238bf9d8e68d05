import { canOpenRoute } from '../../../shared/domain/permissions';
import type { RequestContext, Viewer } from '../../graphql/context';
import { forbidden } from '../../graphql/errors';
import { requireViewer } from '../../graphql/guards';

export const canOpen = (viewer: Viewer, route: string): boolean => canOpenRoute(route, { name: viewer.roleName, has_permission_routes: viewer.routes });

/** The signed-in viewer whose role opens the screen `route` (SPEC §2 access rule). */
export function requireRoute(context: RequestContext, route: string): Viewer {
  const viewer = requireViewer(context);
  if (!canOpen(viewer, route)) throw forbidden();
  return viewer;
}

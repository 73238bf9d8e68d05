import { canOpenRoute } from '../../shared/domain/permissions';
import { ADMIN_ROLE } from '../../shared/domain/routes';
import type { RequestContext, Viewer } from './context';
import { forbidden, tokenExpired, unauthorized } from './errors';

/** The signed-in user, or the 401 of SPEC §8 that tells the client to refresh or to sign in again. */
export function requireViewer(context: RequestContext): Viewer {
  if (context.viewer) return context.viewer;
  throw context.credential === 'expired' ? tokenExpired() : unauthorized();
}

export function requireAdmin(context: RequestContext): Viewer {
  const viewer = requireViewer(context);
  if (viewer.roleName !== ADMIN_ROLE) throw forbidden();
  return viewer;
}

/**
 * The signed-in user whose role may open one of `routes` (SPEC §2 check rule, permissions.ts):
 * the server-side twin of the router's guard for the operations behind those screens.
 */
export function requireRoute(context: RequestContext, ...routes: readonly string[]): Viewer {
  const viewer = requireViewer(context);
  const role = { name: viewer.roleName, has_permission_routes: viewer.routes };
  if (!routes.some((route) => canOpenRoute(route, role))) throw forbidden();
  return viewer;
}

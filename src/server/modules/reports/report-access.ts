import { canOpenRoute } from '../../../shared/domain/permissions';
import type { RequestContext, Viewer } from '../../graphql/context';
import { forbidden } from '../../graphql/errors';
import { requireViewer } from '../../graphql/guards';
import { ADMIN_ROLE } from '../../../shared/domain/routes';

/** The dashboard routes whose screens read the rollup sums. */
export const FIGURE_ROUTES = ['dashboard-analytics', 'dashboard-analytics2', 'dashboard-report', 'dashboard-report-nps', 'dashboard-report-new'];

/** The viewer, if their role opens one of the routes (SPEC §2 check rule); otherwise FORBIDDEN. */
export function requireReportRoute(context: RequestContext, routes: readonly string[]): Viewer {
  const viewer = requireViewer(context);
  const role = { name: viewer.roleName, has_permission_routes: viewer.routes };
  if (!routes.some((route) => canOpenRoute(route, role))) throw forbidden();
  return viewer;
}

/**
 * The connections a report may cover: the administrador's choice (all when none), otherwise the
 * chosen ones among the viewer's own connections, so a manager of one store sees only its figures.
 */
export function allowedInstances(viewer: Viewer, chosen: readonly number[] | null | undefined): number[] | null {
  if (viewer.roleName === ADMIN_ROLE) return chosen && chosen.length > 0 ? [...chosen] : null;
  const own = viewer.instanceIds;
  const picked = chosen && chosen.length > 0 ? chosen.filter((id) => own.includes(id)) : [...own];
  return picked.length > 0 ? picked : [-1];
}

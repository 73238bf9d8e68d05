import { canOpenRoute } from '../../../shared/domain/permissions';
import type { Viewer } from '../../graphql/context';

/** Whether the viewer's role opens the screen `route` (SPEC §2 access rule), for per-key checks. */
export const canOpen = (viewer: Viewer, route: string): boolean => canOpenRoute(route, { name: viewer.roleName, has_permission_routes: viewer.routes });

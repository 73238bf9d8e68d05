import { canOpenRoute } from '../../../shared/domain/permissions';
import type { Viewer } from '../../graphql/context';
import { forbidden } from '../../graphql/errors';

const role = (viewer: Viewer) => ({ name: viewer.roleName, has_permission_routes: viewer.routes });

/** Editing connections (instances/edit/{id}, check rule): administrador or a role listing the route. */
export const canManageInstances = (viewer: Viewer): boolean => canOpenRoute('instances-edit', role(viewer));

/** A connection the viewer works on (user_instances), or any for those who manage connections. */
export const canUseInstance = (viewer: Viewer, instanceId: number): boolean =>
  viewer.instanceIds.includes(instanceId) || canManageInstances(viewer);

export function assertManageInstances(viewer: Viewer): void {
  if (!canManageInstances(viewer)) throw forbidden();
}

export function assertUseInstance(viewer: Viewer, instanceId: number): void {
  if (!canUseInstance(viewer, instanceId)) throw forbidden();
}

/** Meta templates screens (meta/template-messages, check rule). */
export function assertRoute(viewer: Viewer, route: string): void {
  if (!canOpenRoute(route, role(viewer))) throw forbidden();
}

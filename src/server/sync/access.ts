import { z } from 'zod';
import type { RequestContext, Viewer } from '../graphql/context';
import { requireViewer } from '../graphql/guards';
import { parseInput } from '../graphql/validation';
import { assertUseInstance, canUseInstance } from '../modules/instances/instance-access';
import type { SyncServices } from './services';
import type { SyncViewer } from './visibility';

/** A GraphQL ID of a row: digits only, a positive bigint below 2^53. */
export const rowId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export interface SyncAccess {
  tenantId: number;
  viewer: SyncViewer;
  instanceId: number;
}

/** The signed-in viewer on a connection they may use (SPEC §4: data only of the chosen connection). */
export function requireInstanceAccess(context: RequestContext, instanceId: unknown, field = 'instance_id'): SyncAccess {
  const viewer = requireViewer(context);
  const id = parseInput(z.object({ [field]: rowId }), { [field]: instanceId })[field] as number;
  assertUseInstance(viewer, id);
  return { tenantId: context.tenant.id, viewer: syncViewerOf(context), instanceId: id };
}

export function syncViewerOf(context: RequestContext): SyncViewer {
  const viewer = requireViewer(context);
  return { userId: viewer.userId, roleName: viewer.roleName, departmentId: viewer.departmentId };
}

export function syncServicesOf(context: RequestContext): SyncServices {
  const sync = context.services.sync;
  if (!sync) throw new Error('sync services are not attached (http/websocket.ts)');
  return sync;
}

/**
 * What a viewer's pulls on a connection depend on besides the user (sync.graphql syncScope): the
 * role and department the visibility rules read, and whether the connection is theirs at all.
 */
export const syncScopeOf = (viewer: Viewer, instanceId: number): string =>
  JSON.stringify([viewer.roleName, viewer.departmentId, canUseInstance(viewer, instanceId)]);

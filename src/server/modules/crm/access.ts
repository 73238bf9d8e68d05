import { canSeeTicket } from '../../../shared/domain/tickets';
import type { Tx } from '../../db/database';
import type { RequestContext } from '../../graphql/context';
import { requireViewer } from '../../graphql/guards';
import { validation } from '../../graphql/errors';
import { assertRoute, canUseInstance } from '../instances/instance-access';
import { syncServicesOf, syncViewerOf } from '../../sync/access';
import { transactWithChanges, type ChangeSet } from '../../sync/changes';
import type { TenantChangeKind } from '../../../shared/domain/tenant-changes';
import { publishTenantChange } from '../tenant-changes/tenant-changes';
import { crmServerTexts as texts } from './texts';

/** Runs `fn` in the tenant's transaction after checking the viewer's role lists `route` (SPEC §2 check). */
export function withRoute<T>(context: RequestContext, route: string, fn: (tx: Tx, tenantId: number) => Promise<T>): Promise<T> {
  assertRoute(requireViewer(context), route);
  return context.database.withTenant(context.tenant.id, (tx) => fn(tx, context.tenant.id));
}

/** `withRoute` for writes that change replicated rows: their change is announced to the streams once committed. */
export function withRouteChanges<T>(context: RequestContext, route: string, fn: (tx: Tx, tenantId: number, changes: ChangeSet) => Promise<T>): Promise<T> {
  assertRoute(requireViewer(context), route);
  const tenantId = context.tenant.id;
  return transactWithChanges(context.database, syncServicesOf(context).pubsub, tenantId, (tx, changes) => fn(tx, tenantId, changes));
}

/** The ticket, when the viewer works on its connection and may see it (SPEC §4 visibility). */
export async function assertSeesTicket(tx: Tx, context: RequestContext, ticketId: number): Promise<void> {
  const viewer = requireViewer(context);
  const ticket = await tx.selectFrom('chat_tickets').selectAll().where('tenant_id', '=', context.tenant.id).where('id', '=', ticketId).executeTakeFirst();
  if (!ticket || !canUseInstance(viewer, ticket.instance_id) || !canSeeTicket(ticket, syncViewerOf(context))) {
    throw validation('chat_ticket_id', texts.ticketNotFound);
  }
}

/** Announces an admin change after it committed (DESIGN §5a); never fails the change itself. */
export async function announce(context: RequestContext, kind: TenantChangeKind, id: number | null): Promise<void> {
  const pubsub = context.services.sync?.pubsub;
  if (!pubsub) return;
  await publishTenantChange(pubsub, context.tenant.id, { kind, id }).catch((error: unknown) => context.services.logger.error({ err: error }, 'tenant change'));
}

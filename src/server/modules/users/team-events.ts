import type { TenantChangeKind } from '../../../shared/domain/tenant-changes';
import type { RequestContext } from '../../graphql/context';
import { handleOneRemoval } from '../transfers/auto-transfer';
import { publishTenantChange } from '../tenant-changes/tenant-changes';
import { revalidateSessions } from '../auth/session-events';

export interface TeamChange {
  kind: Extract<TenantChangeKind, 'users' | 'roles' | 'departments' | 'instances'>;
  id: number | null;
  /** Users whose open sockets must be checked again now (null: every user of the tenant). */
  revalidate?: readonly number[] | null;
  /** True when attendants may have lost tickets (deleted, out of a department or a connection). */
  removals?: boolean;
}

/**
 * What follows a committed team change: tickets of removed attendants move on now rather than at
 * the auto-transfer job's next look (the job stays the safety net), affected sockets are checked
 * again at once, and every signed-in user of the tenant hears of the change (tenantChanges).
 */
export async function afterTeamChange(context: RequestContext, change: TeamChange): Promise<void> {
  const sync = context.services.sync;
  const tenantId = context.tenant.id;
  if (change.removals && sync) {
    const deps = { database: context.database, pubsub: sync.pubsub };
    let handled = 0;
    while (handled < 1000 && (await handleOneRemoval(deps, tenantId))) handled++;
  }
  if (change.revalidate === null) await revalidateSessions(context, null);
  else for (const userId of change.revalidate ?? []) await revalidateSessions(context, userId);
  if (sync) await publishTenantChange(sync.pubsub, tenantId, { kind: change.kind, id: change.id });
}

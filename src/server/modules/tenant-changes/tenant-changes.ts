import { isTenantChangeKind, type TenantChange, type TenantChangeKind } from '../../../shared/domain/tenant-changes';
import type { PubSub } from '../../pubsub';
import { AsyncQueue } from '../../sync/async-queue';

export const tenantChangeChannel = (tenantId: number): string => `tenant-changes:${tenantId}`;

/**
 * Announces an admin change to every signed-in user of the tenant, on every server process.
 * Publish after the change committed, so a client that reads again sees it.
 */
export function publishTenantChange(pubsub: PubSub, tenantId: number, change: { kind: TenantChangeKind; id?: string | number | null }): Promise<void> {
  const event: TenantChange = { kind: change.kind, id: change.id === undefined || change.id === null ? null : String(change.id) };
  return pubsub.publish(tenantChangeChannel(tenantId), event);
}

const isTenantChange = (value: unknown): value is TenantChange =>
  typeof value === 'object' && value !== null && isTenantChangeKind((value as TenantChange).kind);

/** The tenant's changes from now on; ends when the client unsubscribes. */
export async function subscribeTenantChanges(pubsub: PubSub, tenantId: number): Promise<AsyncIterableIterator<TenantChange>> {
  let stop: (() => Promise<void>) | null = null;
  const queue = new AsyncQueue<TenantChange>(() => void stop?.());
  stop = await pubsub.subscribe(tenantChangeChannel(tenantId), (event) => {
    if (isTenantChange(event)) queue.push(event);
  });
  if (queue.isClosed) await stop();
  return queue;
}

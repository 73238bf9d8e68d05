import type { PubSub } from '../../pubsub';
import { AsyncQueue } from '../../sync/async-queue';
import { publishTenantChange } from '../tenant-changes/tenant-changes';

/** SPEC §7 socket events of campaigns. */
export type CampaignEventName = 'campaign created' | 'campaign updated' | 'campaign warning';

export interface CampaignEventPayload {
  event: CampaignEventName;
  id: string;
  warning: string | null;
}

const channelOf = (tenantId: number): string => `campaigns:${tenantId}`;

/**
 * Announces a campaign's change on the tenant's campaign channel (live progress) and on the
 * tenant-change feed (lists refetch); after the change committed. Never fails the caller.
 */
export async function publishCampaignEvent(pubsub: PubSub | undefined, tenantId: number, event: CampaignEventName, id: number, warning: string | null = null): Promise<void> {
  if (!pubsub) return;
  const payload: CampaignEventPayload = { event, id: String(id), warning };
  await Promise.all([pubsub.publish(channelOf(tenantId), payload), publishTenantChange(pubsub, tenantId, { kind: 'campaigns', id })]).catch(() => undefined);
}

const isPayload = (value: unknown): value is CampaignEventPayload =>
  typeof value === 'object' && value !== null && typeof (value as CampaignEventPayload).event === 'string' && typeof (value as CampaignEventPayload).id === 'string';

export async function subscribeCampaignEvents(pubsub: PubSub, tenantId: number): Promise<AsyncIterableIterator<CampaignEventPayload>> {
  let stop: (() => Promise<void>) | null = null;
  const queue = new AsyncQueue<CampaignEventPayload>(() => void stop?.());
  stop = await pubsub.subscribe(channelOf(tenantId), (event) => {
    if (isPayload(event)) queue.push(event);
  });
  if (queue.isClosed) await stop();
  return queue;
}

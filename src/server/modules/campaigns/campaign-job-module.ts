import type { Tx } from '../../db/database';
import type { ContextDeps } from '../../graphql/request-context';
import { defineJob } from '../../jobs/job-queue';
import type { JobModule } from '../../jobs/job-modules';
import { flowEngineDeps } from '../flows/flow-job-module';
import { publishCampaignEvent } from './campaign-events';
import { CAMPAIGN_ANNOUNCE_JOB, recordCampaignReplies, type CampaignAnnounceData } from './campaign-replies';
import { CAMPAIGN_RUN_JOB, runCampaign, type CampaignRunData, type CampaignRunnerDeps } from './campaign-runner';

/** The runner's services, read when a job runs (the queue is built before it is set on the services). */
export function campaignRunnerDeps(deps: Pick<ContextDeps, 'database' | 'services' | 'config'>): CampaignRunnerDeps {
  const { sync, jobs } = deps.services;
  if (!sync || !jobs) throw new Error('campaigns need the sync services and the job queue');
  return { database: deps.database, jobs, config: deps.config, pubsub: sync.pubsub, onQueued: sync.messaging.onQueued, flows: flowEngineDeps(deps) };
}

export const campaignJobModule: JobModule = (deps) => [
  defineJob<CampaignRunData>({
    name: CAMPAIGN_RUN_JOB.name,
    run: (data) => runCampaign(campaignRunnerDeps(deps), data),
    // A run sends for ~5 s; one whose process died is taken again after this.
    expireInSeconds: 20,
    retryLimit: 50,
    retryDelaySeconds: 1,
    concurrency: 4,
  }),
  defineJob<CampaignAnnounceData>({
    name: CAMPAIGN_ANNOUNCE_JOB.name,
    run: ({ tenantId, id }) => publishCampaignEvent(deps.services.sync?.pubsub, tenantId, 'campaign updated', id),
    retryLimit: 1,
  }),
];

/** Records replies to campaigns inside the transaction that stored customer messages (before what was attached already). */
export function attachCampaignReplies(deps: ContextDeps): void {
  const { sync } = deps.services;
  if (!sync) return;
  const next = sync.messaging.inboundStored;
  sync.messaging.inboundStored = async (tx: Tx, tenantId, instanceId, stored) => {
    await recordCampaignReplies(tx, deps.services.jobs, tenantId, instanceId, stored);
    await next?.(tx, tenantId, instanceId, stored);
  };
}

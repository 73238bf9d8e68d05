import type { ContextDeps } from '../graphql/request-context';
import { scheduledMessageJob } from '../modules/schedules/schedule-job';
import { flowJobModule } from '../modules/flows/flow-job-module';
import { campaignJobModule } from '../modules/campaigns/campaign-job-module';
import { JobQueue, type JobDefinition } from './job-queue';

/** A module's job kinds, built once per server from its long-lived services. */
export type JobModule = (deps: ContextDeps) => ReadonlyArray<JobDefinition<never>>;

/** Every module with jobs, one line each. */
export const jobModules: readonly JobModule[] = [(deps) => [scheduledMessageJob(deps) as JobDefinition<never>], flowJobModule, campaignJobModule];

/** The server's queue with every module's jobs defined (main.ts starts and stops it). */
export function createJobQueue(deps: ContextDeps, modules: readonly JobModule[] = jobModules): JobQueue {
  const queue = new JobQueue({ database: deps.database, onError: (error) => deps.services.logger.error({ err: error }, 'jobs') });
  for (const module of modules) queue.define(...module(deps));
  return queue;
}

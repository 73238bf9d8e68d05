import { z } from 'zod';
import { RECIPIENT_STATES, CAMPAIGN_STATUSES } from '../../../shared/domain/campaigns/campaign-states';
import type { Campaign, CampaignEvent } from '../../../shared/graphql/generated';
import type { RequestContext } from '../../graphql/context';
import { validation } from '../../graphql/errors';
import { requireRoute } from '../../graphql/guards';
import type { ModuleResolvers } from '../../graphql/resolver-types';
import { parseInput } from '../../graphql/validation';
import { rowId } from '../../sync/access';
import { assertUseInstance } from '../instances/instance-access';
import { resolveAudience } from './audience';
import { subscribeCampaignEvents, type CampaignEventPayload } from './campaign-events';
import { audienceSchema, campaignInputSchema } from './campaign-input';
import { campaignTimeline, failuresByReason, recipientsCsv, recipientsPage, replyCounts } from './campaign-report';
import { createCampaign, transitionCampaign, updateCampaign, type CampaignServiceDeps } from './campaign-service';
import { readCampaigns } from './campaign-store';
import { campaignTexts as texts } from './texts';

/** SPEC §2 whatsapp/campaigns (check rule): every campaign operation is behind the screen's route. */
const ROUTE = 'whatsapp-campaigns';

const idArgs = z.object({ id: rowId });

const recipientFilters = z
  .object({
    state: z.enum(RECIPIENT_STATES).nullish(),
    failure_code: z.string().trim().max(40).nullish(),
    search: z.string().trim().max(100).nullish(),
  })
  .nullish();

function serviceDeps(context: RequestContext): CampaignServiceDeps {
  const { jobs, sync } = context.services;
  if (!jobs || !sync) throw new Error('campaigns need the job queue and the sync services');
  return { database: context.database, jobs, pubsub: sync.pubsub };
}

async function readOne(context: RequestContext, id: number): Promise<Campaign | null> {
  const [campaign] = await context.database.withTenant(context.tenant.id, (tx) => readCampaigns(tx, context.tenant.id, context.config, { id }));
  return campaign ?? null;
}

async function requireCampaign(context: RequestContext, id: number): Promise<Campaign> {
  const campaign = await readOne(context, id);
  if (!campaign) throw validation('id', texts.notFound);
  return campaign;
}

type Transition = Parameters<typeof transitionCampaign>[3];

const transition = (kind: Transition) => async (_: unknown, args: unknown, context: RequestContext) => {
  const viewer = requireRoute(context, ROUTE);
  const { id } = parseInput(idArgs, args);
  await transitionCampaign(serviceDeps(context), viewer, id, kind);
  return requireCampaign(context, id);
};

export const campaignsResolvers: ModuleResolvers = {
  Query: {
    campaigns: async (_, args, context) => {
      requireRoute(context, ROUTE);
      const filter = parseInput(z.object({ status: z.enum(CAMPAIGN_STATUSES).nullish(), search: z.string().trim().max(100).nullish() }), args);
      return context.database.withTenant(context.tenant.id, (tx) => readCampaigns(tx, context.tenant.id, context.config, filter));
    },
    campaign: async (_, args, context) => {
      requireRoute(context, ROUTE);
      return readOne(context, parseInput(idArgs, args).id);
    },
    campaignRecipients: async (_, args, context) => {
      requireRoute(context, ROUTE);
      const input = parseInput(
        z.object({ campaign_id: rowId, filters: recipientFilters, pagination_page: z.number().int().min(1).nullish(), pagination_limit: z.number().int().min(1).max(500).nullish() }),
        args,
      );
      await requireCampaign(context, input.campaign_id);
      return context.database.withTenant(context.tenant.id, (tx) =>
        recipientsPage(tx, context.tenant.id, input.campaign_id, input.filters ?? {}, input.pagination_page ?? 1, input.pagination_limit ?? 50),
      );
    },
    campaignRecipientsCsv: async (_, args, context) => {
      requireRoute(context, ROUTE);
      const input = parseInput(z.object({ campaign_id: rowId, filters: recipientFilters }), args);
      await requireCampaign(context, input.campaign_id);
      return context.database.withTenant(context.tenant.id, (tx) => recipientsCsv(tx, context.tenant.id, input.campaign_id, input.filters ?? {}));
    },
    campaignReport: async (_, args, context) => {
      requireRoute(context, ROUTE);
      const { id } = parseInput(idArgs, args);
      const campaign = await requireCampaign(context, id);
      const tenantId = context.tenant.id;
      return context.database.withTenant(tenantId, async (tx) => {
        const row = await tx.selectFrom('campaigns').select(['started_at', 'finished_at']).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirstOrThrow();
        const { bucketMinutes, timeline } = await campaignTimeline(tx, tenantId, id, row.started_at, row.finished_at ?? new Date());
        const replies = await replyCounts(tx, tenantId, id);
        return {
          campaign,
          bucket_minutes: bucketMinutes,
          timeline,
          failures: await failuresByReason(tx, tenantId, id),
          replies: replies.replies,
          tickets_opened: replies.tickets,
        };
      });
    },
    campaignAudiencePreview: async (_, args, context) => {
      const viewer = requireRoute(context, ROUTE);
      const input = parseInput(z.object({ instance_id: rowId.nullish(), audience: audienceSchema }), args);
      if (input.instance_id != null) assertUseInstance(viewer, input.instance_id);
      const audience = await context.database.withTenant(context.tenant.id, (tx) => resolveAudience(tx, context.tenant.id, input.audience));
      return {
        recipients: audience.recipients.length + audience.newNumbers.length,
        excluded_blacklisted: audience.excludedBlacklisted,
        excluded_opted_out: audience.excludedOptedOut,
        excluded_invalid: audience.excludedInvalid,
      };
    },
  },
  Mutation: {
    createCampaign: async (_, args, context) => {
      const viewer = requireRoute(context, ROUTE);
      const input = parseInput(campaignInputSchema(Date.now()), args.input);
      const id = await createCampaign(serviceDeps(context), viewer, input);
      return requireCampaign(context, id);
    },
    updateCampaign: async (_, args, context) => {
      const viewer = requireRoute(context, ROUTE);
      const { id } = parseInput(idArgs, { id: args.id });
      const input = parseInput(campaignInputSchema(Date.now()), args.input);
      await requireCampaign(context, id);
      await updateCampaign(serviceDeps(context), viewer, id, input);
      return requireCampaign(context, id);
    },
    startCampaign: transition('start'),
    pauseCampaign: transition('pause'),
    resumeCampaign: transition('resume'),
    cancelCampaign: transition('cancel'),
  },
  Subscription: {
    campaignEvents: {
      subscribe: async (_, __, context) => {
        requireRoute(context, ROUTE);
        const pubsub = context.services.sync?.pubsub;
        if (!pubsub) throw new Error('campaign events need the sync services');
        return subscribeCampaignEvents(pubsub, context.tenant.id);
      },
      resolve: async (payload: unknown, _args: unknown, context: RequestContext): Promise<CampaignEvent> => {
        const event = payload as CampaignEventPayload;
        return { event: event.event, warning: event.warning, campaign: await requireCampaign(context, Number(event.id)) };
      },
    },
  },
};

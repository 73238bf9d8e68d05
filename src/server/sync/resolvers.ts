import type { GraphQLResolveInfo } from 'graphql';
import { z } from 'zod';
import { PUSH_BATCH_MAX } from '../../shared/domain/sync-batches';
import { validation } from '../graphql/errors';
import { fieldTexts } from '../texts';
import type { RequestContext } from '../graphql/context';
import type { ModuleResolvers } from '../graphql/resolver-types';
import { requireViewer } from '../graphql/guards';
import { handOverPulled } from '../graphql/prebuilt-pull-documents';
import { parseInput } from '../graphql/validation';
import { requireInstanceAccess, rowId, syncScopeOf, syncServicesOf } from './access';
import type { CollectionName } from './changes';
import { cursorFromCheckpoint, type Checkpoint } from './checkpoint';
import { FEEDS } from './collections';
import { MAX_PULL_LIMIT, pullFeed, type PullBulk } from './pull';
import { pushChatTickets } from './push/chattickets';
import { pushCustomerChats } from './push/customerchats';
import { pushCustomers } from './push/customers';

/** A push carries at most what the client's replication sends at once (PUSH_BATCH_MAX). */
function pushBatch<T>(rows: readonly T[]): readonly T[] {
  if (rows.length > PUSH_BATCH_MAX) throw validation('rows', fieldTexts.pushBatchTooBig(PUSH_BATCH_MAX));
  return rows;
}

const limitSchema = z.object({ limit: z.number().int().min(1).max(MAX_PULL_LIMIT) });

interface PullArgs {
  checkpoint?: Checkpoint | null;
  limit: number;
  instance_id: string;
}

/** Step 2 (DESIGN §4): pull<X>. */
function pull(collection: CollectionName) {
  return async (root: unknown, args: PullArgs, context: RequestContext, info: GraphQLResolveInfo): Promise<PullBulk<never>> => {
    const access = requireInstanceAccess(context, args.instance_id);
    const { limit } = parseInput(limitSchema, { limit: args.limit });
    const from = cursorFromCheckpoint(args.checkpoint);
    const scope = { tenantId: access.tenantId, instanceId: access.instanceId };
    const bulk = await pullFeed(context.database, FEEDS[collection], scope, access.viewer, from, args.checkpoint ?? null, limit);
    handOverPulled(root, info.path.key as string, bulk);
    return bulk as PullBulk<never>;
  };
}

const PULLS: Record<string, CollectionName> = {
  pullCustomerChat: 'customerchats',
  pullChatTicket: 'chattickets',
  pullCustomer: 'customers',
  pullSetting: 'settings',
  pullCustomerChatReaction: 'customerchatreactions',
};

/** The pulls whose documents the database writes as JSON (graphql/prebuilt-pull-documents.ts), with those JSON keys. */
export const prebuiltPullFields: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries(PULLS).flatMap(([field, collection]) => {
    const fields = FEEDS[collection].jsonFields;
    return fields ? [[field, fields] as const] : [];
  }),
);

/** Step 4 (DESIGN §4): stream<X>, RESYNC first. */
function stream(collection: CollectionName) {
  return {
    subscribe: async (_: unknown, args: { instance_id: string }, context: RequestContext) => {
      const access = requireInstanceAccess(context, args.instance_id);
      const scope = { tenantId: access.tenantId, instanceId: access.instanceId };
      return syncServicesOf(context).hub.subscribe(FEEDS[collection], scope, access.viewer);
    },
    resolve: (payload: unknown) => payload,
  };
}

/** The replication endpoints of the five collections (sync.graphql). */
export const syncResolvers: ModuleResolvers = {
  Query: {
    syncScope: (_: unknown, args: { instance_id: string }, context: RequestContext) => {
      const viewer = requireViewer(context);
      return syncScopeOf(viewer, parseInput(z.object({ instance_id: rowId }), args).instance_id);
    },
    ...Object.fromEntries(Object.entries(PULLS).map(([field, collection]) => [field, pull(collection)])),
  } as ModuleResolvers['Query'],
  Mutation: {
    pushCustomerChat: (_, args, context) => pushCustomerChats(context, pushBatch(args.rows)),
    pushChatTicket: (_, args, context) => pushChatTickets(context, pushBatch(args.rows)),
    pushCustomer: (_, args, context) => pushCustomers(context, pushBatch(args.rows)),
  },
  Subscription: {
    streamCustomerChat: stream('customerchats'),
    streamChatTicket: stream('chattickets'),
    streamCustomer: stream('customers'),
    streamSetting: stream('settings'),
    streamCustomerChatReaction: stream('customerchatreactions'),
  } as ModuleResolvers['Subscription'],
};

/** The stream subscriptions, whose events subscribers of the same view share (graphql/shared-stream-events.ts). */
export const syncStreamFields: ReadonlySet<string> = new Set(Object.keys(syncResolvers.Subscription ?? {}));

import { z } from 'zod';
import type { RequestContext } from '../../graphql/context';
import type { ModuleResolvers } from '../../graphql/resolver-types';
import { parseInput } from '../../graphql/validation';
import type { Tx } from '../../db/database';
import { rowId, syncServicesOf } from '../../sync/access';
import { requireRoute } from '../../graphql/guards';
import { publishTenantChange } from '../tenant-changes/tenant-changes';
import { articleInputSchema, createArticle, deleteArticle, listArticles, listTags, loadArticle, updateArticle } from './knowledge-articles';

/** Reading: the knowledge screens, and attendants searching from the composer. */
const READ_ROUTES = ['orders-knowledge-list', 'knowledge-add', 'knowledge-edit', 'chat-attendance'];
const LIST_ROUTE = 'orders-knowledge-list';
const idArgs = z.object({ id: rowId });
const listArgs = z.object({
  search: z.string().max(200).nullish(),
  tag: z.string().trim().max(40).nullish(),
  offset: z.number().int().min(0).max(1_000_000).nullish(),
  limit: z.number().int().min(1).max(100).nullish(),
});

const inTenant = <T>(context: RequestContext, fn: (tx: Tx) => Promise<T>) => context.database.withTenant(context.tenant.id, fn);
const announce = (context: RequestContext, id: string | null) =>
  publishTenantChange(syncServicesOf(context).pubsub, context.tenant.id, { kind: 'knowledge', id }).catch(() => undefined);

export const knowledgeResolvers: ModuleResolvers = {
  Query: {
    knowledgeArticles: async (_, args, context) => {
      requireRoute(context, ...READ_ROUTES);
      const input = parseInput(listArgs, args);
      return inTenant(context, (tx) => listArticles(tx, context.tenant.id, input.search, input.tag, input.offset ?? 0, input.limit ?? 50));
    },
    knowledgeArticle: async (_, args, context) => {
      requireRoute(context, ...READ_ROUTES);
      const { id } = parseInput(idArgs, args);
      return inTenant(context, (tx) => loadArticle(tx, context.tenant.id, id));
    },
    knowledgeTags: async (_, _args, context) => {
      requireRoute(context, ...READ_ROUTES);
      return inTenant(context, (tx) => listTags(tx, context.tenant.id));
    },
  },
  Mutation: {
    createKnowledgeArticle: async (_, args, context) => {
      const viewer = requireRoute(context, 'knowledge-add');
      const input = parseInput(articleInputSchema, args.input);
      const article = await inTenant(context, (tx) => createArticle(tx, context.tenant.id, viewer.userId, input));
      await announce(context, article.id);
      return article;
    },
    updateKnowledgeArticle: async (_, args, context) => {
      const viewer = requireRoute(context, 'knowledge-edit');
      const { id } = parseInput(idArgs, { id: args.id });
      const input = parseInput(articleInputSchema, args.input);
      const article = await inTenant(context, (tx) => updateArticle(tx, context.tenant.id, viewer.userId, id, input));
      await announce(context, article.id);
      return article;
    },
    deleteKnowledgeArticle: async (_, args, context) => {
      requireRoute(context, 'knowledge-edit', LIST_ROUTE);
      const { id } = parseInput(idArgs, args);
      await inTenant(context, (tx) => deleteArticle(tx, context.tenant.id, id));
      await announce(context, String(id));
      return true;
    },
  },
};

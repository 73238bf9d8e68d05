import { sql } from 'kysely';
import { z } from 'zod';
import type { StarredPage } from '../../../../shared/graphql/generated';
import type { Tx } from '../../../db/database';
import { requireViewer } from '../../../graphql/guards';
import type { MutationResolver, QueryResolver } from '../../../graphql/resolver-types';
import { parseInput } from '../../../graphql/validation';
import { storeSettingsTexts as texts } from '../texts';

/** A page of the app: a path of this tenant, nothing else (no other origin, no scheme). */
const setInput = z.object({
  url: z
    .string()
    .trim()
    .min(1, texts.urlRequired)
    .max(500, texts.tooLong)
    .regex(/^\/[\w\-/.~%]*$/, texts.urlRequired),
  title: z.string().trim().min(1, texts.urlRequired).max(200, texts.tooLong),
  is_bookmarked: z.boolean(),
});

const list = async (tx: Tx, tenantId: number, userId: number): Promise<StarredPage[]> => {
  const rows = await tx
    .selectFrom('starred_pages')
    .select(['id', 'url', 'title', 'is_bookmarked'])
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('is_bookmarked', '=', true)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, id: String(row.id) }));
};

/** Only the signed-in user's own pages: they follow the user to any device. */
export const starredPages: QueryResolver<'starredPages'> = async (_parent, _args, context) => {
  const viewer = requireViewer(context);
  return context.database.withTenant(context.tenant.id, (tx) => list(tx, context.tenant.id, viewer.userId));
};

export const setStarredPage: MutationResolver<'setStarredPage'> = async (_parent, args, context) => {
  const viewer = requireViewer(context);
  const { url, title, is_bookmarked } = parseInput(setInput, args);
  const tenantId = context.tenant.id;
  return context.database.withTenant(tenantId, async (tx) => {
    if (is_bookmarked) {
      await tx
        .insertInto('starred_pages')
        .values({ tenant_id: tenantId, user_id: viewer.userId, url, title })
        .onConflict((oc) => oc.columns(['tenant_id', 'user_id', 'url']).doUpdateSet({ title, updated_at: sql`now()` }))
        .execute();
    } else {
      await tx.deleteFrom('starred_pages').where('tenant_id', '=', tenantId).where('user_id', '=', viewer.userId).where('url', '=', url).execute();
    }
    return list(tx, tenantId, viewer.userId);
  });
};

import { z } from 'zod';
import { isWebUrl } from '../../../../shared/domain/video-embed';
import type { TrainingVideo } from '../../../../shared/graphql/generated';
import { appError } from '../../../graphql/errors';
import { requireAdmin, requireRoute } from '../../../graphql/guards';
import type { MutationResolver, QueryResolver } from '../../../graphql/resolver-types';
import { parseInput } from '../../../graphql/validation';
import { rowId } from '../../../sync/access';
import { announce } from '../announce';
import { storeSettingsTexts as texts } from '../texts';

const fields = z.object({
  title: z.string().trim().min(1, texts.titleRequired).max(200, texts.tooLong),
  url: z.string().trim().max(500, texts.tooLong).refine(isWebUrl, texts.urlInvalid),
  description: z
    .string()
    .trim()
    .max(2000, texts.tooLong)
    .nullish()
    .transform((v) => v || null),
});
const updateInput = fields.extend({ id: rowId });

interface Row {
  id: number;
  title: string;
  url: string;
  description: string | null;
}

const payload = (row: Row): TrainingVideo => ({ id: String(row.id), title: row.title, url: row.url, description: row.description });
const notFound = () => appError('NOT_FOUND', texts.videoNotFound, { status: 404 });
const COLUMNS = ['id', 'title', 'url', 'description'] as const;

export const trainingVideos: QueryResolver<'trainingVideos'> = async (_parent, _args, context) => {
  requireRoute(context, 'help-training-videos');
  const rows = await context.database.withTenant(context.tenant.id, (tx) =>
    tx.selectFrom('training_videos').select(COLUMNS).where('tenant_id', '=', context.tenant.id).orderBy('created_at').orderBy('id').execute(),
  );
  return rows.map(payload);
};

/** The administrator manages the list (issue 14 §5); attendants with the route watch. */
export const createTrainingVideo: MutationResolver<'createTrainingVideo'> = async (_parent, args, context) => {
  requireAdmin(context);
  const input = parseInput(fields, args);
  const row = await context.database.withTenant(context.tenant.id, (tx) =>
    tx
      .insertInto('training_videos')
      .values({ tenant_id: context.tenant.id, ...input })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow(),
  );
  await announce(context, 'help', row.id);
  return payload(row);
};

export const updateTrainingVideo: MutationResolver<'updateTrainingVideo'> = async (_parent, args, context) => {
  requireAdmin(context);
  const { id, ...input } = parseInput(updateInput, args);
  const row = await context.database.withTenant(context.tenant.id, (tx) =>
    tx
      .updateTable('training_videos')
      .set({ ...input, updated_at: new Date() })
      .where('tenant_id', '=', context.tenant.id)
      .where('id', '=', id)
      .returning(COLUMNS)
      .executeTakeFirst(),
  );
  if (!row) throw notFound();
  await announce(context, 'help', row.id);
  return payload(row);
};

export const deleteTrainingVideo: MutationResolver<'deleteTrainingVideo'> = async (_parent, args, context) => {
  requireAdmin(context);
  const id = parseInput(rowId, args.id);
  const result = await context.database.withTenant(context.tenant.id, (tx) =>
    tx.deleteFrom('training_videos').where('tenant_id', '=', context.tenant.id).where('id', '=', id).executeTakeFirst(),
  );
  if (result.numDeletedRows === 0n) throw notFound();
  await announce(context, 'help', id);
  return true;
};

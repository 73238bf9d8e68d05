import { z } from 'zod';
import type { TermsDocument } from '../../../../shared/graphql/generated';
import { validation } from '../../../graphql/errors';
import type { MutationResolver, QueryResolver } from '../../../graphql/resolver-types';
import { parseInput } from '../../../graphql/validation';
import { isFileName } from '../../../channels/media/media-store';
import { channelsOf } from '../../instances/instance-service';
import { requireRoute } from '../../../graphql/guards';
import { announce } from '../announce';
import { storeSettingsTexts as texts } from '../texts';

const ROUTE = 'configs-contract-proposal-pdf';

const addInput = z.object({
  file: z.string().trim().min(1, texts.fileRequired).refine(isFileName, texts.fileNotFound),
  name: z.string().trim().min(1, texts.nameRequired).max(200, texts.tooLong),
});

interface Row {
  id: number;
  file: string;
  name: string;
  size: number | string;
  created_at: Date;
  created_by_name: string | null;
}

const payload = (row: Row): TermsDocument => ({
  id: String(row.id),
  file: row.file,
  name: row.name,
  size: Number(row.size),
  created_at: row.created_at.toISOString(),
  created_by_name: row.created_by_name,
});

export const termsDocuments: QueryResolver<'termsDocuments'> = async (_parent, _args, context) => {
  requireRoute(context, ROUTE);
  const rows = await context.database.withTenant(context.tenant.id, (tx) =>
    tx
      .selectFrom('terms_documents as d')
      .leftJoin('users as u', (join) => join.onRef('u.tenant_id', '=', 'd.tenant_id').onRef('u.id', '=', 'd.created_by'))
      .select(['d.id', 'd.file', 'd.name', 'd.size', 'd.created_at', 'u.name as created_by_name'])
      .where('d.tenant_id', '=', context.tenant.id)
      .orderBy('d.created_at', 'desc')
      .orderBy('d.id', 'desc')
      .execute(),
  );
  return rows.map(payload);
};

/** A new version: the uploaded file must be a PDF of this tenant's media store. */
export const addTermsDocument: MutationResolver<'addTermsDocument'> = async (_parent, args, context) => {
  const viewer = requireRoute(context, ROUTE);
  const input = parseInput(addInput, args);
  const tenantId = context.tenant.id;
  const stored = await channelsOf(context).media.get(tenantId, input.file);
  if (!stored) throw validation('file', texts.fileNotFound);
  if (stored.file.mimeType !== 'application/pdf') throw validation('file', texts.fileNotPdf);
  const row = await context.database.withTenant(tenantId, (tx) =>
    tx
      .insertInto('terms_documents')
      .values({ tenant_id: tenantId, file: input.file, name: input.name, size: stored.file.size, created_by: viewer.userId })
      .returning(['id', 'file', 'name', 'size', 'created_at'])
      .executeTakeFirstOrThrow(),
  );
  await announce(context, 'settings', row.id);
  return payload({ ...row, created_by_name: viewer.name });
};

import { sql } from 'kysely';
import { z } from 'zod';
import { formatTimestamp } from '../../../shared/domain/datetime';
import { likeContains } from '../../../shared/domain/contact-search';
import type { KnowledgeArticle, KnowledgePage } from '../../../shared/graphql/generated';
import type { Tx } from '../../db/database';
import { validation } from '../../graphql/errors';

export const knowledgeTexts = {
  notFound: 'Artigo não encontrado.',
  titleRequired: 'Informe o título.',
  bodyRequired: 'Informe o texto.',
  attachmentInvalid: 'Anexe o arquivo pelo botão de anexo.',
} as const;

const FILE_URL = /^\/api\/file\/[A-Za-z0-9._-]+$/;

export const articleInputSchema = z.object({
  title: z.string().trim().min(1, knowledgeTexts.titleRequired).max(160),
  body: z.string().trim().min(1, knowledgeTexts.bodyRequired).max(20_000),
  tags: z.array(z.string().trim().min(1).max(40)).max(20).nullish(),
  attachment_url: z.string().trim().regex(FILE_URL, knowledgeTexts.attachmentInvalid).nullish(),
  attachment_name: z.string().trim().max(200).nullish(),
  attachment_mimetype: z.string().trim().max(120).nullish(),
});
export type ArticleInput = z.infer<typeof articleInputSchema>;

function articleSelect(tx: Tx, tenantId: number) {
  return tx
    .selectFrom('knowledge_articles as k')
    .leftJoin('users as u', (join) => join.onRef('u.tenant_id', '=', 'k.tenant_id').onRef('u.id', '=', 'k.updated_by'))
    .select(['k.id', 'k.title', 'k.body', 'k.tags', 'k.attachment_url', 'k.attachment_name', 'k.attachment_mimetype', 'k.updated_by', 'k.created_at', 'k.updated_at', 'u.name as updated_by_name'])
    .where('k.tenant_id', '=', tenantId)
    .where('k.deleted_at', 'is', null);
}
type ArticleRow = Awaited<ReturnType<ReturnType<typeof articleSelect>['executeTakeFirstOrThrow']>>;

const toArticle = (row: ArticleRow): KnowledgeArticle => ({
  id: String(row.id),
  title: row.title,
  body: row.body,
  tags: row.tags,
  attachment_url: row.attachment_url,
  attachment_name: row.attachment_name,
  attachment_mimetype: row.attachment_mimetype,
  updated_by: row.updated_by === null || row.updated_by_name === null ? null : { id: String(row.updated_by), name: row.updated_by_name },
  created_at: formatTimestamp(row.created_at),
  updated_at: formatTimestamp(row.updated_at),
});

/** Tags are kept lower-case and once each, so a filter by tag finds every article that has it. */
const tagsOf = (input: ArticleInput) => [...new Set((input.tags ?? []).map((tag) => tag.toLowerCase()))];

const fieldsOf = (input: ArticleInput) => ({
  title: input.title,
  body: input.body,
  tags: tagsOf(input),
  attachment_url: input.attachment_url ?? null,
  attachment_name: input.attachment_url ? (input.attachment_name ?? null) : null,
  attachment_mimetype: input.attachment_url ? (input.attachment_mimetype ?? null) : null,
});

/** Title, body or a tag contains each word typed (accents and case as typed, case-insensitive). */
export async function listArticles(tx: Tx, tenantId: number, search: string | null | undefined, tag: string | null | undefined, offset: number, limit: number): Promise<KnowledgePage> {
  const words = (search ?? '').trim().toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  const base = () => {
    let query = articleSelect(tx, tenantId);
    for (const word of words) {
      const pattern = likeContains(word);
      query = query.where((eb) =>
        eb.or([
          eb(sql<string>`lower(k.title)`, 'like', pattern),
          eb(sql<string>`lower(k.body)`, 'like', pattern),
          eb(sql<string>`array_to_string(k.tags, ' ')`, 'like', pattern),
        ]),
      );
    }
    if (tag) query = query.where(sql<boolean>`k.tags @> array[${tag.toLowerCase()}]::text[]`);
    return query;
  };
  const rows = await base().orderBy(sql`lower(k.title)`).orderBy('k.id').offset(offset).limit(limit).execute();
  const count = await base()
    .clearSelect()
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow();
  return { total: Number(count.total), items: rows.map(toArticle) };
}

export async function loadArticle(tx: Tx, tenantId: number, id: number): Promise<KnowledgeArticle | null> {
  const row = await articleSelect(tx, tenantId).where('k.id', '=', id).executeTakeFirst();
  return row ? toArticle(row) : null;
}

export async function listTags(tx: Tx, tenantId: number): Promise<string[]> {
  const { rows } = await sql<{ tag: string }>`select distinct unnest(tags) as tag from knowledge_articles where tenant_id = ${tenantId} and deleted_at is null order by 1`.execute(tx);
  return rows.map((row) => row.tag);
}

export async function createArticle(tx: Tx, tenantId: number, userId: number, input: ArticleInput): Promise<KnowledgeArticle> {
  const row = await tx
    .insertInto('knowledge_articles')
    .values({ tenant_id: tenantId, ...fieldsOf(input), created_by: userId, updated_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await loadArticle(tx, tenantId, row.id)) as KnowledgeArticle;
}

export async function updateArticle(tx: Tx, tenantId: number, userId: number, id: number, input: ArticleInput): Promise<KnowledgeArticle> {
  const result = await tx
    .updateTable('knowledge_articles')
    .set({ ...fieldsOf(input), updated_by: userId, updated_at: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw validation('id', knowledgeTexts.notFound);
  return (await loadArticle(tx, tenantId, id)) as KnowledgeArticle;
}

export async function deleteArticle(tx: Tx, tenantId: number, id: number): Promise<void> {
  const result = await tx
    .updateTable('knowledge_articles')
    .set({ deleted_at: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw validation('id', knowledgeTexts.notFound);
}

import { getAccessToken } from '../../../api/graphql-client';
import { GraphqlRequestError } from '../../../api/request-error';
import type { KnowledgeArticle, KnowledgeArticleInput, KnowledgePage } from '../../../../shared/graphql/generated';
import { gqlOperation } from '../../../ui/admin';

export const ARTICLE_FIELDS = 'id title body tags attachment_url attachment_name attachment_mimetype updated_by { id name } created_at updated_at';

export const ARTICLES = gqlOperation<{ knowledgeArticles: KnowledgePage }, { search: string; tag: string | null; offset: number; limit: number }>(
  `query Knowledge($search: String, $tag: String, $offset: Int, $limit: Int) { knowledgeArticles(search: $search, tag: $tag, offset: $offset, limit: $limit) { total items { ${ARTICLE_FIELDS} } } }`,
);
export const ARTICLE = gqlOperation<{ knowledgeArticle: KnowledgeArticle | null }, { id: string }>(
  `query KnowledgeArticle($id: ID!) { knowledgeArticle(id: $id) { ${ARTICLE_FIELDS} } }`,
);
export const TAGS = gqlOperation<{ knowledgeTags: string[] }>(`query KnowledgeTags { knowledgeTags }`);
export const CREATE = gqlOperation<{ createKnowledgeArticle: KnowledgeArticle }, { input: KnowledgeArticleInput }>(
  `mutation CreateKnowledge($input: KnowledgeArticleInput!) { createKnowledgeArticle(input: $input) { id } }`,
);
export const UPDATE = gqlOperation<{ updateKnowledgeArticle: KnowledgeArticle }, { id: string; input: KnowledgeArticleInput }>(
  `mutation UpdateKnowledge($id: ID!, $input: KnowledgeArticleInput!) { updateKnowledgeArticle(id: $id, input: $input) { id } }`,
);
export const DELETE = gqlOperation<{ deleteKnowledgeArticle: boolean }, { id: string }>(`mutation DeleteKnowledge($id: ID!) { deleteKnowledgeArticle(id: $id) }`);

/** Stores the attachment on the server (POST /api/file/upload) and answers its /api/file/<name>. */
export async function uploadAttachment(file: File): Promise<string> {
  const token = await getAccessToken();
  let response: Response;
  try {
    response = await fetch('/api/file/upload', {
      method: 'POST',
      headers: { 'content-type': file.type || 'application/octet-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: file,
    });
  } catch (error) {
    throw new GraphqlRequestError('network', error instanceof Error ? error.message : String(error));
  }
  const body = (await response.json().catch(() => null)) as { url?: string; error?: string } | null;
  if (!response.ok || !body?.url) throw new GraphqlRequestError('other', body?.error ?? `HTTP ${response.status}`, null, response.status);
  return body.url;
}

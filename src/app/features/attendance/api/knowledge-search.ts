import { gqlRequest, getAccessToken } from '../../../api/graphql-client';
import { GraphqlRequestError } from '../../../api/request-error';
import type { KnowledgeArticle } from '../../../../shared/graphql/generated';

export type KnowledgeHit = Pick<KnowledgeArticle, 'id' | 'title' | 'body' | 'tags' | 'attachment_url' | 'attachment_name' | 'attachment_mimetype'>;

/** The knowledge base is read on the server (it is not replicated): the picker says so offline. */
export async function searchKnowledge(tenant: string, search: string, signal?: AbortSignal): Promise<KnowledgeHit[]> {
  const data = await gqlRequest<{ knowledgeArticles: { items: KnowledgeHit[] } }>(
    `query ComposerKnowledge($search: String) { knowledgeArticles(search: $search, limit: 20) { items { id title body tags attachment_url attachment_name attachment_mimetype } } }`,
    { search },
    { tenant, signal, notify: false },
  );
  return data.knowledgeArticles.items;
}

/** An article's stored attachment as a file the composer can send. */
export async function fetchAttachment(url: string): Promise<Blob> {
  const token = await getAccessToken();
  let response: Response;
  try {
    response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch (error) {
    throw new GraphqlRequestError('network', error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) throw new GraphqlRequestError('other', `HTTP ${response.status}`, null, response.status);
  return response.blob();
}

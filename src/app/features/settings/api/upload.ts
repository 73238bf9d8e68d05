import { getAccessToken } from '../../../api/graphql-client';
import { GraphqlRequestError } from '../../../api/request-error';

/** Stores a file in the tenant's media store (POST /api/file/upload) and answers its name. */
export async function uploadFile(file: Blob): Promise<{ file: string; url: string }> {
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
  const body = (await response.json().catch(() => null)) as { file?: string; url?: string; error?: string } | null;
  if (!response.ok || !body?.file || !body.url) throw new GraphqlRequestError('other', body?.error ?? `HTTP ${response.status}`, null, response.status);
  return { file: body.file, url: body.url };
}

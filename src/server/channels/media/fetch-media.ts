import type { ChannelInstance, InboundMediaSource } from '../channel';
import type { GraphClient } from '../cloud-api/graph-client';
import { GraphApiError } from '../cloud-api/graph-error';

/** WhatsApp's own ceiling for documents; anything bigger is not a WhatsApp file. */
export const MAX_MEDIA_BYTES = 100 * 1024 * 1024;

/** A download that will not succeed on a retry (expired media id, 4xx), so the message is kept without it. */
export class MediaGoneError extends Error {}

export interface FetchedMedia {
  bytes: Uint8Array;
  mimeType: string | null;
}

/** Bytes of an inbound media file, from wherever its channel said it is. */
export async function fetchMedia(source: InboundMediaSource, instance: ChannelInstance, graph: GraphClient): Promise<FetchedMedia> {
  if (source.kind === 'bytes') return { bytes: source.bytes, mimeType: null };
  if (source.kind === 'cloud-api') {
    if (!instance.officialToken) throw new MediaGoneError('connection has no token');
    try {
      return await graph.downloadMedia(source.mediaId, instance.officialToken);
    } catch (error) {
      if (error instanceof GraphApiError && !error.isTransient && !error.isRateLimit) throw new MediaGoneError(error.message);
      throw error;
    }
  }
  const response = await fetch(source.url, { signal: AbortSignal.timeout(15_000) });
  if (response.status >= 400 && response.status < 500) throw new MediaGoneError(`HTTP ${response.status}`);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > MAX_MEDIA_BYTES) throw new MediaGoneError('file too large');
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.byteLength > MAX_MEDIA_BYTES) throw new MediaGoneError('file too large');
  return { bytes, mimeType: response.headers.get('content-type') };
}

import type { AddressPolicy } from '../../net/address-policy';
import { OutboundBlockedError, OutboundTimeoutError, OutboundTooLargeError, guardedFetch } from '../../net/guarded-fetch';
import type { ChannelInstance, InboundMediaSource } from '../channel';
import type { GraphClient } from '../cloud-api/graph-client';
import { GraphApiError } from '../cloud-api/graph-error';

/** WhatsApp's own ceiling for documents; anything bigger is not a WhatsApp file. */
export const MAX_MEDIA_BYTES = 100 * 1024 * 1024;
/** A linked file is an image (sandbox): WhatsApp's own image ceiling is 5 MB. */
export const MAX_LINKED_MEDIA_BYTES = 5 * 1024 * 1024;
const LINKED_MEDIA_TIMEOUT_MS = 15_000;

/** A download that will not succeed on a retry (expired media id, 4xx), so the message is kept without it. */
export class MediaGoneError extends Error {}

export interface FetchedMedia {
  bytes: Uint8Array;
  mimeType: string | null;
}

/** Bytes of an inbound media file, from wherever its channel said it is. */
export async function fetchMedia(
  source: InboundMediaSource,
  instance: ChannelInstance,
  graph: GraphClient,
  policy: AddressPolicy,
): Promise<FetchedMedia> {
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
  let response;
  try {
    response = await guardedFetch(source.url, { policy, maxBytes: MAX_LINKED_MEDIA_BYTES, timeoutMs: LINKED_MEDIA_TIMEOUT_MS });
  } catch (error) {
    // A forbidden, oversized or silent address will not get better on a retry.
    if (error instanceof OutboundBlockedError || error instanceof OutboundTooLargeError || error instanceof OutboundTimeoutError) {
      throw new MediaGoneError(error.message);
    }
    throw error;
  }
  if (response.status >= 400 && response.status < 500) throw new MediaGoneError(`HTTP ${response.status}`);
  if (response.status < 200 || response.status >= 300) throw new Error(`HTTP ${response.status}`);
  const type = response.headers['content-type'];
  return { bytes: response.bytes, mimeType: typeof type === 'string' ? type : null };
}

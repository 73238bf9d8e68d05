import { z } from 'zod';
import { fileNameOf, fileUrl } from '../../channels/media/media-store';
import { baseMimeType } from '../../channels/media/mime-types';
import type { RequestContext } from '../../graphql/context';
import { validation } from '../../graphql/errors';
import { channelsOf } from './instance-service';
import { instanceTexts } from './texts';

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)(?:;[\w-]+=[\w.-]+)*;base64,([A-Za-z0-9+/=]+)$/;

export const mediaSendInput = z.object({
  instance_id: z.coerce.number().int().positive(),
  to_number: z.string().trim().min(8, instanceTexts.phoneInvalid).max(30, instanceTexts.phoneInvalid),
  file_url: z.string().trim().min(1, instanceTexts.fileRequired),
  caption: z.string().max(1024).nullish(),
  file_name: z.string().trim().max(240).nullish(),
  hash: z.string().trim().min(1).max(100).nullish(),
});

export type MediaKind = 'image' | 'audio' | 'sticker' | 'document';

/** What each kind accepts (WhatsApp's supported media types). */
const ACCEPTS: Record<MediaKind, (mime: string) => boolean> = {
  image: (mime) => mime === 'image/jpeg' || mime === 'image/png',
  audio: (mime) => mime.startsWith('audio/'),
  sticker: (mime) => mime === 'image/webp',
  document: () => true,
};

/**
 * The stored file a media send refers to: one of the tenant's files (`/api/file/<name>`, as the
 * upload answered) or a data: URL stored now. Anything else is refused: the server never fetches
 * arbitrary URLs for a send.
 */
export async function resolveSendFile(context: RequestContext, kind: MediaKind, url: string, field: string): Promise<{ url: string; mimeType: string }> {
  const { media } = channelsOf(context);
  const name = fileNameOf(url);
  let mimeType: string;
  if (name) {
    const stored = await media.get(context.tenant.id, name);
    if (!stored) throw validation(field, instanceTexts.fileNotFound);
    mimeType = stored.file.mimeType;
  } else {
    const data = DATA_URL.exec(url);
    if (!data) throw validation(field, instanceTexts.fileUrlInvalid);
    mimeType = baseMimeType(data[1]!);
    if (!ACCEPTS[kind](mimeType)) throw validation(field, instanceTexts.fileTypeInvalid[kind]);
    const stored = await media.put(context.tenant.id, Buffer.from(data[2]!, 'base64'), mimeType);
    return { url: fileUrl(stored.name), mimeType };
  }
  if (!ACCEPTS[kind](mimeType)) throw validation(field, instanceTexts.fileTypeInvalid[kind]);
  return { url, mimeType };
}

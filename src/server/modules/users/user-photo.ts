import { fileNameOf, fileUrl } from '../../channels/media/media-store';
import type { RequestContext } from '../../graphql/context';
import { validation } from '../../graphql/errors';
import { teamTexts } from './texts';

const DATA_URL = /^data:(image\/(?:png|jpeg|webp));base64,([A-Za-z0-9+/=]+)$/;
const MAX_BYTES = 2 * 1024 * 1024;

const invalid = () => validation('image', teamTexts.imageInvalid);

/**
 * The `image` of updateUser as stored: null removes the photo; one of the tenant's files
 * (`/api/file/<name>`, the current photo or an upload) is kept as it is; a data: URL of a PNG,
 * JPEG or WebP image up to 2 MB is stored as a new file of the tenant.
 */
export async function storeUserPhoto(context: RequestContext, value: string | null): Promise<string | null> {
  if (!value) return null;
  const media = context.services.channels?.media;
  if (!media) throw invalid();
  const name = fileNameOf(value);
  if (name) {
    const stored = await media.get(context.tenant.id, name);
    if (!stored || !stored.file.mimeType.startsWith('image/')) throw invalid();
    return value;
  }
  const data = DATA_URL.exec(value);
  if (!data) throw invalid();
  const bytes = Buffer.from(data[2] ?? '', 'base64');
  if (bytes.length === 0 || bytes.length > MAX_BYTES) throw invalid();
  const stored = await media.put(context.tenant.id, bytes, data[1] ?? 'image/png');
  return fileUrl(stored.name);
}

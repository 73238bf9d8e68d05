import { z } from 'zod';
import { isFileName } from '../../../channels/media/media-store';
import { requireViewer } from '../../../graphql/guards';
import type { QueryResolver } from '../../../graphql/resolver-types';
import { parseInput } from '../../../graphql/validation';
import { channelsOf } from '../instance-service';
import { instanceTexts } from '../texts';

/** A short-lived link for tags that cannot send the bearer header (`<img>`, `<audio>`, downloads). */
export const fileUrl: QueryResolver<'fileUrl'> = (_parent, args, context) => {
  requireViewer(context);
  const name = parseInput(z.object({ file: z.string().transform((f) => f.replace(/^\/api\/file\//, '')).refine(isFileName, instanceTexts.fileNotFound) }), args).file;
  return channelsOf(context).fileUrls.sign(context.tenant.id, name);
};

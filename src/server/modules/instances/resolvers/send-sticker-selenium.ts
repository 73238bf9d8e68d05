import type { MutationResolver } from '../../../graphql/resolver-types';
import { sendMedia } from '../send-media';

export const sendStickerSelenium: MutationResolver<'sendStickerSelenium'> = (_parent, args, context) =>
  sendMedia(context, 'sticker', {
    instance_id: args.instance_id,
    to_number: args.to_number,
    file_url: args.image_url,
    caption: null,
    file_name: null,
    hash: args.hash,
  });

import type { MutationResolver } from '../../../graphql/resolver-types';
import { sendMedia } from '../send-media';

export const sendImageSelenium: MutationResolver<'sendImageSelenium'> = (_parent, args, context) =>
  sendMedia(context, 'image', {
    instance_id: args.instance_id,
    to_number: args.to_number,
    file_url: args.image_url,
    caption: args.image_caption,
    file_name: null,
    hash: args.hash,
  });

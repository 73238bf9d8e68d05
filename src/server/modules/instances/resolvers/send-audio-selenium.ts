import type { MutationResolver } from '../../../graphql/resolver-types';
import { sendMedia } from '../send-media';

export const sendAudioSelenium: MutationResolver<'sendAudioSelenium'> = (_parent, args, context) =>
  sendMedia(context, 'audio', {
    instance_id: args.instance_id,
    to_number: args.to_number,
    file_url: args.file_url,
    caption: args.file_caption,
    file_name: null,
    hash: args.hash,
  });

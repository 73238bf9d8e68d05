import type { MutationResolver } from '../../../graphql/resolver-types';
import { sendMedia } from '../send-media';

export const sendDocumentSelenium: MutationResolver<'sendDocumentSelenium'> = (_parent, args, context) =>
  sendMedia(context, 'document', {
    instance_id: args.instance_id,
    to_number: args.to_number,
    file_url: args.file_url,
    caption: args.file_caption,
    file_name: args.file_name,
    hash: args.hash,
  });

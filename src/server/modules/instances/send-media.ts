import type { z } from 'zod';
import type { CustomerChat } from '../../../shared/graphql/generated';
import type { RequestContext } from '../../graphql/context';
import { parseInput } from '../../graphql/validation';
import { toMessageDocument } from '../messages/message-document';
import { sendOutgoing } from '../messages/outgoing';
import { requireInstanceAccess, syncServicesOf } from '../../sync/access';
import { mediaSendInput, resolveSendFile, type MediaKind } from './media-input';
import { assertServiceWindowOpen } from './send-guards';

/**
 * sendImageSelenium / sendAudioSelenium / sendStickerSelenium / sendDocumentSelenium: the file is
 * stored by the server, the message and its queue entry are written together (idempotent on hash),
 * and the connection's channel delivers it; the answer is the stored message (ack 0).
 */
export async function sendMedia(context: RequestContext, kind: MediaKind, args: z.input<typeof mediaSendInput>): Promise<CustomerChat> {
  const access = requireInstanceAccess(context, args.instance_id);
  const input = parseInput(mediaSendInput, args);
  await assertServiceWindowOpen(context, access.instanceId, input.to_number);
  const field = kind === 'image' || kind === 'sticker' ? 'image_url' : 'file_url';
  const file = await resolveSendFile(context, kind, input.file_url, field);
  const { message } = await sendOutgoing(syncServicesOf(context).messaging, {
    tenantId: access.tenantId,
    viewer: access.viewer,
    instanceId: access.instanceId,
    to: { phone: input.to_number },
    content: {
      type: kind,
      message: null,
      caption: kind === 'audio' || kind === 'sticker' ? null : (input.caption ?? null),
      mediaUrl: file.url,
      documentName: input.file_name ?? null,
      documentMimetype: file.mimeType,
    },
    hash: input.hash,
  });
  return { ...toMessageDocument(message), parentCustomerChat: null, customerChatReactions: [] };
}

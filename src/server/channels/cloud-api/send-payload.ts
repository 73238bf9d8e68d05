import type { OutboundMessage } from '../channel';

/**
 * The body of `POST /{phone-number-id}/messages` for one outbound message (fixtures send-*.json).
 * Media goes by the id `POST /{phone-number-id}/media` answered.
 */
export function sendPayload(message: OutboundMessage, mediaId: string | null): object {
  const base = {
    to: `+${message.to}`,
    ...(message.replyTo ? { context: { message_id: message.replyTo } } : {}),
  };
  switch (message.kind) {
    case 'text':
      return { ...base, type: 'text', text: { preview_url: /https?:\/\//.test(message.text), body: message.text } };
    case 'reaction':
      // An empty emoji removes our reaction; reactions cannot quote.
      return { to: base.to, type: 'reaction', reaction: { message_id: message.targetId, emoji: message.emoji } };
    case 'template':
      return {
        ...base,
        type: 'template',
        template: { name: message.template.name, language: { code: message.template.language }, components: message.template.components },
      };
    case 'image':
      return { ...base, type: 'image', image: { id: mediaId, ...(message.caption ? { caption: message.caption } : {}) } };
    case 'document':
      return {
        ...base,
        type: 'document',
        document: {
          id: mediaId,
          filename: message.file.fileName ?? message.file.name,
          ...(message.caption ? { caption: message.caption } : {}),
        },
      };
    case 'audio':
      return { ...base, type: 'audio', audio: { id: mediaId } };
    case 'video':
      return { ...base, type: 'video', video: { id: mediaId, ...(message.caption ? { caption: message.caption } : {}) } };
    case 'sticker':
      return { ...base, type: 'sticker', sticker: { id: mediaId } };
  }
}

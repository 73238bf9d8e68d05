import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { digitsOnly } from '../../../shared/domain/phone';
import { emptyBatch, type InboundBatch, type InboundMediaSource } from '../channel';
import { MAX_MEDIA_BYTES } from '../media/fetch-media';

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)(?:;[\w-]+=[\w.-]+)*;base64,([A-Za-z0-9+/=\s]+)$/;

/** `POST /api/sandbox/{tenant}/{instanceId}/inbound`: what a simulated customer sends. */
export const sandboxInboundSchema = z
  .object({
    from: z
      .string()
      .transform(digitsOnly)
      .refine((phone) => phone.length >= 10 && phone.length <= 15, 'Informe o telefone do cliente com DDD (10 a 15 dígitos).'),
    name: z.string().trim().max(100).optional(),
    text: z.string().max(4096).optional(),
    /** A data: URL (base64) or an http(s) URL the server downloads. */
    image: z
      .string()
      .refine((v) => DATA_URL.test(v) || /^https?:\/\//.test(v), 'A imagem deve ser um data: URL (base64) ou um endereço http(s).')
      .optional(),
    caption: z.string().max(1024).optional(),
    /** Provider id of the quoted message (one of ours from the outbox, or the customer's own). */
    reply_to: z.string().min(1).max(200).optional(),
    /** An empty emoji removes the customer's reaction. */
    reaction: z.object({ message_id: z.string().min(1).max(200), emoji: z.string().max(16) }).optional(),
  })
  .refine((body) => body.text || body.image || body.reaction, 'Informe text, image ou reaction.');
export type SandboxInbound = z.infer<typeof sandboxInboundSchema>;

const ID_BYTES = 12;
/** Random bytes drawn 256 ids at a time: one call to the system's generator per message showed in the inbound profile. */
let idPool = Buffer.alloc(0);
let idOffset = 0;

/** Sandbox provider message ids look like WhatsApp's and are unique across tenants. */
export function newSandboxMessageId(): string {
  if (idOffset + ID_BYTES > idPool.length) {
    idPool = randomBytes(ID_BYTES * 256);
    idOffset = 0;
  }
  const id = idPool.toString('base64url', idOffset, (idOffset += ID_BYTES));
  return `wamid.SBX_${id}`;
}

function imageSource(image: string): { source: InboundMediaSource; mimeType: string } {
  const data = DATA_URL.exec(image);
  if (!data) return { source: { kind: 'url', url: image }, mimeType: '' };
  const bytes = Buffer.from(data[2]!.replace(/\s/g, ''), 'base64');
  if (bytes.byteLength > MAX_MEDIA_BYTES) throw new RangeError('image too large');
  return { source: { kind: 'bytes', bytes }, mimeType: data[1]! };
}

/** The request as the provider-neutral batch every channel hands to the inbound pipeline. */
export function sandboxBatch(body: SandboxInbound, providerMessageId: string, sentAt: Date): InboundBatch {
  const batch = emptyBatch();
  const common = { providerMessageId, from: body.from, name: body.name ?? null, sentAt };
  if (body.reaction) {
    batch.reactions.push({ ...common, targetProviderId: body.reaction.message_id, emoji: body.reaction.emoji || null });
    return batch;
  }
  const image = body.image ? imageSource(body.image) : null;
  batch.messages.push({
    ...common,
    kind: image ? 'image' : 'text',
    text: image ? null : (body.text ?? ''),
    caption: image ? (body.caption ?? body.text ?? null) : null,
    media: image && { mimeType: image.mimeType, fileName: null, source: image.source },
    replyToProviderId: body.reply_to ?? null,
  });
  return batch;
}

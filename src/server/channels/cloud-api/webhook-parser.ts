import { channelTexts } from '../../../shared/i18n/pt-BR';
import {
  emptyBatch,
  type InboundBatch,
  type InboundKind,
  type InboundMedia,
  type ProviderError,
  type StatusUpdate,
  type TemplateStatusUpdate,
} from '../channel';
import {
  changeSchema,
  contactSchema,
  envelopeSchema,
  messageSchema,
  statusSchema,
  templateStatusSchema,
  type WebhookError,
  type WebhookMessage,
} from './webhook-schema';

/** One webhook POST, split by the number it was addressed to (`metadata.phone_number_id`). */
export interface ParsedWebhook {
  byPhoneNumberId: Map<string, InboundBatch>;
  /** Template reviews, by WhatsApp Business account (`entry[].id`). */
  templates: Array<TemplateStatusUpdate & { wabaId: string }>;
  /** Items of a shape we do not know, left out (logged by the caller). */
  skipped: number;
}

const fromUnixSeconds = (value: string | number): Date => new Date(Number(value) * 1000);

export const toProviderError = (error: WebhookError): ProviderError => ({
  code: error.code,
  title: error.title ?? error.message ?? '',
  details: error.error_data?.details ?? null,
});

function mediaOf(message: WebhookMessage): { kind: InboundKind; media: InboundMedia; caption: string | null } | null {
  const pick = (kind: InboundKind, m: NonNullable<WebhookMessage['image']>) => ({
    kind,
    media: { mimeType: m.mime_type, fileName: m.filename ?? null, source: { kind: 'cloud-api' as const, mediaId: m.id } },
    caption: m.caption ?? null,
  });
  if (message.type === 'image' && message.image) return pick('image', message.image);
  if (message.type === 'audio' && message.audio) return pick('audio', message.audio);
  if (message.type === 'video' && message.video) return pick('video', message.video);
  if (message.type === 'sticker' && message.sticker) return pick('sticker', message.sticker);
  if (message.type === 'document' && message.document) return pick('document', message.document);
  return null;
}

function textOf(message: WebhookMessage): { kind: InboundKind; text: string } {
  const { type } = message;
  if (type === 'text' && message.text) return { kind: 'text', text: message.text.body };
  if (type === 'interactive' && message.interactive) {
    const reply = message.interactive.button_reply ?? message.interactive.list_reply;
    if (reply) return { kind: 'text', text: reply.title };
  }
  if (type === 'button' && message.button) return { kind: 'text', text: message.button.text };
  if (type === 'location' && message.location) {
    const { latitude, longitude, name, address } = message.location;
    const lines = [name, address, `https://www.google.com/maps?q=${latitude},${longitude}`];
    return { kind: 'location', text: lines.filter(Boolean).join('\n') };
  }
  if (type === 'contacts' && message.contacts) {
    const lines = message.contacts.map((c) =>
      [c.name?.formatted_name, ...(c.phones ?? []).map((p) => p.phone)].filter(Boolean).join(' '),
    );
    return { kind: 'text', text: lines.join('\n') };
  }
  const what = message.unsupported?.type ?? type;
  return { kind: 'unsupported', text: channelTexts.unsupportedMessage(what) };
}

function addMessage(batch: InboundBatch, raw: unknown, names: Map<string, string>): boolean {
  const parsed = messageSchema.safeParse(raw);
  // Username-only (BSUID) senders come without a phone; customers are keyed by phone.
  if (!parsed.success || !parsed.data.from) return false;
  const message = parsed.data;
  const from = message.from!;
  const common = {
    providerMessageId: message.id,
    from,
    name: names.get(from) ?? null,
    sentAt: fromUnixSeconds(message.timestamp),
  };
  if (message.type === 'reaction' && message.reaction) {
    const emoji = message.reaction.emoji;
    batch.reactions.push({ ...common, targetProviderId: message.reaction.message_id, emoji: emoji ? emoji : null });
    return true;
  }
  const media = mediaOf(message);
  const text = media ? null : textOf(message);
  batch.messages.push({
    ...common,
    kind: media?.kind ?? text!.kind,
    text: text?.text ?? null,
    caption: media?.caption ?? null,
    media: media?.media ?? null,
    replyToProviderId: message.context?.id ?? null,
  });
  return true;
}

function toStatus(raw: unknown): StatusUpdate | null {
  const parsed = statusSchema.safeParse(raw);
  if (!parsed.success) return null;
  const { id, status, timestamp, recipient_id, errors } = parsed.data;
  // `deleted` and `warning` carry no delivery progress.
  if (status === 'deleted' || status === 'warning') return null;
  const first = errors?.[0];
  return {
    providerMessageId: id,
    status,
    at: fromUnixSeconds(timestamp),
    recipient: recipient_id ?? null,
    error: first ? toProviderError(first) : null,
  };
}

/** Normalizes a verified webhook body (every entry, change, message and status of a batch). */
export function parseWebhook(body: unknown): ParsedWebhook {
  const result: ParsedWebhook = { byPhoneNumberId: new Map(), templates: [], skipped: 0 };
  const envelope = envelopeSchema.safeParse(body);
  if (!envelope.success || envelope.data.object !== 'whatsapp_business_account') {
    result.skipped++;
    return result;
  }
  for (const entry of envelope.data.entry) {
    for (const rawChange of entry.changes) {
      const change = changeSchema.safeParse(rawChange);
      if (!change.success) {
        result.skipped++;
        continue;
      }
      const { field, value } = change.data;
      if (field === 'message_template_status_update') {
        const t = templateStatusSchema.safeParse(value);
        if (!t.success) result.skipped++;
        else
          result.templates.push({
            wabaId: entry.id,
            templateId: String(t.data.message_template_id),
            name: t.data.message_template_name,
            language: t.data.message_template_language.replace('-', '_'),
            status: t.data.event,
            reason: t.data.reason && t.data.reason !== 'NONE' ? t.data.reason : null,
          });
        continue;
      }
      const phoneNumberId = value.metadata?.phone_number_id;
      if (field !== 'messages' || !phoneNumberId) {
        result.skipped++;
        continue;
      }
      let batch = result.byPhoneNumberId.get(phoneNumberId);
      if (!batch) result.byPhoneNumberId.set(phoneNumberId, (batch = emptyBatch()));
      const names = new Map<string, string>();
      for (const raw of value.contacts ?? []) {
        const contact = contactSchema.safeParse(raw);
        const name = contact.success ? contact.data.profile?.name : undefined;
        if (contact.success && contact.data.wa_id && name) names.set(contact.data.wa_id, name);
      }
      for (const raw of value.messages ?? []) if (!addMessage(batch, raw, names)) result.skipped++;
      for (const raw of value.statuses ?? []) {
        const status = toStatus(raw);
        if (status) batch.statuses.push(status);
        else result.skipped++;
      }
    }
  }
  return result;
}

import { dayKey, dayLabel, toEpochMs, type Instant } from '../../../../shared/domain/datetime';
import { ACK } from '../../../../shared/domain/messages';
import type { MessageButton, MessageView, ReactionView, RecordId } from './types';

/** One line of the conversation: a day heading or a message. */
export type ConversationItem =
  | { kind: 'day'; key: string; label: string }
  | { kind: 'message'; key: string; message: MessageView; out: boolean; grouped: boolean };

export const isComment = (m: MessageView): boolean => m.off_customer_chat === true || m.type === 'comment';

/** Sent by the store (attendant, bot, comment); the customer's messages are the others. */
export const isOutgoing = (m: MessageView): boolean =>
  m.from_me === true || isComment(m) || m.is_temp === true || m.is_bot_message === true;

const GROUP_WINDOW_MS = 5 * 60_000;

/**
 * Day headings between messages of different local days ('Hoje', 'Ontem', 'DD/MM/YYYY'), and a
 * `grouped` mark on a message that follows one from the same side within five minutes, so the
 * bubbles stack like WhatsApp's. Messages must come oldest first.
 */
export function buildConversationItems(messages: readonly MessageView[], now: Instant): ConversationItem[] {
  const items: ConversationItem[] = [];
  let lastDay = '';
  let previous: { out: boolean; at: number | null; comment: boolean } | null = null;
  for (const message of messages) {
    const day = dayKey(message.sent_at);
    if (day !== lastDay) {
      items.push({ kind: 'day', key: `day:${day}`, label: dayLabel(message.sent_at, now) });
      lastDay = day;
      previous = null;
    }
    const out = isOutgoing(message);
    const at = toEpochMs(message.sent_at);
    const comment = isComment(message);
    const grouped =
      previous !== null &&
      previous.out === out &&
      previous.comment === comment &&
      at !== null &&
      previous.at !== null &&
      at - previous.at < GROUP_WINDOW_MS;
    items.push({ kind: 'message', key: `msg:${message.hash || message.id}`, message, out, grouped });
    previous = { out, at, comment };
  }
  return items;
}

export type AckState = 'waiting' | 'sent' | 'delivered' | 'read' | 'failed';

/** The tick a message shows (SPEC §4 acks; 4 'played' reads as read). */
export function ackState(message: MessageView): AckState {
  const ack = message.ack ?? ACK.waiting;
  if (ack === ACK.failed) return 'failed';
  if (message.is_temp === true || ack <= ACK.waiting) return 'waiting';
  if (ack === ACK.sent) return 'sent';
  if (ack === ACK.delivered) return 'delivered';
  return 'read';
}

/** Reactions grouped by the message they react to; the latest reaction of each sender wins. */
export function reactionsByMessage(reactions: readonly ReactionView[]): Map<string, ReactionView[]> {
  const latest = new Map<string, ReactionView>();
  for (const reaction of reactions) {
    const sender = reaction.from_me ? 'me' : `c:${reaction.customer_id ?? ''}`;
    const key = `${reaction.customer_chat_id}|${sender}`;
    const current = latest.get(key);
    if (!current || (toEpochMs(reaction.sent_at ?? null) ?? 0) >= (toEpochMs(current.sent_at ?? null) ?? 0)) {
      latest.set(key, reaction);
    }
  }
  const byMessage = new Map<string, ReactionView[]>();
  for (const reaction of latest.values()) {
    if (!reaction.reaction_text) continue;
    const key = String(reaction.customer_chat_id);
    byMessage.set(key, [...(byMessage.get(key) ?? []), reaction]);
  }
  return byMessage;
}

/** Template buttons arrive as JSON text; anything unreadable shows no buttons rather than failing. */
export function parseButtons(raw: MessageView['message_buttons']): MessageButton[] {
  if (!raw) return [];
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(value)) return [];
  return value.flatMap((b: unknown): MessageButton[] => {
    if (typeof b === 'string') return [{ text: b }];
    if (b && typeof b === 'object') {
      const o = b as Record<string, unknown>;
      const text = o.text ?? o.title ?? o.body ?? (o.reply as Record<string, unknown> | undefined)?.title;
      if (typeof text === 'string' && text) return [{ text, type: typeof o.type === 'string' ? o.type : undefined }];
    }
    return [];
  });
}

/** The URL of a message's media: the stored status file, else a message body that is a URL. */
export function mediaUrlOf(m: MessageView): string | null {
  if (m.customerChatStatus?.url) return m.customerChatStatus.url;
  const body = m.message?.trim() ?? '';
  return /^(https?:|blob:|data:|\/)/i.test(body) ? body : null;
}

export const MEDIA_TYPES = new Set(['image', 'audio', 'ptt', 'video', 'sticker', 'document']);

/** The text shown under media (caption), or the message body for text-like types. */
export function textOf(m: MessageView): string {
  if (MEDIA_TYPES.has(m.type)) return m.caption ?? m.customerChatStatus?.caption ?? '';
  return m.message ?? '';
}

/** Index of the message with this id among the items, or -1. */
export function indexOfMessage(items: readonly ConversationItem[], id: RecordId): number {
  return items.findIndex((item) => item.kind === 'message' && String(item.message.id) === String(id));
}

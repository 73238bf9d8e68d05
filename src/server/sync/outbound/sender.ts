/**
 * The port between the outbound queue and the channels (DESIGN §5): the dispatcher hands each
 * queued send to an OutboundSender exactly once per claim. The channels plug theirs in through
 * ServerServices.sync's options (`sender`); the default records what it was given.
 */
export interface OutboundInstance {
  id: number;
  /** instances.channel: 'sandbox' | 'cloud-api'. */
  channel: string;
}

export interface OutboundMessagePayload {
  id: number;
  hash: string;
  /** customer_chats.type: text, image, audio, video, document, sticker, template, ... */
  type: string;
  text: string | null;
  caption: string | null;
  mediaUrl: string | null;
  documentName: string | null;
  documentMimetype: string | null;
  messageHeader: string | null;
  messageFooter: string | null;
  messageButtons: string | null;
  /** The provider id of the message this one replies to, when known. */
  replyToProviderId: string | null;
}

export interface OutboundReactionPayload {
  id: number;
  /** The provider id of the message reacted to. */
  targetProviderId: string | null;
  /** Empty: remove our reaction. */
  emoji: string;
}

export interface OutboundItem {
  tenantId: number;
  /** outbound_messages.id: stable across retries of the same send (an idempotency key for providers that take one). */
  outboundId: number;
  /** 1 on the first hand-over, higher when a failed attempt is retried. */
  attempt: number;
  instance: OutboundInstance;
  /** The customer's phone, digits with country code. */
  to: string;
  kind: 'message' | 'reaction';
  message?: OutboundMessagePayload;
  reaction?: OutboundReactionPayload;
}

export interface OutboundSendResult {
  providerMessageId: string | null;
}

/**
 * Throw an error with `retryable: false` (the channels' ChannelSendError does) for a send that
 * will never succeed; its `reason` (pt-BR) is shown on the failed message. Anything else thrown is
 * retried with back-off.
 */
export interface OutboundSender {
  send(item: OutboundItem): Promise<OutboundSendResult>;
}

/** The default sender until a channel is plugged in: keeps every item, answers a made-up provider id. */
export class RecordingSender implements OutboundSender {
  readonly sent: OutboundItem[] = [];

  async send(item: OutboundItem): Promise<OutboundSendResult> {
    this.sent.push(item);
    return { providerMessageId: `rec-${item.tenantId}-${item.outboundId}` };
  }
}

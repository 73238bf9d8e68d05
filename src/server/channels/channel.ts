/**
 * One interface for every way a message reaches WhatsApp (DESIGN.md §5). A channel only talks to
 * its provider: it turns an outbound message into a provider message id, and turns the provider's
 * callbacks into `InboundBatch`es for the one inbound pipeline (channels/inbound-pipeline.ts).
 */
export type ChannelKind = 'sandbox' | 'cloud-api';

/** The connection a send goes out through, as the channel needs it. */
export interface ChannelInstance {
  tenantId: number;
  id: number;
  channel: ChannelKind;
  /** False while the connection is down (sandbox: dropped). */
  activated: boolean;
  phoneNumber: string | null;
  officialPhoneId: string | null;
  /** As stored: sealed (security/secret-box); only GraphClient opens it, for the request it makes. */
  officialToken: string | null;
  wabaId: string | null;
}

/** Names a connection across tenants. */
export type InstanceKey = Pick<ChannelInstance, 'tenantId' | 'id'>;

/** A file kept by the MediaStore: what the provider receives when we send media. */
export interface OutboundFile {
  name: string;
  mimeType: string;
  bytes: Uint8Array;
  fileName: string | null;
}

interface OutboundBase {
  /** Customer phone, digits only. */
  to: string;
  /** Provider id of the message this one replies to. */
  replyTo?: string | null;
  /**
   * The same for every attempt of one queued send: a channel whose provider dedupes by key (the
   * sandbox) answers a repeated send with the first one's id. The Cloud API takes no such key.
   */
  idempotencyKey?: string;
}

export type OutboundMediaKind = 'image' | 'audio' | 'video' | 'sticker' | 'document';

export type OutboundMessage =
  | (OutboundBase & { kind: 'text'; text: string })
  | (OutboundBase & { kind: OutboundMediaKind; file: OutboundFile; caption?: string | null })
  | (OutboundBase & { kind: 'reaction'; targetId: string; emoji: string })
  | (OutboundBase & { kind: 'template'; template: TemplateSend });

export interface TemplateSend {
  name: string;
  language: string;
  /** Cloud API `template.components` as sent (header/body/button parameters). */
  components: unknown[];
}

export interface SendResult {
  providerMessageId: string;
}

export interface Channel {
  readonly kind: ChannelKind;
  send(instance: ChannelInstance, message: OutboundMessage): Promise<SendResult>;
}

/**
 * Message kinds as stored in `customer_chats.type` (messages.graphql). Button taps and shared
 * contacts arrive as text: every screen can show them.
 */
export type InboundKind = 'text' | 'image' | 'audio' | 'video' | 'sticker' | 'document' | 'location' | 'unsupported';

/** Where the bytes of an inbound media file come from; the pipeline stores them in the MediaStore. */
export type InboundMediaSource =
  | { kind: 'bytes'; bytes: Uint8Array }
  | { kind: 'cloud-api'; mediaId: string }
  | { kind: 'url'; url: string };

export interface InboundMedia {
  mimeType: string;
  fileName: string | null;
  source: InboundMediaSource;
}

export interface InboundMessage {
  providerMessageId: string;
  /** Customer phone, digits only, as the provider gave it (ninth digit not yet normalized). */
  from: string;
  name: string | null;
  sentAt: Date;
  kind: InboundKind;
  /** Text body, button title, location description or an unsupported-content note. */
  text: string | null;
  caption: string | null;
  media: InboundMedia | null;
  replyToProviderId: string | null;
}

export interface InboundReaction {
  providerMessageId: string;
  from: string;
  name: string | null;
  sentAt: Date;
  targetProviderId: string;
  /** Null when the customer removed the reaction. */
  emoji: string | null;
}

export type DeliveryStatus = 'sent' | 'delivered' | 'read' | 'played' | 'failed';

export interface ProviderError {
  code: number;
  title: string;
  details: string | null;
}

export interface StatusUpdate {
  providerMessageId: string;
  status: DeliveryStatus;
  at: Date;
  recipient: string | null;
  error: ProviderError | null;
}

export interface TemplateStatusUpdate {
  templateId: string;
  name: string;
  language: string;
  status: string;
  reason: string | null;
}

/** Everything one provider callback reported, for one connection. */
export interface InboundBatch {
  messages: InboundMessage[];
  reactions: InboundReaction[];
  statuses: StatusUpdate[];
  templates: TemplateStatusUpdate[];
}

export const emptyBatch = (): InboundBatch => ({ messages: [], reactions: [], statuses: [], templates: [] });

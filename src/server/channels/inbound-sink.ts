import type { Ack } from '../../shared/domain/messages';
import type { InboundKind, InstanceKey } from './channel';

/** An inbound message as the pipeline hands it to storage: media already stored, phone normalized. */
export interface InboundRecord {
  providerMessageId: string;
  /** Digits with country code (SPEC §5); a Brazilian mobile in its 13-digit form. */
  phone: string;
  /** Every form the customer may already be stored under (Brazil's ninth digit), `phone` first. */
  phoneVariants: string[];
  name: string | null;
  sentAt: Date;
  kind: InboundKind;
  text: string | null;
  caption: string | null;
  /** `/api/file/<name>` of the stored file. */
  mediaUrl: string | null;
  mimeType: string | null;
  fileName: string | null;
  replyToProviderId: string | null;
}

export interface InboundReactionRecord {
  providerMessageId: string;
  phone: string;
  phoneVariants: string[];
  name: string | null;
  sentAt: Date;
  targetProviderId: string;
  emoji: string | null;
}

export interface StatusRecord {
  providerMessageId: string;
  ack: Ack;
  /** The provider's reason for a failure, pt-BR for the attendant. */
  reason: string | null;
}

/**
 * Where inbound traffic is stored: the sync engine's inbound service behind a narrow port, so
 * channels stay free of ticket and customer rules (modules/instances/inbound-adapter.ts binds it).
 */
export interface InboundSink {
  /** True when this connection already stored a message with this provider id. */
  hasMessage(instance: InstanceKey, providerMessageId: string): Promise<boolean>;
  /** Stores the message (a no-op for a known provider id): customer, ticket, unseen, publish. */
  receiveMessage(instance: InstanceKey, message: InboundRecord): Promise<void>;
  receiveReaction(instance: InstanceKey, reaction: InboundReactionRecord): Promise<void>;
  /** Moves the message's ack forward; false when no message has this provider id (yet). */
  applyStatus(instance: InstanceKey, status: StatusRecord): Promise<boolean>;
}

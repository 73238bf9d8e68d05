import { ACK, ackFromProviderStatus } from '../../shared/domain/messages';
import { brazilPhoneVariants, normalizePhone } from '../../shared/domain/phone';
import { channelTexts } from '../../shared/i18n/pt-BR';
import type { Database } from '../db/database';
import type { Logger } from '../logger';
import type { AddressPolicy } from '../net/address-policy';
import type { ChannelInstance, InboundBatch, InboundMessage, InstanceKey, StatusUpdate } from './channel';
import type { GraphClient } from './cloud-api/graph-client';
import type { InboundSink, InboundRecord } from './inbound-sink';
import { MediaGoneError, fetchMedia } from './media/fetch-media';
import { fileUrl, type MediaStore } from './media/media-store';
import { baseMimeType } from './media/mime-types';
import { PendingStatuses } from './pending-statuses';

export interface InboundPipelineDeps {
  database: Database;
  sink: InboundSink;
  media: MediaStore;
  graph: GraphClient;
  logger: Logger;
  /** Where linked media may be downloaded from (SSRF guard). */
  outbound: AddressPolicy;
}

/** A Brazilian mobile is keyed by its 13-digit form; the 12-digit twin is still matched. */
function phoneOf(raw: string): { phone: string; phoneVariants: string[] } {
  const normalized = normalizePhone(raw);
  const variants = brazilPhoneVariants(normalized);
  const phone = variants.find((v) => v.length === 13) ?? normalized;
  return { phone, phoneVariants: [phone, ...variants.filter((v) => v !== phone)] };
}

function reasonOf(status: StatusUpdate): string | null {
  if (status.status !== 'failed') return null;
  const error = status.error;
  if (!error) return channelTexts.providerFailed('sem detalhes');
  if (error.code === 131047) return channelTexts.outsideServiceWindow;
  return channelTexts.providerFailed([`(#${error.code}) ${error.title}`, error.details].filter(Boolean).join(' — '));
}

/**
 * The one inbound pipeline (DESIGN.md §1, §5): every channel hands it what its provider reported
 * for one connection. Messages are deduplicated by provider id before any media download, media is
 * stored by the server, statuses move acks forward only, and a status that beats its message's
 * provider id waits until the id is recorded.
 */
export class InboundPipeline {
  readonly pending: PendingStatuses;

  constructor(private readonly deps: InboundPipelineDeps) {
    this.pending = new PendingStatuses(deps.database);
  }

  /** Processes a batch in the order the provider gave it (one customer's messages stay in order). */
  async process(instance: ChannelInstance, batch: InboundBatch): Promise<void> {
    for (const message of batch.messages) await this.receiveMessage(instance, message);
    for (const reaction of batch.reactions) {
      await this.deps.sink.receiveReaction(instance, {
        providerMessageId: reaction.providerMessageId,
        ...phoneOf(reaction.from),
        name: reaction.name,
        sentAt: reaction.sentAt,
        targetProviderId: reaction.targetProviderId,
        emoji: reaction.emoji,
      });
    }
    await this.processStatuses(instance, batch.statuses);
  }

  /** Applies delivery statuses of one connection, in order. */
  async processStatuses(instance: InstanceKey, statuses: readonly StatusUpdate[]): Promise<void> {
    for (const status of statuses) await this.applyStatus(instance, status);
  }

  private async receiveMessage(instance: ChannelInstance, message: InboundMessage): Promise<void> {
    // Storing deduplicates by itself; the look-up first only saves downloading a redelivered file.
    if (message.media && (await this.deps.sink.hasMessage(instance, message.providerMessageId))) return;
    const record: InboundRecord = {
      providerMessageId: message.providerMessageId,
      ...phoneOf(message.from),
      name: message.name,
      sentAt: message.sentAt,
      kind: message.kind,
      text: message.text,
      caption: message.caption,
      mediaUrl: null,
      mimeType: message.media?.mimeType ?? null,
      fileName: message.media?.fileName ?? null,
      replyToProviderId: message.replyToProviderId,
    };
    if (message.media) {
      try {
        const fetched = await fetchMedia(message.media.source, instance, this.deps.graph, this.deps.outbound);
        const mimeType = message.media.mimeType || fetched.mimeType || 'application/octet-stream';
        const stored = await this.deps.media.put(instance.tenantId, fetched.bytes, baseMimeType(mimeType));
        record.mediaUrl = fileUrl(stored.name);
      } catch (error) {
        // A file the provider no longer has must not block the message; anything else is retried
        // by the provider (the webhook answers 5xx) or by the sender.
        if (!(error instanceof MediaGoneError)) throw error;
        this.deps.logger.warn({ err: error, providerMessageId: message.providerMessageId }, 'inbound media unavailable');
        record.text = channelTexts.mediaUnavailable;
      }
    }
    await this.deps.sink.receiveMessage(instance, record);
  }

  private async applyStatus(instance: InstanceKey, status: StatusUpdate): Promise<void> {
    const ack = ackFromProviderStatus(status.status);
    if (ack === null) return;
    const record = { providerMessageId: status.providerMessageId, ack, reason: ack === ACK.failed ? reasonOf(status) : null };
    if (await this.deps.sink.applyStatus(instance, record)) return;
    await this.pending.hold(instance, record);
    // The id may have been recorded between the first try and the hold: then nobody else takes it.
    if (await this.deps.sink.applyStatus(instance, record)) await this.providerIdRecorded(instance, record.providerMessageId);
  }

  /** Applies the statuses that arrived before `providerMessageId` was recorded on its message. */
  async providerIdRecorded(instance: InstanceKey, providerMessageId: string): Promise<void> {
    for (const status of await this.pending.take(instance, providerMessageId)) await this.deps.sink.applyStatus(instance, status);
  }

  /** Applies held statuses whose provider id got recorded without them being applied (a crash in between). */
  async resumePendingStatuses(): Promise<void> {
    for (const { instance, providerMessageId } of await this.pending.recorded()) await this.providerIdRecorded(instance, providerMessageId);
  }
}

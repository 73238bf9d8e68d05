import { brazilPhoneVariants } from '../../shared/domain/phone';
import { channelTexts } from '../../shared/i18n/pt-BR';
import type { Database } from '../db/database';
import { PREPARED } from '../db/prepared';
import type { OutboundItem, OutboundMessagePayload, OutboundSender, OutboundSendResult } from '../sync/outbound/sender';
import type { Channel, ChannelInstance, ChannelKind, OutboundMediaKind, OutboundMessage } from './channel';
import { channelInstanceIn } from './instance-store';
import { fileNameOf, type MediaStore } from './media/media-store';
import { isUnlimited, releaseBusinessConversation, reserveBusinessConversation } from './messaging-limit';
import type { Pacer } from './pacing/token-bucket';
import { ChannelSendError } from './send-error';
import { isWithinServiceWindow, lastCustomerMessageAt } from './service-window';
import { loadTemplateSend } from './template-sends';

const MEDIA_KINDS = new Set<string>(['image', 'audio', 'video', 'sticker', 'document']);

export interface OutboundRouterOptions {
  database: Database;
  media: MediaStore;
  pacer: Pacer;
  channel: (kind: ChannelKind) => Channel;
  /** Sends per second per connection; null: unpaced. */
  ratePerSecond: (instance: ChannelInstance) => number | null;
}

const unsendable = (reason: string) => new ChannelSendError(channelTexts.providerFailed(reason), false);

/**
 * The outbound queue's sender (sync/outbound/sender.ts): routes each queued send to the channel
 * of its connection, refuses free text outside the Cloud API's 24-hour window before calling the
 * provider, holds the connection to its daily messaging limit (messaging-limit.ts), and paces sends
 * per connection with a token bucket (callers wait; nothing is dropped).
 */
export class OutboundRouter implements OutboundSender {
  constructor(private readonly options: OutboundRouterOptions) {}

  async send(item: OutboundItem): Promise<OutboundSendResult> {
    const phones = brazilPhoneVariants(item.to);
    // One transaction for what every send looks up (a campaign's thousands of sends each pay it).
    const looked = await this.options.database.withTenant(item.tenantId, async (tx) => {
      const instance = await channelInstanceIn(tx, item.tenantId, item.instance.id);
      if (!instance) return null;
      const limit = await tx.selectFrom('instances').select('messaging_limit').where('tenant_id', '=', item.tenantId).where('id', '=', instance.id).modifyEnd(PREPARED).executeTakeFirst();
      return { instance, limited: !isUnlimited(limit?.messaging_limit ?? null), last: await lastCustomerMessageAt(tx, instance.tenantId, instance.id, phones) };
    });
    if (!looked) throw unsendable('conexão removida');
    const { instance, limited, last } = looked;
    const message = { ...(await this.toMessage(instance, item)), idempotencyKey: `outbound:${item.outboundId}` };
    const windowOpen = isWithinServiceWindow(last);
    if (instance.channel === 'cloud-api' && message.kind !== 'template' && !windowOpen) {
      throw new ChannelSendError(channelTexts.outsideServiceWindow, false, null, 'OUTSIDE_SERVICE_WINDOW');
    }
    // Inside the window the customer started the conversation; outside it this send may start one
    // (a reaction never does), counted against a connection's limit when it has one.
    const conversation = windowOpen || message.kind === 'reaction' || !limited ? null : await reserveBusinessConversation(this.options.database, instance, phones);
    try {
      const rate = this.options.ratePerSecond(instance);
      if (rate !== null) await this.options.pacer.take(`${instance.tenantId}:${instance.id}`, rate);
      const { providerMessageId } = await this.options.channel(instance.channel).send(instance, message);
      return { providerMessageId };
    } catch (error) {
      if (conversation) await releaseBusinessConversation(this.options.database, conversation);
      throw error;
    }
  }

  private async toMessage(instance: ChannelInstance, item: OutboundItem): Promise<OutboundMessage> {
    if (item.kind === 'reaction' && item.reaction) {
      if (!item.reaction.targetProviderId) throw unsendable('a mensagem reagida não foi entregue pelo WhatsApp');
      return { kind: 'reaction', to: item.to, targetId: item.reaction.targetProviderId, emoji: item.reaction.emoji };
    }
    const payload = item.message;
    if (!payload) throw unsendable('envio sem conteúdo');
    const replyTo = payload.replyToProviderId;
    if (payload.type === 'text') return { kind: 'text', to: item.to, text: payload.text ?? '', replyTo };
    if (payload.type === 'template') {
      const template = await this.options.database.withTenant(instance.tenantId, (tx) => loadTemplateSend(tx, instance.tenantId, payload.hash));
      if (!template) throw unsendable('modelo de mensagem não encontrado');
      return { kind: 'template', to: item.to, template, replyTo };
    }
    if (MEDIA_KINDS.has(payload.type)) return this.mediaMessage(instance, item.to, payload);
    throw unsendable(`tipo de mensagem não suportado (${payload.type})`);
  }

  private async mediaMessage(instance: ChannelInstance, to: string, payload: OutboundMessagePayload): Promise<OutboundMessage> {
    const name = fileNameOf(payload.mediaUrl);
    const stored = name ? await this.options.media.get(instance.tenantId, name) : null;
    if (!stored) throw unsendable('arquivo não encontrado');
    return {
      kind: payload.type as OutboundMediaKind,
      to,
      file: { name: stored.file.name, mimeType: payload.documentMimetype ?? stored.file.mimeType, bytes: stored.bytes, fileName: payload.documentName },
      caption: payload.caption,
      replyTo: payload.replyToProviderId,
    };
  }
}

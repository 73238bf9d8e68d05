import { ACK, advanceAck, type Ack } from '../../../shared/domain/messages';
import { channelTexts } from '../../../shared/i18n/pt-BR';
import type { Database } from '../../db/database';
import type { Logger } from '../../logger';
import type { ChannelInstance, OutboundMessage, SendResult } from '../channel';
import type { InboundPipeline } from '../inbound-pipeline';
import { fileUrl, type MediaStore } from '../media/media-store';
import { ChannelSendError } from '../send-error';
import { newSandboxMessageId, sandboxBatch, type SandboxInbound } from './inbound-request';
import type { SandboxMessage } from './sandbox-conversation';

export interface SandboxNetworkOptions {
  database: Database;
  pipeline: InboundPipeline;
  media: MediaStore;
  logger: Logger;
  /** Time between sent → delivered and delivered → read (0: at once, for tests). */
  ackStepMs: number;
  /** Called after a connection went down or came back, to tell signed-in users. */
  onConnectionChanged: (instance: ChannelInstance) => Promise<void>;
}

function describe(message: OutboundMessage): Pick<SandboxMessage, 'type' | 'text' | 'caption' | 'reaction_to'> {
  switch (message.kind) {
    case 'text':
      return { type: 'text', text: message.text, caption: null, reaction_to: null };
    case 'reaction':
      return { type: 'reaction', text: message.emoji, caption: null, reaction_to: message.targetId };
    case 'template':
      return { type: 'template', text: message.template.name, caption: null, reaction_to: null };
    default:
      return { type: message.kind, text: null, caption: message.caption ?? null, reaction_to: null };
  }
}

/**
 * A simulated WhatsApp network inside the server (issue 4 §2). The business side sends through
 * SandboxChannel into an outbox whose acks move sent → delivered → read on a timer, reported back
 * through the inbound pipeline like a provider's statuses; the customer side writes through the
 * JSON API. While a connection is down, sends fail as retryable and customer messages are held,
 * then delivered in order when it comes back.
 */
export class SandboxNetwork {
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(private readonly options: SandboxNetworkOptions) {}

  /** The business sends: recorded in the outbox; acks progress on their own. */
  async send(instance: ChannelInstance, message: OutboundMessage): Promise<SendResult> {
    if (!instance.activated) throw new ChannelSendError(channelTexts.connectionOffline, true, null, 'CONNECTION_OFFLINE');
    const providerMessageId = newSandboxMessageId();
    const described = describe(message);
    let mediaUrl: string | null = null;
    if ('file' in message) {
      // The customer's phone gets its own copy, as WhatsApp delivers the bytes, not our link.
      const copy = await this.options.media.put(instance.tenantId, message.file.bytes, message.file.mimeType);
      mediaUrl = fileUrl(copy.name);
    }
    await this.options.database.withTenant(instance.tenantId, (tx) =>
      tx
        .insertInto('sandbox_messages')
        .values({
          tenant_id: instance.tenantId,
          instance_id: instance.id,
          direction: 'out',
          peer_phone: message.to,
          provider_message_id: providerMessageId,
          type: described.type,
          text: described.text,
          caption: described.caption,
          media_url: mediaUrl,
          file_name: 'file' in message ? message.file.fileName : null,
          reply_to: message.replyTo ?? null,
          reaction_to: described.reaction_to,
          ack: ACK.sent,
        })
        .execute(),
    );
    // WhatsApp reports only 'sent' for a reaction.
    if (message.kind !== 'reaction') this.progress(instance, providerMessageId, [ACK.delivered, ACK.read]);
    return { providerMessageId };
  }

  private progress(instance: ChannelInstance, providerMessageId: string, steps: Ack[]): void {
    const [next, ...rest] = steps;
    if (next === undefined || this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.setAck(instance, providerMessageId, next)
        .then(() => this.progress(instance, providerMessageId, rest))
        .catch((err: unknown) => this.options.logger.error({ err, providerMessageId }, 'sandbox ack failed'));
    }, this.options.ackStepMs);
    this.timers.add(timer);
  }

  private async setAck(instance: ChannelInstance, providerMessageId: string, ack: Ack): Promise<void> {
    if (this.closed) return;
    await this.options.database.withTenant(instance.tenantId, async (tx) => {
      const row = await tx
        .selectFrom('sandbox_messages')
        .select(['id', 'ack'])
        .where('tenant_id', '=', instance.tenantId)
        .where('provider_message_id', '=', providerMessageId)
        .executeTakeFirst();
      if (!row) return;
      await tx
        .updateTable('sandbox_messages')
        .set({ ack: advanceAck(row.ack, ack), updated_at: new Date() })
        .where('tenant_id', '=', instance.tenantId)
        .where('id', '=', row.id)
        .execute();
    });
    const status = ack === ACK.read ? 'read' : 'delivered';
    await this.options.pipeline.process(instance, {
      messages: [],
      reactions: [],
      templates: [],
      statuses: [{ providerMessageId, status, at: new Date(), recipient: null, error: null }],
    });
  }

  /** The customer writes; answers the provider message id. Held while the connection is down. */
  async receive(instance: ChannelInstance, body: SandboxInbound): Promise<string> {
    const providerMessageId = newSandboxMessageId();
    if (!instance.activated) {
      await this.options.database.withTenant(instance.tenantId, (tx) =>
        tx
          .insertInto('sandbox_messages')
          .values({
            tenant_id: instance.tenantId,
            instance_id: instance.id,
            direction: 'in',
            peer_phone: body.from,
            provider_message_id: providerMessageId,
            type: body.reaction ? 'reaction' : body.image ? 'image' : 'text',
            text: body.reaction?.emoji ?? body.text ?? null,
            caption: body.caption ?? null,
            reply_to: body.reply_to ?? null,
            reaction_to: body.reaction?.message_id ?? null,
            held: true,
            payload: JSON.stringify({ ...body, sent_at: new Date().toISOString() }),
          })
          .execute(),
      );
      return providerMessageId;
    }
    await this.options.pipeline.process(instance, sandboxBatch(body, providerMessageId, new Date()));
    return providerMessageId;
  }

  /** Takes the connection down (false) or up (true); coming up delivers what customers wrote meanwhile. */
  async setConnected(instance: ChannelInstance, activated: boolean): Promise<void> {
    const changed = await this.options.database.withTenant(instance.tenantId, async (tx) => {
      const rows = await tx
        .updateTable('instances')
        .set({ activated, updated_at: new Date() })
        .where('tenant_id', '=', instance.tenantId)
        .where('id', '=', instance.id)
        .where('activated', '=', !activated)
        .returning('id')
        .execute();
      return rows.length > 0;
    });
    const current = { ...instance, activated };
    if (activated) await this.releaseHeld(current);
    if (changed) await this.options.onConnectionChanged(current);
  }

  private async releaseHeld(instance: ChannelInstance): Promise<void> {
    const held = await this.options.database.withTenant(instance.tenantId, (tx) =>
      tx
        .selectFrom('sandbox_messages')
        .select(['id', 'provider_message_id', 'payload'])
        .where('tenant_id', '=', instance.tenantId)
        .where('instance_id', '=', instance.id)
        .where('held', '=', true)
        .orderBy('id')
        .execute(),
    );
    for (const row of held) {
      const { sent_at: sentAt, ...body } = row.payload as SandboxInbound & { sent_at: string };
      await this.options.pipeline.process(instance, sandboxBatch(body, row.provider_message_id, new Date(sentAt)));
      await this.options.database.withTenant(instance.tenantId, (tx) =>
        tx.deleteFrom('sandbox_messages').where('tenant_id', '=', instance.tenantId).where('id', '=', row.id).execute(),
      );
    }
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}

import { ACK } from '../../../shared/domain/messages';
import { channelTexts } from '../../../shared/i18n/pt-BR';
import type { Database } from '../../db/database';
import { PREPARED } from '../../db/prepared';
import type { Logger } from '../../logger';
import type { ChannelInstance, OutboundMessage, SendResult } from '../channel';
import type { InboundPipeline } from '../inbound-pipeline';
import { fileUrl, type MediaStore } from '../media/media-store';
import { ChannelSendError } from '../send-error';
import { newSandboxMessageId, sandboxBatch, type SandboxInbound } from './inbound-request';
import { SandboxAckSteps } from './sandbox-ack-steps';
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
 * SandboxChannel into an outbox whose acks move sent → delivered → read, reported back through the
 * inbound pipeline like a provider's statuses; the customer side writes through the JSON API.
 * While a connection is down, sends fail as retryable and customer messages are held, then
 * delivered in order when it comes back.
 *
 * Crash safety (issue 13 §2): a send is deduplicated by its idempotency key, and its coming ack
 * steps are rows written in the send's transaction (sandbox-ack-steps.ts).
 */
export class SandboxNetwork {
  private readonly steps: SandboxAckSteps;

  constructor(private readonly options: SandboxNetworkOptions) {
    this.steps = new SandboxAckSteps(options);
  }

  /** Applies the ack steps that are due (the channels' poller calls it; a restart resumes them). */
  runDueSteps(): Promise<void> {
    return this.steps.runDue();
  }

  /** The business sends: recorded in the outbox with its first ack step; a repeated key answers the first send. */
  async send(instance: ChannelInstance, message: OutboundMessage): Promise<SendResult> {
    if (!instance.activated) throw new ChannelSendError(channelTexts.connectionOffline, true, null, 'CONNECTION_OFFLINE');
    const key = message.idempotencyKey ?? null;
    // The insert below keeps a repeated key out by itself; looking first only saves a file's second copy.
    const earlier = key && 'file' in message ? await this.sentWithKey(instance, key) : null;
    if (earlier) return { providerMessageId: earlier };
    const providerMessageId = newSandboxMessageId();
    const described = describe(message);
    let mediaUrl: string | null = null;
    if ('file' in message) {
      // The customer's phone gets its own copy, as WhatsApp delivers the bytes, not our link.
      const copy = await this.options.media.put(instance.tenantId, message.file.bytes, message.file.mimeType);
      mediaUrl = fileUrl(copy.name);
    }
    const stored = await this.options.database.withTenant(instance.tenantId, async (tx) => {
      const inserted = await tx
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
          idempotency_key: key,
        })
        .onConflict((oc) => oc.columns(['tenant_id', 'idempotency_key']).doNothing())
        .returning('provider_message_id')
        .modifyEnd(PREPARED)
        .executeTakeFirst();
      // WhatsApp reports only 'sent' for a reaction.
      if (inserted && message.kind !== 'reaction') await this.steps.add(tx, instance, providerMessageId, ACK.delivered);
      return inserted?.provider_message_id ?? null;
    });
    if (stored === null) return { providerMessageId: (await this.sentWithKey(instance, key!))! };
    this.steps.nudge();
    return { providerMessageId };
  }

  private async sentWithKey(instance: ChannelInstance, key: string): Promise<string | null> {
    const row = await this.options.database.withTenant(instance.tenantId, (tx) =>
      tx
        .selectFrom('sandbox_messages')
        .select('provider_message_id')
        .where('tenant_id', '=', instance.tenantId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst(),
    );
    return row?.provider_message_id ?? null;
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

  close(): Promise<void> {
    return this.steps.close();
  }
}

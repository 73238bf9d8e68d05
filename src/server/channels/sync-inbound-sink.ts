import { ACK } from '../../shared/domain/messages';
import type { Logger } from '../logger';
import type { MessagingDeps } from '../modules/messages/deps';
import { applyAck, applyAckBatch, type AckUpdate } from '../modules/messages/acks';
import { hasInboundMessage, receiveInbound, type InboundInput, type InboundResult } from '../modules/messages/inbound';
import { storeInboundBatch } from '../modules/messages/inbound-batch';
import { receiveInboundReaction } from '../modules/messages/reactions';
import { Batcher } from './inbound-batcher';
import type { InboundSink } from './inbound-sink';

const keyOf = (input: Pick<InboundInput, 'tenantId' | 'instanceId'>) => `${input.tenantId}:${input.instanceId}`;

/**
 * A busy connection commits at most every 20 ms: at 1,000 messages a second that is batches of
 * about 20, whose fixed cost is then a small share (issue 4 benchmark), for at most 20 ms more
 * answer time; a connection idle for that long commits at once, and so does one with a full
 * batch waiting (faster traffic fills batches of 32 sooner than the interval).
 */
const BATCH_INTERVAL_MS = 20;
const FULL_BATCH = 32;

/** The inbound pipeline's storage: the sync engine's message services (modules/messages), messages and statuses group-committed. */
export function syncInboundSink(deps: MessagingDeps, logger?: Logger): InboundSink {
  const messages = new Batcher<InboundInput, InboundResult>({
    writeBatch: async (_key, items) => {
      const { results, announce } = await storeInboundBatch(deps, items[0]!.tenantId, items[0]!.instanceId, items);
      // The callers answer in the microtasks that follow; the hubs' read and the subscribers'
      // frames come after those answers are written, not before.
      setImmediate(() => void announce());
      return results;
    },
    writeOne: (_key, item) => receiveInbound(deps, item),
    minIntervalMs: BATCH_INTERVAL_MS,
    fullBatch: FULL_BATCH,
    logger,
  });
  // Statuses come many to a webhook and in bursts (a campaign's sent/delivered/read): group-committed too.
  const statuses = new Batcher<AckUpdate & { providerMessageId: string }, boolean>({
    writeBatch: (_key, items) => applyAckBatch(deps, items[0]!.tenantId, items[0]!.instanceId, items),
    writeOne: (_key, item) => applyAck(deps, item),
    minIntervalMs: BATCH_INTERVAL_MS,
    fullBatch: FULL_BATCH,
    logger,
  });
  return {
    hasMessage: (instance, providerMessageId) => hasInboundMessage(deps, instance.tenantId, instance.id, providerMessageId),
    receiveMessage: async (instance, message) => {
      const input: InboundInput = {
        tenantId: instance.tenantId,
        instanceId: instance.id,
        from: message.phone,
        phoneVariants: message.phoneVariants,
        name: message.name,
        type: message.kind,
        text: message.text,
        providerMessageId: message.providerMessageId,
        sentAt: message.sentAt,
        caption: message.caption,
        mediaUrl: message.mediaUrl,
        mimeType: message.mimeType,
        fileName: message.fileName,
        replyToProviderId: message.replyToProviderId,
      };
      await messages.add(keyOf(input), input);
    },
    receiveReaction: async (instance, reaction) => {
      await receiveInboundReaction(deps, {
        tenantId: instance.tenantId,
        instanceId: instance.id,
        from: reaction.phone,
        targetProviderId: reaction.targetProviderId,
        emoji: reaction.emoji,
        providerMessageId: reaction.providerMessageId,
        sentAt: reaction.sentAt,
      });
    },
    applyStatus: (instance, status) => {
      const update = {
        tenantId: instance.tenantId,
        instanceId: instance.id,
        providerMessageId: status.providerMessageId,
        ack: status.ack,
        reason: status.ack === ACK.failed ? status.reason : null,
      };
      return statuses.add(keyOf(update), update);
    },
  };
}

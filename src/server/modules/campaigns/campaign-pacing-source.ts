import { parseMessagingLimit, UNLIMITED, type MessagingLimit } from '../../../shared/domain/messaging-limit';
import type { Config } from '../../config';

/** Meta's default per-number throughput (fixtures/cloud-api/README.md), also the sandbox's pace. */
export const DEFAULT_MESSAGES_PER_SECOND = 80;

export interface PacedInstance {
  channel: string;
  messaging_send: number;
  messaging_limit: string | null;
}

/**
 * A connection's campaign throughput: its own setting (messaging_send, messages per second) when
 * given, else Meta's default; a Cloud API number never beyond what the outbound router allows it.
 */
export function throughputOf(instance: PacedInstance, config: Pick<Config, 'cloudApiMessagesPerSecond'>): number {
  const own = instance.messaging_send > 0 ? instance.messaging_send : DEFAULT_MESSAGES_PER_SECOND;
  return instance.channel === 'cloud-api' ? Math.min(own, config.cloudApiMessagesPerSecond) : own;
}

/** An unreadable limit does not hold a campaign back (the connection form refuses it). */
export const limitOf = (instance: PacedInstance): MessagingLimit => parseMessagingLimit(instance.messaging_limit) ?? UNLIMITED;

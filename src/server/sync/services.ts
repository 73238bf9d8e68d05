import type { Database } from '../db/database';
import type { Logger } from '../logger';
import type { MessagingDeps } from '../modules/messages/deps';
import { createPubSub, type PubSub } from '../pubsub';
import { OutboundDispatcher } from './outbound/dispatcher';
import { RecordingSender, type OutboundItem, type OutboundSender } from './outbound/sender';
import { StreamHub } from './stream-hub';

export interface SyncServicesOptions {
  database: Database;
  /** Redis for several server processes; in-process pub/sub when unset. */
  redisUrl?: string;
  /** An existing bus (tests share one between in-process servers). */
  pubsub?: PubSub;
  sender?: OutboundSender;
  logger?: Logger;
  streamPollMs?: number;
  dispatcherPollMs?: number;
}

/** The sync engine of one server process (ServerServices.sync). */
export interface SyncServices {
  pubsub: PubSub;
  hub: StreamHub;
  dispatcher: OutboundDispatcher;
  /** What the message services need, with the dispatcher's nudge wired in. */
  messaging: MessagingDeps;
  /** The sender in use: a RecordingSender until a channel router is plugged in. */
  readonly sender: OutboundSender;
  /** Plugs in the channels' sender (DESIGN §5); `onSent` runs after a send's provider id is recorded. */
  useSender(sender: OutboundSender, onSent?: (item: OutboundItem, providerMessageId: string | null) => Promise<void>): void;
  start(): void;
  close(): Promise<void>;
}

export function createSyncServices(options: SyncServicesOptions): SyncServices {
  const { database, logger } = options;
  const pubsub = options.pubsub ?? createPubSub(options.redisUrl, logger);
  const onError = (error: unknown) => logger?.error({ err: error }, 'sync');
  let sender: OutboundSender = options.sender ?? new RecordingSender();
  let onSent: ((item: OutboundItem, providerMessageId: string | null) => Promise<void>) | undefined;
  const hub = new StreamHub({ database, pubsub, pollMs: options.streamPollMs, onError });
  const dispatcher = new OutboundDispatcher({
    database,
    pubsub,
    sender: { send: (item) => sender.send(item) },
    pollMs: options.dispatcherPollMs,
    onSent: (item, id) => onSent?.(item, id) ?? Promise.resolve(),
    onError,
  });
  return {
    pubsub,
    hub,
    dispatcher,
    messaging: { database, pubsub, onQueued: () => dispatcher.kick() },
    get sender() {
      return sender;
    },
    useSender(next, after) {
      sender = next;
      onSent = after;
    },
    start: () => dispatcher.start(),
    close: async () => {
      await dispatcher.stop();
      await hub.close();
      if (!options.pubsub) await pubsub.close();
    },
  };
}

import { createMemoryPubSub } from './memory';
import { createRedisPubSub } from './redis';
import type { PubSub } from './pubsub';

export type { EventHandler, PubSub, Unsubscribe } from './pubsub';

/** Redis when REDIS_URL is set (several server processes), otherwise in-process. */
export function createPubSub(redisUrl: string | undefined): PubSub {
  return redisUrl ? createRedisPubSub(redisUrl) : createMemoryPubSub();
}

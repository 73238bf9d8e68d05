import type { Logger } from '../logger';
import { createMemoryPubSub } from './memory';
import { createRedisPubSub } from './redis';
import type { PubSub } from './pubsub';

export type { EventHandler, PubSub, Unsubscribe } from './pubsub';

/** Redis when REDIS_URL is set (several server processes), otherwise in-process. */
export function createPubSub(redisUrl: string | undefined, logger?: Logger): PubSub {
  return redisUrl ? createRedisPubSub(redisUrl, { logger }) : createMemoryPubSub();
}

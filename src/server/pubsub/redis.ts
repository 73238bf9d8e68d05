import { Redis } from 'ioredis';
import type { Logger } from '../logger';
import { HandlerRegistry, type EventHandler, type PubSub, type Unsubscribe } from './pubsub';

/**
 * The bus across server processes: Redis PUBLISH/SUBSCRIBE over two connections (a subscribed
 * connection can do nothing else). Channels are subscribed while they have a local handler.
 */
export function createRedisPubSub(url: string, options: { prefix?: string; logger?: Logger } = {}): PubSub {
  const prefix = options.prefix ?? 'pedbot:';
  const publisher = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url, { lazyConnect: false });
  if (options.logger) watchOutages([publisher, subscriber], options.logger);
  else for (const client of [publisher, subscriber]) client.on('error', () => undefined);
  const registry = new HandlerRegistry();
  // A second handler of a channel must also wait until Redis confirmed the SUBSCRIBE.
  const subscribed = new Map<string, Promise<unknown>>();

  subscriber.on('message', (fullChannel: string, payload: string) => {
    if (!fullChannel.startsWith(prefix)) return;
    let event: unknown;
    try {
      event = JSON.parse(payload);
    } catch {
      return;
    }
    registry.deliver(fullChannel.slice(prefix.length), event);
  });

  return {
    async publish(channel: string, event: unknown): Promise<void> {
      await publisher.publish(prefix + channel, JSON.stringify(event));
    },
    async subscribe(channel: string, handler: EventHandler): Promise<Unsubscribe> {
      if (registry.add(channel, handler)) subscribed.set(channel, subscriber.subscribe(prefix + channel));
      await subscribed.get(channel);
      return async () => {
        if (!registry.remove(channel, handler)) return;
        subscribed.delete(channel);
        await subscriber.unsubscribe(prefix + channel);
      };
    },
    async close(): Promise<void> {
      registry.clear();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}

/**
 * ioredis emits `error` on every failed reconnect, and prints a raw stack for each when nobody
 * listens. One outage is one line when the first connection fails and one when both are ready
 * again, with how long it lasted.
 */
function watchOutages(clients: Redis[], logger: Logger): void {
  let downSince: number | null = null;
  for (const client of clients) {
    client.on('error', (error: Error & { code?: string }) => {
      if (downSince !== null) return;
      downSince = Date.now();
      logger.error({ code: error.code, reason: error.message }, 'redis unreachable: outage started (pub/sub across replicas paused)');
    });
    client.on('ready', () => {
      if (downSince === null || !clients.every((c) => c.status === 'ready')) return;
      logger.warn({ outageMs: Date.now() - downSince }, 'redis reachable again: outage ended');
      downSince = null;
    });
  }
}

import { Redis } from 'ioredis';
import { HandlerRegistry, type EventHandler, type PubSub, type Unsubscribe } from './pubsub';

/**
 * The bus across server processes: Redis PUBLISH/SUBSCRIBE over two connections (a subscribed
 * connection can do nothing else). Channels are subscribed while they have a local handler.
 */
export function createRedisPubSub(url: string, prefix = 'pedbot:'): PubSub {
  const publisher = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url, { lazyConnect: false });
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

import { HandlerRegistry, type EventHandler, type PubSub, type Unsubscribe } from './pubsub';

/** The single-process bus (the default): events round-trip through JSON as they would through Redis. */
export function createMemoryPubSub(): PubSub {
  const registry = new HandlerRegistry();
  return {
    async publish(channel: string, event: unknown): Promise<void> {
      const copy: unknown = JSON.parse(JSON.stringify(event));
      queueMicrotask(() => registry.deliver(channel, copy));
    },
    async subscribe(channel: string, handler: EventHandler): Promise<Unsubscribe> {
      registry.add(channel, handler);
      return async () => {
        registry.remove(channel, handler);
      };
    },
    async close(): Promise<void> {
      registry.clear();
    },
  };
}

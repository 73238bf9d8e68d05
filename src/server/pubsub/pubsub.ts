/** A message bus between the server's request handlers and its subscribers, in one or many processes. */
export type EventHandler = (event: unknown) => void;

/** Stops a handler; resolves once the bus no longer delivers to it. */
export type Unsubscribe = () => Promise<void>;

export interface PubSub {
  /** Delivers `event` (JSON-serialisable) to every handler of `channel`, in this and other processes. */
  publish(channel: string, event: unknown): Promise<void>;
  /** Resolves once the subscription is active, so events published afterwards reach `handler`. */
  subscribe(channel: string, handler: EventHandler): Promise<Unsubscribe>;
  close(): Promise<void>;
}

/** Handlers per channel with the bookkeeping both implementations share. */
export class HandlerRegistry {
  private readonly handlers = new Map<string, Set<EventHandler>>();

  /** Adds a handler; true when it is the channel's first. */
  add(channel: string, handler: EventHandler): boolean {
    const set = this.handlers.get(channel);
    if (set) {
      set.add(handler);
      return false;
    }
    this.handlers.set(channel, new Set([handler]));
    return true;
  }

  /** Removes a handler; true when the channel has none left. */
  remove(channel: string, handler: EventHandler): boolean {
    const set = this.handlers.get(channel);
    if (!set) return false;
    set.delete(handler);
    if (set.size > 0) return false;
    this.handlers.delete(channel);
    return true;
  }

  deliver(channel: string, event: unknown): void {
    for (const handler of this.handlers.get(channel) ?? []) {
      // One failing handler must not stop the others.
      try {
        handler(event);
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }

  clear(): void {
    this.handlers.clear();
  }
}

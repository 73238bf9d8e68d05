import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import type { PullBulk } from './operations';

export interface StreamSubscription {
  /** The next emission, or an error after `timeoutMs`. */
  next(timeoutMs?: number): Promise<PullBulk>;
  /** Emissions until one satisfies `predicate` (all of them, in order). */
  until(predicate: (bulk: PullBulk) => boolean, timeoutMs?: number): Promise<PullBulk[]>;
  /** Nothing arrives within `ms`. */
  quiet(ms: number): Promise<PullBulk[]>;
  close(): Promise<void>;
}

export function wsClient(baseUrl: string, slug: string, token: string | null): Client {
  return createClient({
    url: `${baseUrl.replace(/^http/, 'ws')}/${slug}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: token ? { headers: { Authorization: `Bearer ${token}` } } : {},
    retryAttempts: 0,
    lazy: true,
  });
}

/** A graphql-ws subscription whose emissions are queued for the test to take one by one. */
export function subscribeStream(client: Client, query: string, variables: Record<string, unknown>): StreamSubscription {
  const queue: PullBulk[] = [];
  const waiters: Array<() => void> = [];
  let failure: unknown = null;
  const field = /stream\w+/.exec(query)?.[0] ?? '';
  const dispose = client.subscribe<Record<string, PullBulk>>(
    { query, variables },
    {
      next: (result) => {
        if (result.errors) failure = result.errors;
        const bulk = result.data?.[field];
        if (bulk) queue.push(bulk);
        waiters.splice(0).forEach((wake) => wake());
      },
      error: (error) => {
        const close = error as { code?: number; reason?: string };
        failure = close && typeof close.code === 'number' ? `close ${close.code} ${close.reason ?? ''}` : error;
        waiters.splice(0).forEach((wake) => wake());
      },
      complete: () => undefined,
    },
  );
  const next = async (timeoutMs = 5000): Promise<PullBulk> => {
    const deadline = Date.now() + timeoutMs;
    while (queue.length === 0) {
      if (failure) throw new Error(`stream failed: ${JSON.stringify(failure)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${field} emission within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return queue.shift()!;
  };
  return {
    next,
    until: async (predicate, timeoutMs = 5000) => {
      const seen: PullBulk[] = [];
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const bulk = await next(Math.max(1, deadline - Date.now()));
        seen.push(bulk);
        if (predicate(bulk)) return seen;
      }
    },
    quiet: async (ms) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return queue.splice(0);
    },
    close: async () => {
      dispose();
    },
  };
}

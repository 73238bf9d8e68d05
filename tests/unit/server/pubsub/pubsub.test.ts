import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryPubSub } from '../../../../src/server/pubsub/memory';
import type { PubSub } from '../../../../src/server/pubsub/pubsub';
import { createRedisPubSub } from '../../../../src/server/pubsub/redis';
import { redisAnswers, testRedisUrl } from '../../../helpers/redis';

const REDIS_URL = testRedisUrl;

const nextEvent = (bus: PubSub, channel: string): Promise<{ event: unknown; stop: () => Promise<void> }> =>
  new Promise((resolve) => {
    let stop: () => Promise<void> = async () => undefined;
    void bus.subscribe(channel, (event) => resolve({ event, stop })).then((unsubscribe) => (stop = unsubscribe));
  });

function contract(name: string, open: () => Promise<[PubSub, PubSub]>, available: () => Promise<boolean>) {
  describe(name, () => {
    let a: PubSub;
    let b: PubSub;
    let skip = false;
    beforeAll(async () => {
      skip = !(await available());
      if (!skip) [a, b] = await open();
    });
    afterAll(async () => {
      await a?.close();
      if (b !== a) await b?.close();
    });

    it('delivers a published event to every handler of the channel, and only of that channel', async (ctx) => {
      if (skip) return ctx.skip(true, 'Redis does not answer at REDIS_URL (default redis://127.0.0.1:6379)');
      const seen: Array<[string, unknown]> = [];
      const offs = await Promise.all([
        b.subscribe('changes:1', (event) => seen.push(['h1', event])),
        b.subscribe('changes:1', (event) => seen.push(['h2', event])),
        b.subscribe('changes:2', (event) => seen.push(['other', event])),
      ]);
      const event = { tenantId: 1, collection: 'customerchats', instanceId: 3, position: 42 };
      await a.publish('changes:1', event);
      await expect.poll(() => seen.length).toBe(2);
      expect(seen).toEqual([
        ['h1', event],
        ['h2', event],
      ]);
      await Promise.all(offs.map((off) => off()));
    });

    it('stops delivering after unsubscribe', async (ctx) => {
      if (skip) return ctx.skip(true, 'Redis does not answer');
      const seen: unknown[] = [];
      const off = await b.subscribe('changes:9', (event) => seen.push(event));
      await off();
      const { event, stop } = await (async () => {
        const waiting = nextEvent(b, 'changes:9');
        await new Promise((resolve) => setTimeout(resolve, 50));
        await a.publish('changes:9', { n: 1 });
        return waiting;
      })();
      expect(event).toEqual({ n: 1 });
      expect(seen).toEqual([]);
      await stop();
    });
  });
}

contract('in-process pub/sub', async () => {
  const bus = createMemoryPubSub();
  return [bus, bus];
}, async () => true);

contract('Redis pub/sub between two clients (two processes)', async () => [createRedisPubSub(REDIS_URL, { prefix: 'pedbot-test:' }), createRedisPubSub(REDIS_URL, { prefix: 'pedbot-test:' })], redisAnswers);

import type { ExecutionResult } from 'graphql';
import { createSchema, createYoga } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { AsyncQueue } from '../../../../src/server/sync/async-queue';
import { useSharedStreamEvents } from '../../../../src/server/sync/shared-stream-events';

interface Bulk {
  documents: Array<{ id: string; n: number }>;
}

function setup() {
  const sources: Array<AsyncQueue<Bulk>> = [];
  const resolved: string[] = [];
  const field = (name: string) => ({
    subscribe: () => {
      const queue = new AsyncQueue<Bulk>();
      sources.push(queue);
      return queue;
    },
    resolve: (payload: Bulk) => {
      resolved.push(name);
      return payload;
    },
  });
  const yoga = createYoga({
    schema: createSchema({
      typeDefs: /* GraphQL */ `
        type Query { ok: Boolean }
        type Doc { id: ID! n: Int! }
        type Bulk { documents: [Doc!]! }
        type Subscription { streamThings: Bulk! otherThings: Bulk! }
      `,
      resolvers: { Subscription: { streamThings: field('streamThings'), otherThings: field('otherThings') } },
    }),
    plugins: [useSharedStreamEvents(new Set(['streamThings']))],
  });
  const subscribe = async (query: string) => {
    const { schema, parse, subscribe: run, contextFactory } = yoga.getEnveloped({ request: new Request('http://test/graphql'), params: { query } });
    const result = await run({ schema, document: parse(query), contextValue: await contextFactory() });
    return result as AsyncIterableIterator<ExecutionResult>;
  };
  return { sources, resolved, subscribe };
}

describe('stream subscriptions sharing one execution per bulk', () => {
  it('maps a bulk handed to several subscribers once per operation, each getting its own selection', async () => {
    const { sources, resolved, subscribe } = setup();
    const ids = await Promise.all([subscribe('subscription { streamThings { documents { id } } }'), subscribe('subscription { streamThings { documents { id } } }')]);
    const withN = await subscribe('subscription { streamThings { documents { id n } } }');
    const shared: Bulk = { documents: [{ id: '1', n: 10 }] };
    for (const source of sources) source.push(shared);
    const [first, second, third] = await Promise.all([ids[0]!.next(), ids[1]!.next(), withN.next()]);
    expect(first.value).toEqual({ data: { streamThings: { documents: [{ id: '1' }] } } });
    expect(second.value).toEqual(first.value);
    expect(third.value).toEqual({ data: { streamThings: { documents: [{ id: '1', n: 10 }] } } });
    expect(resolved).toEqual(['streamThings', 'streamThings']);

    // Another bulk, even an equal one, is another event.
    sources[0]!.push({ documents: [{ id: '2', n: 20 }] });
    sources[1]!.push({ documents: [{ id: '2', n: 20 }] });
    await Promise.all([ids[0]!.next(), ids[1]!.next()]);
    expect(resolved).toHaveLength(4);
  });

  it('leaves other subscriptions alone', async () => {
    const { sources, resolved, subscribe } = setup();
    const streams = await Promise.all([subscribe('subscription { otherThings { documents { id } } }'), subscribe('subscription { otherThings { documents { id } } }')]);
    const shared: Bulk = { documents: [{ id: '1', n: 1 }] };
    for (const source of sources) source.push(shared);
    await Promise.all(streams.map((s) => s.next()));
    expect(resolved).toEqual(['otherThings', 'otherThings']);
  });
});

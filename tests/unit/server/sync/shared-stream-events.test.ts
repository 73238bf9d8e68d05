import type { ExecutionResult } from 'graphql';
import { createSchema, createYoga } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { useSharedStreamEvents } from '../../../../src/server/graphql/shared-stream-events';
import { AsyncQueue } from '../../../../src/server/sync/async-queue';

interface Bulk {
  documents: Array<{ id: string; n: number }>;
  resync: boolean;
}

const bulk = (...ids: number[]): Bulk => ({ documents: ids.map((id) => ({ id: String(id), n: id * 10 })), resync: false });

function setup() {
  const sources: Array<AsyncQueue<Bulk>> = [];
  /** Every mapping of an event through a selection set serializes the ids of its documents once. */
  const mapped: string[] = [];
  const yoga = createYoga({
    schema: createSchema({
      typeDefs: /* GraphQL */ `
        scalar CountedId
        type Query { ok: Boolean }
        type Doc { id: CountedId! n: Int! }
        type Bulk { documents: [Doc!]! resync: Boolean! }
        type SeenDoc { id: CountedId! seenBy: String! }
        type SeenBulk { documents: [SeenDoc!]! resync: Boolean! }
        type PlainBulk { documents: [Doc!]! }
        type Subscription { streamThings(tag: String): Bulk! streamSeen: SeenBulk! streamPlain: PlainBulk! otherThings: Bulk! }
      `,
      resolvers: {
        CountedId: {
          __serialize: (id: string) => {
            mapped.push(id);
            return id;
          },
        },
        SeenDoc: { seenBy: (_: unknown, __: unknown, context: { viewer?: string }) => context.viewer ?? '' },
        Subscription: Object.fromEntries(
          ['streamThings', 'streamSeen', 'streamPlain', 'otherThings'].map((name) => [
            name,
            {
              subscribe: (_: unknown, args: { tag?: string }) => {
                if (args.tag === 'refused') throw new Error('refused');
                const queue = new AsyncQueue<Bulk>();
                sources.push(queue);
                return queue;
              },
              resolve: (payload: Bulk) => payload,
            },
          ]),
        ),
      },
    }),
    logging: false,
    plugins: [useSharedStreamEvents(new Set(['streamThings', 'streamSeen', 'streamPlain']))],
  });
  const subscribe = async (query: string, variableValues?: Record<string, unknown>, viewer?: string) => {
    const { schema, parse, subscribe: run, contextFactory } = yoga.getEnveloped({ request: new Request('http://test/graphql'), params: { query } });
    const contextValue = { ...(await contextFactory()), viewer };
    return (await run({ schema, document: parse(query), variableValues, contextValue })) as AsyncIterableIterator<ExecutionResult> | ExecutionResult;
  };
  const stream = async (query: string, variableValues?: Record<string, unknown>, viewer?: string) =>
    (await subscribe(query, variableValues, viewer)) as AsyncIterableIterator<ExecutionResult>;
  return { sources, mapped, subscribe, stream };
}

const IDS = 'subscription { streamThings { documents { id } resync } }';

describe('stream subscriptions sharing one execution per event', () => {
  it('maps an event handed to several subscribers once per operation and variables, all of them getting that one result', async () => {
    const { sources, mapped, stream } = setup();
    const ids = await Promise.all([stream(IDS), stream(IDS)]);
    const withN = await stream('subscription { streamThings { documents { id n } } }');
    const tagged = await stream('subscription ($tag: String) { streamThings(tag: $tag) { documents { id } } }', { tag: 'a' });
    const shared = bulk(1);
    for (const source of sources) source.push(shared);
    const [first, second, third, fourth] = await Promise.all([...ids, withN, tagged].map((s) => s.next()));
    expect(first!.value).toEqual({ data: { streamThings: { documents: [{ id: '1' }], resync: false } } });
    expect(second!.value).toBe(first!.value);
    expect(third!.value).toEqual({ data: { streamThings: { documents: [{ id: '1', n: 10 }] } } });
    expect(fourth!.value).toEqual({ data: { streamThings: { documents: [{ id: '1' }] } } });
    expect(mapped).toEqual(['1', '1', '1']);

    // Another event object, even an equal one, is another computation: never another viewer's.
    sources[0]!.push(bulk(2));
    sources[1]!.push(bulk(3));
    const [a, b] = await Promise.all(ids.map((s) => s.next()));
    expect(a!.value).toEqual({ data: { streamThings: { documents: [{ id: '2' }], resync: false } } });
    expect(b!.value).toEqual({ data: { streamThings: { documents: [{ id: '3' }], resync: false } } });
    expect(mapped).toHaveLength(5);
    await Promise.all([...ids, withN, tagged].map((s) => s.return?.()));
  });

  it('ends the source when the subscriber leaves', async () => {
    const { sources, stream } = setup();
    const subscription = await stream(IDS);
    sources[0]!.push(bulk(1));
    await subscription.next();
    await subscription.return?.();
    expect(sources[0]!.isClosed).toBe(true);
  });

  it('answers an error of the opening as yoga does', async () => {
    const { subscribe } = setup();
    const result = await subscribe('subscription ($tag: String) { streamThings(tag: $tag) { documents { id } } }', { tag: 'refused' });
    expect(result).toMatchObject({ errors: [{ message: 'Unexpected error.' }] });
  });

  it.each(['otherThings', 'streamPlain'])('leaves other subscriptions, and streams of no resync marker, to yoga (%s)', async (field) => {
    const { sources, mapped, stream } = setup();
    const query = `subscription { ${field} { documents { id } } }`;
    const streams = await Promise.all([stream(query), stream(query)]);
    const shared = bulk(1);
    for (const source of sources) source.push(shared);
    const [first, second] = await Promise.all(streams.map((s) => s.next()));
    expect(first!.value).toEqual({ data: { [field]: { documents: [{ id: '1' }] } } });
    expect(second!.value).toEqual(first!.value);
    expect(mapped).toEqual(['1', '1']);
  });

  it('maps an event per subscriber when a field of the stream resolves otherwise than from the event', async () => {
    const { sources, mapped, stream } = setup();
    const query = 'subscription { streamSeen { documents { id seenBy } } }';
    const streams = await Promise.all([stream(query, undefined, 'ana'), stream(query, undefined, 'bruno')]);
    const shared = bulk(1);
    for (const source of sources) source.push(shared);
    const [toAna, toBruno] = await Promise.all(streams.map((s) => s.next()));
    expect(toAna!.value).toEqual({ data: { streamSeen: { documents: [{ id: '1', seenBy: 'ana' }] } } });
    expect(toBruno!.value).toEqual({ data: { streamSeen: { documents: [{ id: '1', seenBy: 'bruno' }] } } });
    expect(mapped).toEqual(['1', '1']);
  });
});

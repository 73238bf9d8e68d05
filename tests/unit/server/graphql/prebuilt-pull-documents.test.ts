import { createSchema, createYoga } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { handOverPulled, usePrebuiltPullDocuments } from '../../../../src/server/graphql/prebuilt-pull-documents';
import type { PullBulk } from '../../../../src/server/sync/pull';

const FIELDS = ['id', 'n', 'note'] as const;

interface Doc {
  id: string;
  n: number;
  note: string | null;
}

/**
 * The bulk's prebuilt JSON says `"from": "json"` in every document, which no execution of the
 * schema can produce: an answer carrying it came from the prebuilt text, one without it from
 * GraphQL's execution of the same documents.
 */
function bulkOf(docs: Doc[], fields: readonly string[]): PullBulk<Doc> {
  return {
    documents: docs,
    checkpoint: { id: String(docs.length), position: 1 },
    resync: false,
    prebuilt: (asked) =>
      asked === fields ? { documents: docs, json: JSON.stringify(docs.map((doc) => ({ ...doc, from: 'json' }))) } : null,
  };
}

function setup(docs: Doc[]) {
  let refuse = false;
  const yoga = createYoga({
    schema: createSchema({
      typeDefs: /* GraphQL */ `
        type Doc { id: ID! n: Int! note: String }
        type Checkpoint { id: String! position: Int! }
        type Bulk { documents: [Doc!]! checkpoint: Checkpoint resync: Boolean! }
        type Query { pullThings(limit: Int!): Bulk! pullOthers: Bulk! }
        type Mutation { pullThings: Bulk! }
      `,
      resolvers: {
        Query: {
          pullThings: (root: unknown, args: { limit: number }, _: unknown, info: { path: { key: string | number } }) => {
            if (refuse) throw new Error('recusado');
            const bulk = bulkOf(docs.slice(0, args.limit), FIELDS);
            handOverPulled(root, String(info.path.key), bulk);
            return bulk;
          },
          pullOthers: () => bulkOf(docs, FIELDS),
        },
      },
    }),
    logging: false,
    maskedErrors: false,
    plugins: [usePrebuiltPullDocuments(new Map([['pullThings', FIELDS]]))],
  });
  const post = async (query: string, variables?: Record<string, unknown>) => {
    const response = await yoga.fetch('http://test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    return { text: await response.text(), status: response.status };
  };
  /** As graphql-ws runs an operation: yoga's enveloped execute, the result serialized by the caller. */
  const executeEnveloped = async (query: string) => {
    const { schema, parse, execute, contextFactory } = yoga.getEnveloped({ request: new Request('http://test/graphql'), params: { query } });
    return JSON.parse(JSON.stringify(await execute({ schema, document: parse(query), contextValue: await contextFactory() })));
  };
  return { post, executeEnveloped, refuse: () => (refuse = true) };
}

const DOCS: Doc[] = [
  { id: '1', n: 10, note: 'aspas " e barra \\ e \u2028 e 😀' },
  { id: '2', n: 20, note: null },
];

describe('pulled documents answered from their prebuilt JSON', () => {
  it('sends the prebuilt text for a selection of exactly its fields, in their order, and keeps the rest of the answer', async () => {
    const { post } = setup(DOCS);
    const { text } = await post('query ($l: Int!) { pullThings(limit: $l) { checkpoint { id position } documents { id n note } resync } }', { l: 2 });
    expect(JSON.parse(text)).toEqual({
      data: {
        pullThings: {
          checkpoint: { id: '2', position: 1 },
          documents: DOCS.map((doc) => ({ ...doc, from: 'json' })),
          resync: false,
        },
      },
    });
    // The documents stay where the selection put them.
    expect(Object.keys(JSON.parse(text).data.pullThings)).toEqual(['checkpoint', 'documents', 'resync']);
  });

  it('executes any other selection as usual', async () => {
    const { post } = setup(DOCS);
    const selections = [
      'documents { n id note }',
      'documents { id n }',
      'documents { id n note __typename }',
      'documents { id n renamed: note }',
      'docs: documents { id n note }',
      'documents { id n note @include(if: true) }',
      'documents { id ...rest }',
    ];
    for (const selection of selections) {
      const fragment = selection.includes('...rest') ? ' fragment rest on Doc { n note }' : '';
      const { text } = await post(`query { pullThings(limit: 2) { ${selection} } }${fragment}`);
      expect(text, selection).not.toContain('"from"');
      expect(JSON.parse(text).errors, selection).toBeUndefined();
    }
    const other = await post('query { pullOthers { documents { id n note } } }');
    expect(other.text).not.toContain('"from"');
  });

  it('keeps the documents themselves in the result for a caller that serializes it on its own (graphql-ws)', async () => {
    const { executeEnveloped } = setup(DOCS);
    expect(await executeEnveloped('query { pullThings(limit: 2) { documents { id n note } checkpoint { id } } }')).toEqual({
      data: { pullThings: { documents: DOCS, checkpoint: { id: '2' } } },
    });
  });

  it('serves each pull of one operation under its own response key', async () => {
    const { post } = setup(DOCS);
    const { text } = await post('query { a: pullThings(limit: 1) { documents { id n note } } b: pullThings(limit: 2) { documents { id n note } } }');
    const data = JSON.parse(text).data;
    expect(data.a.documents).toEqual([{ ...DOCS[0], from: 'json' }]);
    expect(data.b.documents).toEqual(DOCS.map((doc) => ({ ...doc, from: 'json' })));
  });

  it('answers a refused pull with its error and no documents', async () => {
    const { post, refuse } = setup(DOCS);
    refuse();
    const { text } = await post('query { pullThings(limit: 2) { documents { id n note } } }');
    const body = JSON.parse(text);
    expect(body.data).toBeNull();
    expect(body.errors[0].message).toBe('recusado');
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateTypes } from '../../../../src/server/graphql/codegen';
import { readSdl, sdlDir } from '../../../../src/server/graphql/sdl';

describe('generated GraphQL types', () => {
  it('match the SDL files (run `npm run gen` after changing src/shared/graphql/*.graphql)', () => {
    expect(readFileSync(`${sdlDir}generated.ts`, 'utf8')).toBe(generateTypes(readSdl()));
  });

  it('type objects, inputs, enums and every field’s arguments', () => {
    const out = generateTypes(`
      type Query { items(first: Int!, filter: Filter): [Item!]! }
      type Mutation { ping: Boolean! }
      "An item."
      type Item { id: ID! state: State tags: [String] }
      input Filter { text: String, states: [State!] }
      enum State { OPEN CLOSED }
    `);
    expect(out).toContain('/** An item. */\nexport interface Item {\n  id: string;\n  state?: Maybe<State>;\n  tags?: Maybe<Array<Maybe<string>>>;\n}');
    expect(out).toContain('export interface Filter {\n  text?: Maybe<string>;\n  states?: Maybe<Array<State>>;\n}');
    expect(out).toContain("export type State = 'OPEN' | 'CLOSED';");
    expect(out).toContain('export interface QueryItemsArgs {\n  first: number;\n  filter?: Maybe<Filter>;\n}');
    expect(out).toContain('export interface QueryFieldArgs {\n  items: QueryItemsArgs;\n}');
    expect(out).toContain('export interface MutationFieldArgs {\n  ping: NoArgs;\n}');
  });
});

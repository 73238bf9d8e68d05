import { parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_LIMITS, measureOperations } from '../../../../src/server/graphql/operation-limits';
import { PUSH_BATCH_MAX } from '../../../../src/shared/domain/sync-batches';
import { LOG_IN, openTestServer, type TestServer } from '../../../helpers/server';

/** A message's quoted message's quoted message…: valid, and as deep as asked. */
const nested = (levels: number) => {
  let inner = 'id';
  for (let i = 0; i < levels; i++) inner = `parentCustomerChat { ${inner} }`;
  return `{ customerChats(customer_id: "1", instance_id: "1") { ${inner} } }`;
};

describe('operation size', () => {
  it('measures depth, aliases and fields with fragments expanded once each', () => {
    const [size] = measureOperations(parse('query { a: __typename ...F } fragment F on Query { b: __typename __type(name: "x") { name kind } }'));
    expect(size).toEqual({ depth: 2, aliases: 2, fields: 5 });
    let bomb = 'fragment F0 on Query { __typename }';
    for (let i = 1; i <= 30; i++) bomb += ` fragment F${i} on Query { ...F${i - 1} ...F${i - 1} }`;
    const [exploded] = measureOperations(parse(`{ ...F30 } ${bomb}`));
    expect(exploded!.fields).toBe(2 ** 30);
  });

  it('lets the app’s sign-in operation through', () => {
    const [size] = measureOperations(parse(LOG_IN));
    expect(size!.depth).toBeLessThanOrEqual(OPERATION_LIMITS.maxDepth);
    expect(size!.fields).toBeLessThan(OPERATION_LIMITS.maxFields);
  });
});

describe('GraphQL cost control', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await openTestServer();
    ({ token } = await server.signIn('demo', 'admin@demo.local'));
  });
  afterAll(() => server?.close());

  const refused = async (query: string, detail: RegExp) => {
    const started = Date.now();
    const result = await server.gql('demo', query, {}, token);
    expect(result.status).toBe(400);
    expect(result.data ?? null).toBeNull();
    expect(result.errors?.[0]).toMatchObject({ message: 'Erro nos dados informados.', extensions: { code: 'VALIDATION', detail: expect.stringMatching(detail) } });
    expect(Date.now() - started).toBeLessThan(1000);
  };

  it('refuses 200-level nesting, 500 aliases and a fragment bomb before executing them', async () => {
    const ordinary = await server.gql('demo', nested(8), {}, token);
    expect(ordinary.status).toBe(200);
    expect(ordinary.errors?.[0]?.extensions?.code).not.toBe('VALIDATION');
    await refused(nested(200), /profunda/);
    await refused(`{ ${Array.from({ length: 500 }, (_, i) => `a${i}: __typename`).join(' ')} }`, /apelidos/);
    let bomb = 'fragment F0 on Query { __typename }';
    for (let i = 1; i <= 20; i++) bomb += ` fragment F${i} on Query { ...F${i - 1} ...F${i - 1} }`;
    await refused(`{ ...F20 } ${bomb}`, /grande demais/);
  });

  it('refuses a document of too many tokens', async () => {
    const result = await server.gql('demo', `{ ${Array.from({ length: OPERATION_LIMITS.maxTokens }, () => '__typename').join(' ')} }`, {}, token);
    expect(result.status).toBe(400);
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION', detail: expect.stringMatching(/símbolos/) });
  });

  it('refuses a push bigger than the client’s batch', async () => {
    const rows = Array.from({ length: PUSH_BATCH_MAX + 1 }, (_, i) => ({
      newDocumentState: { id: `tmp:big-${i}`, is_temp: true, hash: `big-${i}`, customer_id: '1', instance_id: '1', message: 'x' },
    }));
    const result = await server.gql('demo', 'mutation ($rows: [CustomerChatPushRow!]!) { pushCustomerChat(rows: $rows) { id } }', { rows }, token);
    expect(result.errors?.[0]).toMatchObject({ extensions: { code: 'VALIDATION', field: 'rows', detail: `Envie no máximo ${PUSH_BATCH_MAX} registros por vez.` } });
  });

  it('answers introspection to anonymous callers only outside production', async () => {
    const introspect = '{ __schema { queryType { name } } }';
    expect((await server.gql('demo', introspect)).data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    const production = await openTestServer({ config: { production: true } });
    try {
      const anonymous = await production.gql('demo', introspect);
      expect(anonymous.status).toBe(401);
      expect(anonymous.data ?? null).toBeNull();
      expect((await production.gql('demo', '{ __type(name: "Query") { name } }')).status).toBe(401);
      const signedIn = await production.signIn('demo', 'ana@demo.local');
      expect((await production.gql('demo', introspect, {}, signedIn.token)).data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    } finally {
      await production.close();
    }
  });
});

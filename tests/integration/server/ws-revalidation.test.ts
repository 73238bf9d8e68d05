import { sql } from 'kysely';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestServer, type TestServer } from '../../helpers/server';

/** An open websocket answers to the same rules as a new request: checked again every second here. */
describe('websocket revalidation', () => {
  let server: TestServer;
  let url: string;
  let tenantId: number;
  beforeAll(async () => {
    server = await openTestServer({ config: { wsRevalidateSeconds: 1 } });
    await server.app.fastify.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.fastify.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    url = `ws://127.0.0.1:${address.port}/demo/graphql`;
    tenantId = (await server.database.db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => server?.close());

  /** A raw graphql-ws connection, acknowledged; resolves its close code when the server ends it. */
  async function connect(email: string): Promise<{ closed: Promise<number>; socket: WebSocket }> {
    const { token } = await server.signIn('demo', email);
    const socket = new WebSocket(url, 'graphql-transport-ws');
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } })));
      socket.on('message', (data) => {
        if ((JSON.parse(String(data)) as { type: string }).type === 'connection_ack') resolve();
      });
      socket.once('error', reject);
    });
    return { closed, socket };
  }

  const userUpdate = (email: string, set: string) =>
    server.database.asOwner((db) => sql.raw(`update users set ${set} where tenant_id = ${tenantId} and email = '${email}'`).execute(db));

  it('closes the connection of a user blocked since it opened (4403), and keeps the others', async () => {
    const ana = await connect('ana@demo.local');
    const bruno = await connect('bruno@demo.local');
    await userUpdate('ana@demo.local', 'blocked_at = now()');
    expect(await ana.closed).toBe(4403);
    expect(bruno.socket.readyState).toBe(WebSocket.OPEN);
    await userUpdate('ana@demo.local', 'blocked_at = null');
    bruno.socket.close();
  });

  it('closes with 4401 when the user moves to another department, so the client reconnects with the new scope', async () => {
    const bruno = await connect('bruno@demo.local');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(bruno.socket.readyState).toBe(WebSocket.OPEN);
    await userUpdate('bruno@demo.local', `user_department_id = (select id from user_departments where tenant_id = ${tenantId} and name = 'Vendas')`);
    expect(await bruno.closed).toBe(4401);
  });

  it('answers another sync scope once the user’s department or connections changed, and the same one otherwise', async () => {
    const { token } = await server.signIn('demo', 'ana@demo.local');
    const instanceId = String(
      (await server.database.asOwner((db) => db.selectFrom('instances').select('id').where('tenant_id', '=', tenantId).orderBy('id').executeTakeFirstOrThrow())).id,
    );
    const scope = async () => {
      const result = await server.gql<{ syncScope: string }>('demo', 'query ($i: ID!) { syncScope(instance_id: $i) }', { i: instanceId }, token);
      return result.data?.syncScope;
    };
    const before = await scope();
    expect(before).toEqual(expect.any(String));
    expect(await scope()).toBe(before);
    const department = `(select user_department_id from users where tenant_id = ${tenantId} and email = 'ana@demo.local')`;
    await userUpdate('ana@demo.local', `user_department_id = (select id from user_departments where tenant_id = ${tenantId} and id <> ${department} order by id limit 1)`);
    const moved = await scope();
    expect(moved).not.toBe(before);
    await server.database.asOwner((db) =>
      sql.raw(`delete from user_instances where tenant_id = ${tenantId} and instance_id = ${instanceId} and user_id = (select id from users where tenant_id = ${tenantId} and email = 'ana@demo.local')`).execute(db),
    );
    expect(await scope()).not.toBe(moved);
  });
});

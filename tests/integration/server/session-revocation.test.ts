import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTeamServer, type TeamServer } from './support/team-server';

/**
 * Sessions end and scopes change at once (issue 12): the periodic websocket check stays at its
 * default of 60 s here, so a socket closed within a second was closed by the change itself.
 */
describe('session revocation and presence on open websockets', () => {
  let t: TeamServer;
  let url: string;
  let ids: Awaited<ReturnType<TeamServer['demoIds']>>;
  beforeAll(async () => {
    t = await openTeamServer();
    await t.server.app.fastify.listen({ port: 0, host: '127.0.0.1' });
    const address = t.server.app.fastify.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    url = `ws://127.0.0.1:${address.port}/demo/graphql`;
    ids = await t.demoIds();
  });
  afterAll(() => t?.close());

  async function connect(email: string): Promise<{ closed: Promise<number>; socket: WebSocket; token: string }> {
    const { token } = await t.server.signIn('demo', email);
    const socket = new WebSocket(url, 'graphql-transport-ws');
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } })));
      socket.on('message', (data) => {
        if ((JSON.parse(String(data)) as { type: string }).type === 'connection_ack') resolve();
      });
      socket.once('error', reject);
    });
    return { closed, socket, token };
  }

  const within = <T>(promise: Promise<T>, ms: number) =>
    Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms))]);
  const stateOf = async (search: string) => (await t.ok('admin', `query ($s: String) { users(filters: { search: $s }) { items { state } } }`, { s: search })).users.items[0].state;
  const eventually = async (check: () => Promise<boolean>, ms = 3000) => {
    const until = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > until) throw new Error('condition not met in time');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('disconnectUser closes every open tab of the user at once (4403) and leaves the others', async () => {
    const first = await connect('bruno@demo.local');
    const second = await connect('bruno@demo.local');
    const ana = await connect('ana@demo.local');
    await t.ok('admin', `mutation ($id: ID!) { disconnectUser(user_id: $id) }`, { id: ids.users.bruno });
    expect(await within(first.closed, 1500)).toBe(4403);
    expect(await within(second.closed, 1500)).toBe(4403);
    expect(ana.socket.readyState).toBe(WebSocket.OPEN);
    ana.socket.close();
  });

  it('logout closes that session’s socket at once', async () => {
    const session = await t.server.signIn('demo', 'ana@demo.local');
    const tab = await connect('ana@demo.local');
    await t.server.gql('demo', `mutation ($r: String) { disconnected(refresh_token: $r) }`, { r: session.refreshToken }, session.token);
    // Another session of Ana: still open.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(tab.socket.readyState).toBe(WebSocket.OPEN);
    await t.server.gql('demo', `mutation { disconnected }`, {}, tab.token);
    expect(await within(tab.closed, 1500)).toBe(4403);
  });

  it('a role losing a route restarts its users’ sockets at once (4401: refresh and reconnect with the new scope)', async () => {
    const ana = await connect('ana@demo.local');
    const routes = (await t.ok('admin', `query ($id: ID!) { role(id: $id) { has_permission_routes } }`, { id: ids.roles.atendente })).role.has_permission_routes as string[];
    await t.ok('admin', `mutation ($id: ID!, $r: [String!]) { updateRole(id: $id, has_permission_routes: $r) { id } }`, {
      id: ids.roles.atendente,
      r: routes.filter((route) => route !== 'chat-attendance'),
    });
    expect(await within(ana.closed, 1500)).toBe(4401);
    const verdict = await t.server.gql('demo', `mutation { verifyPermission(route: "chat-attendance") }`, {}, ana.token);
    expect(verdict.data).toEqual({ verifyPermission: false });
    await t.ok('admin', `mutation ($id: ID!, $r: [String!]) { updateRole(id: $id, has_permission_routes: $r) { id } }`, { id: ids.roles.atendente, r: routes });
  });

  it('a department change restarts the user’s sockets at once', async () => {
    const bruno = await connect('bruno@demo.local');
    await t.ok('admin', `mutation ($id: ID!, $d: ID) { updateUser(id: $id, user_department_id: $d) { id } }`, { id: ids.users.bruno, d: ids.departments.Vendas });
    expect(await within(bruno.closed, 1500)).toBe(4401);
  });

  it('shows a user online while a tab is open and offline once the last one closes', async () => {
    await t.ok('admin', `mutation ($id: ID!) { disconnectUser(user_id: $id) }`, { id: ids.users.ana });
    expect(await stateOf('ana')).toBe('offline');
    const one = await connect('ana@demo.local');
    const two = await connect('ana@demo.local');
    await eventually(async () => (await stateOf('ana')) === 'online');
    one.socket.close();
    await one.closed;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await stateOf('ana')).toBe('online');
    two.socket.close();
    await two.closed;
    await eventually(async () => (await stateOf('ana')) === 'offline');
  });
});

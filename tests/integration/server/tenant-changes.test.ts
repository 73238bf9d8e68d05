import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TenantChange } from '../../../src/shared/domain/tenant-changes';
import { publishTenantChange } from '../../../src/server/modules/tenant-changes/tenant-changes';
import { seedOtherTenant } from '../../helpers/other-tenant';
import { openTestServer, type TestServer } from '../../helpers/server';

const SUBSCRIPTION = 'subscription { tenantChanges { kind id } }';

/** The admin-change feed (DESIGN §5a): every signed-in user of the tenant, and nobody else. */
describe('tenantChanges subscription', () => {
  let server: TestServer;
  let url: string;
  let demoId: number;
  let otherId: number;
  const clients: Client[] = [];

  beforeAll(async () => {
    server = await openTestServer();
    await server.app.fastify.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.fastify.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    url = `ws://127.0.0.1:${address.port}`;
    demoId = (await server.database.db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow()).id;
    otherId = await seedOtherTenant(server);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.dispose()));
    await server?.close();
  });

  /** Subscribes as `token` on `slug` and collects what arrives; resolves once the server acknowledged. */
  async function listen(slug: string, token: string | null) {
    const client = createClient({
      url: `${url}/${slug}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: token ? { headers: { Authorization: `Bearer ${token}` } } : {},
      retryAttempts: 0,
    });
    clients.push(client);
    const received: TenantChange[] = [];
    const errors: unknown[] = [];
    await new Promise<void>((resolve) => {
      client.on('connected', () => resolve());
      client.on('closed', () => resolve());
      client.subscribe<{ tenantChanges: TenantChange }>(
        { query: SUBSCRIPTION },
        {
          next: (result) => {
            if (result.data) received.push(result.data.tenantChanges);
            if (result.errors) errors.push(...result.errors);
          },
          error: (error) => errors.push(error),
          complete: () => undefined,
        },
      );
    });
    // The subscription is registered on the server shortly after the socket's acknowledgement.
    await new Promise((resolve) => setTimeout(resolve, 200));
    return { received, errors };
  }

  const until = async (check: () => boolean, ms = 3000) => {
    const deadline = Date.now() + ms;
    while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  };

  it('delivers a change to every signed-in user of the tenant, an attendant included', async () => {
    const admin = await listen('demo', (await server.signIn('demo', 'admin@demo.local')).token);
    const ana = await listen('demo', (await server.signIn('demo', 'ana@demo.local')).token);
    await publishTenantChange(server.app.deps.services.sync!.pubsub, demoId, { kind: 'roles', id: 2 });
    await until(() => admin.received.length > 0 && ana.received.length > 0);
    expect(admin.received).toEqual([{ kind: 'roles', id: '2' }]);
    expect(ana.received).toEqual([{ kind: 'roles', id: '2' }]);
  });

  it('never delivers another tenant’s change, and refuses an anonymous subscriber', async () => {
    const other = await listen('outra', (await server.signIn('outra', 'admin@outra.test', 'Pedbot@outra1')).token);
    const anonymous = await listen('demo', null);
    const pubsub = server.app.deps.services.sync!.pubsub;
    await publishTenantChange(pubsub, demoId, { kind: 'settings' });
    await publishTenantChange(pubsub, otherId, { kind: 'categories', id: '7' });
    await until(() => other.received.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(other.received).toEqual([{ kind: 'categories', id: '7' }]);
    expect(anonymous.received).toEqual([]);
    expect(anonymous.errors.length).toBeGreaterThan(0);
  });
});

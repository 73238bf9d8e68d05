import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { feedCheckpointKey } from '../../../src/app/data/replication/replicate-collection';
import { identifierFor, rebuildForScope } from '../../../src/app/data/replication/sync-scope';
import type { SyncTransport } from '../../../src/app/data/replication/transport';
import type { ReplicatedName } from '../../../src/app/data/schema';
import { startSyncServer, type SyncServer } from './support/sync-server';
import { eventually, startClient, type TestClient } from './support/sync-client';

/**
 * The feed pull (messages, customers, settings, reactions; replication/feed-pull.ts) keeps its
 * checkpoint in a local document: a restart resumes from it, and a rebuild for another scope
 * forgets it with the rest of what the replication kept.
 */
let server: SyncServer;
let instanceId: string;
const clients: TestClient[] = [];
const NAMES: ReplicatedName[] = ['customerchats', 'chattickets', 'customers'];

beforeAll(async () => {
  server = await startSyncServer();
  instanceId = await server.instanceId();
});
afterEach(async () => {
  for (const client of clients.splice(0)) await client.remove();
});
afterAll(async () => {
  await server?.close();
});

/** Counts the documents each pull operation answered. */
function countingPulls(transport: SyncTransport) {
  const pulled = new Map<string, number>();
  const wrapped: SyncTransport = {
    ...transport,
    request: async (query, variables, operation) => {
      const data = await transport.request<Record<string, { documents?: unknown[] }>>(query, variables, operation);
      for (const [field, value] of Object.entries(data)) {
        if (field.startsWith('pull')) pulled.set(field, (pulled.get(field) ?? 0) + (value?.documents?.length ?? 0));
      }
      return data as never;
    },
  };
  return { wrapped, pulled };
}

async function syncedAdmin(phone: string) {
  await server.inbound(phone, 'Olá');
  let pulled = new Map<string, number>();
  const client = await startClient({
    baseUrl: () => server.url,
    email: 'admin@demo.local',
    instanceId,
    collections: NAMES,
    wrap: (transport) => {
      const counting = countingPulls(transport);
      pulled = counting.pulled;
      return counting.wrapped;
    },
  });
  clients.push(client);
  await eventually('the inbound message', async () => (await client.db.customerchats.find({ selector: { message: 'Olá' } }).exec()).length > 0);
  await client.engine.leader()?.awaitInSync();
  return { client, pulled: () => pulled };
}

describe('the feed pull', () => {
  it('resumes from its stored checkpoint after a restart, pulling only what changed meanwhile', async () => {
    const { client, pulled } = await syncedAdmin('5511976540001');
    expect(pulled().get('pullCustomerChat')).toBeGreaterThan(0);
    const held = await client.db.customerchats.count().exec();

    await client.close();
    await server.inbound('5511976540001', 'Mais uma');
    pulled().clear();
    await client.restart();
    await eventually('the message sent while closed', async () => (await client.db.customerchats.find({ selector: { message: 'Mais uma' } }).exec()).length === 1);
    await client.engine.leader()?.awaitInSync();

    expect(await client.db.customerchats.count().exec()).toBe(held + 1);
    expect(pulled().get('pullCustomerChat') ?? 0).toBe(1);
  });

  it('forgets its checkpoints when the local data is rebuilt for another scope', async () => {
    const { client } = await syncedAdmin('5511976540002');
    const scope = { tenant: 'demo', userId: client.user.id, instanceId };
    const key = (name: ReplicatedName) => feedCheckpointKey(identifierFor(scope, name));
    for (const name of ['customerchats', 'customers'] as const) expect((await client.db.getLocal(key(name)))?.toJSON().data).toBeTruthy();

    await client.engine.stop();
    await rebuildForScope(client.db, scope, NAMES, 'another scope');

    for (const name of ['customerchats', 'customers'] as const) expect(await client.db.getLocal(key(name))).toBeNull();
    expect(await client.db.customerchats.count().exec()).toBe(0);
  });
});

import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamQuery } from '../support/operations';
import { openSyncFixture, type SyncFixture } from '../support/sync-fixture';
import { subscribeStream, wsClient } from '../support/ws-client';

const SAVE = 'mutation ($i: ID, $v: [SettingValueInput!]!) { saveSettings(instance_id: $i, values: $v) { key } }';

/**
 * SPEC §4 "settings changed": a value saved on configs/* reaches a signed-in attendant's console
 * over the socket at once (the replicated settings collection), and a removed override goes out as
 * a tombstone; another tenant's consoles hear nothing.
 */
describe('settings reach signed-in consoles live', () => {
  let f: SyncFixture;
  let baseUrl: string;
  const clients: Client[] = [];
  beforeAll(async () => {
    f = await openSyncFixture();
    baseUrl = await f.listen();
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.dispose()));
    await f?.close();
  });

  const open = async (tenant: SyncFixture['alpha'], person: 'ana' | 'admin') => {
    const client = wsClient(baseUrl, tenant.slug, tenant.tokens[person]);
    clients.push(client);
    const stream = subscribeStream(client, streamQuery('Setting'), { instance_id: String(tenant.instanceId) });
    expect(await stream.next()).toEqual({ documents: [], checkpoint: null, resync: true });
    return stream;
  };

  it("streams a saved setting and a removed connection override to the tenant's consoles only", async () => {
    const ana = await open(f.alpha, 'ana');
    const beta = await open(f.beta, 'admin');
    await f.gql(f.alpha, 'admin', SAVE, { i: String(f.alpha.instanceId), v: [{ key: 'older_inbox_chats_first', value: 'true' }] });
    const [saved] = await ana.until((b) => b.documents.some((d) => d.key === 'older_inbox_chats_first'));
    expect(saved!.documents.find((d) => d.key === 'older_inbox_chats_first')).toMatchObject({ value: 'true', _deleted: false });

    await f.gql(f.alpha, 'admin', SAVE, { i: String(f.alpha.instanceId), v: [{ key: 'older_inbox_chats_first', value: null }] });
    const removed = await ana.until((b) => b.documents.some((d) => d.key === 'older_inbox_chats_first' && d._deleted === true));
    expect(removed.length).toBeGreaterThan(0);
    expect(await beta.quiet(300)).toEqual([]);
  });
});

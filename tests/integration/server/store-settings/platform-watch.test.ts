import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { writePlatformSetting } from '../../../../src/server/modules/settings/platform-settings';
import { PLATFORM_WATCH_MS, watchPlatformSettings, type PlatformSettingChange } from '../../../../src/server/modules/settings/platform-watch';
import { openSyncFixture, type SyncFixture } from '../support/sync-fixture';

const defaults = { whatsappStatus: 'true', maintenanceStatus: 'false' };
const until = async (check: () => boolean, timeoutMs = 5000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('globalSettingChanged (SPEC §7 "global setting changed")', () => {
  let f: SyncFixture;
  let baseUrl: string;
  const heard: PlatformSettingChange[] = [];
  let stop: () => void;
  beforeAll(async () => {
    f = await openSyncFixture();
    baseUrl = await f.listen();
    // A watch of its own reading every 20 ms, for the listener test.
    stop = watchPlatformSettings(f.database, defaults, (change) => heard.push(change), 20);
    await new Promise((resolve) => setTimeout(resolve, 100));
  });
  afterAll(async () => {
    stop?.();
    await f?.close();
  });

  it('tells listeners of a switch written by another process, once per change', async () => {
    await writePlatformSetting(f.database, 'maintenance_status', 'true');
    await until(() => heard.length > 0);
    await writePlatformSetting(f.database, 'maintenance_status', 'true');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toEqual([{ key: 'maintenance_status', value: 'true' }]);
    await writePlatformSetting(f.database, 'maintenance_status', 'false');
    await until(() => heard.length > 1);
    expect(heard.at(-1)).toEqual({ key: 'maintenance_status', value: 'false' });
  });

  it('pushes the change to every signed-in user over the socket, and refuses an anonymous subscriber', async () => {
    const subscribe = (token: string | null) => {
      const client = createClient({
        url: `${baseUrl.replace(/^http/, 'ws')}/${f.beta.slug}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: token ? { headers: { Authorization: `Bearer ${token}` } } : {},
        retryAttempts: 0,
        lazy: true,
      });
      const events: unknown[] = [];
      const errors: unknown[] = [];
      client.subscribe({ query: 'subscription { globalSettingChanged { key value } }' }, {
        next: (result) => (result.errors ? errors.push(result.errors) : events.push(result.data)),
        error: (error) => errors.push(error),
        complete: () => undefined,
      });
      return { client, events, errors };
    };
    const ana = subscribe(f.beta.tokens.ana);
    const anonymous = subscribe(null);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await writePlatformSetting(f.database, 'whatsapp_status', 'false');
    // The server's own watch reads at its normal pace (PLATFORM_WATCH_MS).
    await until(() => ana.events.length > 0, PLATFORM_WATCH_MS + 3000);
    expect(ana.events).toEqual([{ globalSettingChanged: { key: 'whatsapp_status', value: 'false' } }]);
    await until(() => anonymous.errors.length > 0);
    expect(anonymous.events).toEqual([]);
    await writePlatformSetting(f.database, 'whatsapp_status', 'true');
    await ana.client.dispose();
    await anonymous.client.dispose();
  });
});

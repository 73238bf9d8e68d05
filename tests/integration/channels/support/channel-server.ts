import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../../../../src/server/config';
import type { ChannelServices } from '../../../../src/server/channels/channel-services';
import type { SyncServices } from '../../../../src/server/sync/services';
import { TEST_APP_SECRET, TEST_VERIFY_TOKEN } from '../../../helpers/cloud-api-fixtures';
import { openTestServer, type TestServer } from '../../../helpers/server';

export interface ChannelServer {
  server: TestServer;
  channels: ChannelServices;
  sync: SyncServices;
  tenantId: number;
  /** The demo tenant's sandbox connection. */
  sandboxId: number;
  adminToken: string;
  inject(method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; json: unknown; body: string }>;
  /** Hands every queued send to its channel now. */
  dispatch(): Promise<void>;
  close(): Promise<void>;
}

/** The demo server with channels ready for tests: instant sandbox acks, media in a temp dir, Cloud API secrets of the fixtures. */
export async function openChannelServer(config: Partial<Config> = {}): Promise<ChannelServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'pedbot-channels-'));
  const server = await openTestServer({
    config: {
      dataDir,
      sandboxAckStepMs: 0,
      cloudApiAppSecret: TEST_APP_SECRET,
      cloudApiVerifyToken: TEST_VERIFY_TOKEN,
      cloudApiRetryBaseMs: 5,
      ...config,
    },
  });
  const { services } = server.app.deps;
  const tenant = await server.database.db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();
  const sandbox = await server.database.withTenant(tenant.id, (tx) =>
    tx.selectFrom('instances').select('id').where('tenant_id', '=', tenant.id).where('channel', '=', 'sandbox').orderBy('id').executeTakeFirstOrThrow(),
  );
  const { token } = await server.signIn('demo', 'admin@demo.local');
  return {
    server,
    channels: services.channels!,
    sync: services.sync!,
    tenantId: tenant.id,
    sandboxId: sandbox.id,
    adminToken: token,
    async inject(method, url, body, headers = {}) {
      const response = await server.app.fastify.inject({
        method,
        url,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        ...(body === undefined ? {} : { payload: typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body) }),
      });
      let json: unknown = null;
      try {
        json = JSON.parse(response.body);
      } catch {
        // Not JSON (a challenge, a file).
      }
      return { status: response.statusCode, json, body: response.body };
    },
    dispatch: () => services.sync!.dispatcher.drain(),
    async close() {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls `check` until it returns a value (not undefined/false) or the time is up. */
export async function eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs = 3000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

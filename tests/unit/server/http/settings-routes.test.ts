import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePlatformDefaults, writePlatformSetting } from '../../../../src/server/modules/settings/platform-settings';
import { openTestServer, type TestServer } from '../../../helpers/server';

describe('GET /api/settings/:key', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await openTestServer({ demo: false });
    await ensurePlatformDefaults(server.database, server.config);
  });
  afterAll(() => server?.close());

  const get = (key: string) => server.app.fastify.inject({ method: 'GET', url: `/api/settings/${key}` });

  it('answers the platform switches publicly, for any origin, uncached', async () => {
    const whatsapp = await get('whatsapp_status');
    expect(whatsapp.statusCode).toBe(200);
    expect(whatsapp.json()).toEqual({ value: 'true' });
    expect(whatsapp.headers['access-control-allow-origin']).toBe('*');
    expect(whatsapp.headers['cache-control']).toBe('no-store');
    expect((await get('maintenance_status')).json()).toEqual({ value: 'false' });
  });

  it('shows a change made by a platform admin at once, and keeps it over the configured defaults', async () => {
    await writePlatformSetting(server.database, 'maintenance_status', 'true');
    await ensurePlatformDefaults(server.database, server.config);
    expect((await get('maintenance_status')).json()).toEqual({ value: 'true' });
  });

  it('answers CORS preflights and 404 for other keys', async () => {
    const preflight = await server.app.fastify.inject({ method: 'OPTIONS', url: '/api/settings/whatsapp_status' });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toContain('authorization');
    expect((await get('jwt_secret')).statusCode).toBe(404);
  });

  it('keeps the app role from writing platform settings', async () => {
    await expect(
      server.database.db.updateTable('platform_settings').set({ value: 'false' }).where('key', '=', 'whatsapp_status').execute(),
    ).rejects.toThrow(/permission denied/);
  });
});

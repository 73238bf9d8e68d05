import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../../src/server/main';
import { openTestDatabase } from '../../../helpers/test-database';
import { testConfig } from '../../../helpers/server';

describe('startServer', () => {
  let server: RunningServer;
  beforeAll(async () => {
    const database = await openTestDatabase();
    const { jwtSecret, dataEncryptionKey, argon2MemoryKib, argon2TimeCost, logLevel, staticDir } = testConfig();
    server = await startServer({
      database,
      port: 0,
      demo: true,
      quiet: true,
      config: { jwtSecret, dataEncryptionKey, argon2MemoryKib, argon2TimeCost, logLevel, staticDir, host: '127.0.0.1' },
    });
  });
  afterAll(async () => {
    await server.close();
    await server.database.close();
  });

  it('listens on a free port, with platform settings and the demo tenant ready', async () => {
    expect(server.port).toBeGreaterThan(0);
    expect(server.url).toBe(`http://localhost:${server.port}`);
    const settings = await fetch(`http://127.0.0.1:${server.port}/api/settings/whatsapp_status`);
    expect(await settings.json()).toEqual({ value: 'true' });
    const response = await fetch(`http://127.0.0.1:${server.port}/demo/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'mutation { logIn(email: "admin@demo.local", password: "Pedbot@demo1") { user { id name } } }' }),
    });
    expect(await response.json()).toEqual({ data: { logIn: { user: { id: '1', name: 'Administrador Demo' } } } });
  });

  it('answers GET queries too', async () => {
    const response = await fetch(`http://127.0.0.1:${server.port}/demo/graphql?query=${encodeURIComponent('{ ping tenant { name } }')}`);
    expect(await response.json()).toEqual({ data: { ping: true, tenant: { name: 'Loja Demo' } } });
  });

  it('runs the job queue while it runs', () => {
    expect(server.app.deps.services.jobs?.started).toBe(true);
  });

  it('points reset links at the port it opened', () => {
    expect(server.app.deps.config.publicUrl).toBe(server.url);
  });
});

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerStaticApp } from '../../../../src/server/http/static-app';

describe('static app', () => {
  let dir: string;
  let fastify: FastifyInstance;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pedbot-dist-'));
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>PedBot</title>');
    await writeFile(join(dir, 'sw.js'), 'self.skipWaiting()');
    await writeFile(join(dir, 'assets', 'index-Ab12Cd.js'), 'console.log(1)');
    fastify = Fastify();
    fastify.get('/api/settings/:key', async () => ({ value: 'true' }));
    await registerStaticApp(fastify, dir);
  });
  afterAll(async () => {
    await fastify.close();
    await rm(dir, { recursive: true, force: true });
  });

  const get = (url: string) => fastify.inject({ method: 'GET', url });

  it('serves index.html for client routes, never cached', async () => {
    for (const url of ['/', '/demo', '/demo/chat/attendance', '/demo/forgot/abc_DEF-123?x=1']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<title>PedBot</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets for long and the service worker not at all', async () => {
    expect((await get('/assets/index-Ab12Cd.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/sw.js')).headers['cache-control']).toBe('no-cache');
  });

  it('answers 404, not the app, for APIs, webhooks, GraphQL and missing files', async () => {
    for (const url of ['/api/nope', '/webhooks/cloud-api', '/demo/graphql', '/assets/missing-123.js', '/logo.png']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('<title>PedBot</title>');
    }
    expect((await get('/api/settings/whatsapp_status')).json()).toEqual({ value: 'true' });
  });
});

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_CSP } from '../../../../src/server/http/security-headers';
import { openTestServer, type TestServer } from '../../../helpers/server';

describe('security headers', () => {
  let server: TestServer;
  let staticDir: string;
  beforeAll(async () => {
    staticDir = await mkdtemp(join(tmpdir(), 'pedbot-static-'));
    await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>PedBot</title>');
    server = await openTestServer({ config: { staticDir, trustProxy: true } });
  });
  afterAll(async () => {
    await server?.close();
    await rm(staticDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => server.app.fastify.inject({ method: 'GET', url, headers });

  it('sends the policy, framing, sniffing and referrer headers on the app, the API and GraphQL', async () => {
    const answers = [
      await get('/demo/chat/attendance'),
      await get('/api/settings/whatsapp_status'),
      await server.app.fastify.inject({ method: 'POST', url: '/demo/graphql', headers: { 'content-type': 'application/json' }, payload: '{"query":"{ __typename }"}' }),
      await get('/api/nothing-here'),
    ];
    for (const answer of answers) {
      expect(answer.headers).toMatchObject({
        'content-security-policy': CONSOLE_CSP,
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'no-referrer',
      });
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    }
    expect(CONSOLE_CSP).toContain("frame-ancestors 'none'");
    expect(CONSOLE_CSP).toMatch(/script-src 'self'(;|$)/);
  });

  it('adds HSTS only when served over HTTPS', async () => {
    const answer = await get('/demo/login', { 'x-forwarded-proto': 'https' });
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});

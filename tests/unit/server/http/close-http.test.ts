import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { closeHttp } from '../../../../src/server/http/close-http';

describe('closing the HTTP server', () => {
  it('answers a request running at close and ends without waiting for the keep-alive client', async () => {
    const fastify = Fastify();
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    fastify.get('/slow', async () => {
      started();
      await new Promise((resolve) => setTimeout(resolve, 300));
      return { ok: true };
    });
    await fastify.listen({ port: 0, host: '127.0.0.1' });
    const { port } = fastify.server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true });
    const answer = new Promise<string>((resolve, reject) => {
      request({ host: '127.0.0.1', port, path: '/slow', agent }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve(body));
      })
        .on('error', reject)
        .end();
    });
    await running;
    const begun = Date.now();
    await closeHttp(fastify);
    expect(Date.now() - begun).toBeLessThan(3_000);
    expect(JSON.parse(await answer)).toEqual({ ok: true });
    agent.destroy();
  });
});

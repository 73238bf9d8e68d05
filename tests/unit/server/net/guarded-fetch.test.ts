import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AddressPolicy } from '../../../../src/server/net/address-policy';
import { OutboundBlockedError, OutboundTimeoutError, OutboundTooLargeError, guardedFetch } from '../../../../src/server/net/guarded-fetch';

const MB = 1024 * 1024;

describe('address policy', () => {
  const policy = new AddressPolicy();
  it.each([
    '127.0.0.1', '127.8.9.10', '0.0.0.0', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254',
    '100.64.0.1', '224.0.0.1', '255.255.255.255', '::1', '::', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:a9fe:a9fe',
    'fe80::1', 'fd00:ec2::254', 'fc00::1', '64:ff9b::7f00:1', '2002:7f00:1::1', 'ff02::1',
  ])('refuses %s', (address) => {
    expect(policy.allowsAddress(address)).toBe(false);
  });
  it.each(['8.8.8.8', '157.240.1.1', '172.32.0.1', '2a03:2880::1', '::ffff:8.8.8.8'])('allows the public %s', (address) => {
    expect(policy.allowsAddress(address)).toBe(true);
  });
  it('lets the operator allow a range or a host name', () => {
    const operator = new AddressPolicy(['10.0.0.0/8', 'images.internal', '[::1]']);
    expect(operator.allowsAddress('10.9.9.9')).toBe(true);
    expect(operator.allowsAddress('::1')).toBe(true);
    expect(operator.allowsAddress('192.168.0.1')).toBe(false);
    expect(operator.allowsHost('IMAGES.internal')).toBe(true);
  });
});

describe('guarded fetch', () => {
  let server: Server;
  let port: number;
  const hits: string[] = [];
  let streamed = 0;
  beforeAll(async () => {
    server = createServer((request, response) => {
      hits.push(request.url ?? '');
      if (request.url === '/secret') return response.end('internal secret');
      if (request.url === '/to-loopback') return response.writeHead(302, { location: `http://127.0.0.1:${port}/secret` }).end();
      if (request.url === '/relative') return response.writeHead(301, { location: '/secret' }).end();
      if (request.url === '/declared-huge') return response.writeHead(200, { 'content-length': String(150 * MB) }).end();
      if (request.url === '/endless') {
        response.writeHead(200, { 'content-type': 'image/png' });
        const chunk = Buffer.alloc(64 * 1024, 1);
        const pump = () => {
          while (streamed < 150 * MB && response.write(chunk)) streamed += chunk.length;
          if (streamed >= 150 * MB) response.end();
        };
        response.on('drain', pump);
        response.on('close', () => response.off('drain', pump));
        return pump();
      }
      if (request.url === '/silent') return;
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const strict = { policy: new AddressPolicy(), maxBytes: MB, timeoutMs: 2000 };
  const loopbackAllowed = { policy: new AddressPolicy(['127.0.0.1']), maxBytes: MB, timeoutMs: 2000 };

  it('refuses loopback by address and by a name that resolves to it, before connecting', async () => {
    const before = hits.length;
    await expect(guardedFetch(`http://127.0.0.1:${port}/secret`, strict)).rejects.toBeInstanceOf(OutboundBlockedError);
    await expect(guardedFetch(`http://localhost:${port}/secret`, strict)).rejects.toBeInstanceOf(OutboundBlockedError);
    await expect(guardedFetch(`http://[::ffff:127.0.0.1]:${port}/secret`, strict)).rejects.toBeInstanceOf(OutboundBlockedError);
    await expect(guardedFetch('http://169.254.169.254/latest/meta-data/', strict)).rejects.toBeInstanceOf(OutboundBlockedError);
    await expect(guardedFetch('http://10.0.0.1/', strict)).rejects.toBeInstanceOf(OutboundBlockedError);
    await expect(guardedFetch('file:///etc/passwd', strict)).rejects.toBeInstanceOf(OutboundBlockedError);
    expect(hits.length).toBe(before);
  });

  it('checks every redirect target', async () => {
    // The first hop is allowed by name; its redirect to the loopback address is not.
    const byName = { ...strict, policy: new AddressPolicy(['localhost']) };
    const before = hits.length;
    await expect(guardedFetch(`http://localhost:${port}/to-loopback`, byName)).rejects.toBeInstanceOf(OutboundBlockedError);
    expect(hits.slice(before)).toEqual(['/to-loopback']);
    const followed = await guardedFetch(`http://127.0.0.1:${port}/relative`, loopbackAllowed);
    expect(Buffer.from(followed.bytes).toString()).toBe('internal secret');
  });

  it('stops reading at the size cap, declared or streamed', async () => {
    await expect(guardedFetch(`http://127.0.0.1:${port}/declared-huge`, loopbackAllowed)).rejects.toBeInstanceOf(OutboundTooLargeError);
    await expect(guardedFetch(`http://127.0.0.1:${port}/endless`, loopbackAllowed)).rejects.toBeInstanceOf(OutboundTooLargeError);
    expect(streamed).toBeLessThan(20 * MB);
  });

  it('gives up on a silent server', async () => {
    const started = Date.now();
    await expect(guardedFetch(`http://127.0.0.1:${port}/silent`, { ...loopbackAllowed, timeoutMs: 300 })).rejects.toBeInstanceOf(OutboundTimeoutError);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelTexts } from '../../../src/shared/i18n/pt-BR';
import { openChannelServer, type ChannelServer } from './support/channel-server';

// A 1x1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe('sandbox inbound images from an address (SSRF)', () => {
  let s: ChannelServer;
  let internal: Server;
  let port: number;
  const hits: string[] = [];
  beforeAll(async () => {
    internal = createServer((request, response) => {
      hits.push(request.url ?? '');
      if (request.url === '/photo.png') return response.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
      if (request.url === '/to-metadata') return response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      if (request.url === '/huge') return response.writeHead(200, { 'content-type': 'image/png', 'content-length': String(150 * 1024 * 1024) }).end();
      response.end('secret');
    });
    await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
    port = (internal.address() as AddressInfo).port;
    s = await openChannelServer();
  });
  afterAll(async () => {
    await s?.close();
    internal.closeAllConnections();
    await new Promise((resolve) => internal.close(resolve));
  });

  const send = async (from: string, image: string) => {
    const response = await s.inject('POST', `/api/sandbox/demo/${s.sandboxId}/inbound`, { from, image });
    expect(response.status).toBe(202);
    return s.server.database.withTenant(s.tenantId, (tx) =>
      tx
        .selectFrom('customer_chats')
        .innerJoin('customers', (join) => join.onRef('customers.id', '=', 'customer_chats.customer_id').onRef('customers.tenant_id', '=', 'customer_chats.tenant_id'))
        .select(['customer_chats.message', 'customer_chats.media_url'])
        .where('customers.phone_number', '=', from)
        .executeTakeFirstOrThrow(),
    );
  };

  it('never reaches the server itself or its network, and keeps the message without the file', async () => {
    for (const [from, image] of [
      ['5511977770001', `http://127.0.0.1:${port}/secret`],
      ['5511977770002', `http://localhost:${port}/secret`],
      ['5511977770003', 'http://169.254.169.254/latest/meta-data/'],
      ['5511977770004', 'http://192.168.0.1/'],
    ] as const) {
      const stored = await send(from, image);
      expect(stored).toEqual({ message: channelTexts.mediaUnavailable, media_url: null });
    }
    expect(hits).toEqual([]);
  });

  it('checks the redirect target and refuses an oversized answer, when the first address is allowed', async () => {
    const allowed = await openChannelServer({ outboundFetchAllow: ['127.0.0.1'] });
    try {
      const inbound = (from: string, image: string) => allowed.inject('POST', `/api/sandbox/demo/${allowed.sandboxId}/inbound`, { from, image });
      const stored = (from: string) =>
        allowed.server.database.withTenant(allowed.tenantId, (tx) =>
          tx
            .selectFrom('customer_chats')
            .innerJoin('customers', (join) => join.onRef('customers.id', '=', 'customer_chats.customer_id').onRef('customers.tenant_id', '=', 'customer_chats.tenant_id'))
            .select(['customer_chats.message', 'customer_chats.media_url'])
            .where('customers.phone_number', '=', from)
            .executeTakeFirstOrThrow(),
        );
      expect((await inbound('5511977770005', `http://127.0.0.1:${port}/photo.png`)).status).toBe(202);
      expect((await stored('5511977770005')).media_url).toMatch(/^\/api\/file\/[0-9a-f]{32}\.png$/);
      expect((await inbound('5511977770006', `http://127.0.0.1:${port}/to-metadata`)).status).toBe(202);
      expect(await stored('5511977770006')).toEqual({ message: channelTexts.mediaUnavailable, media_url: null });
      expect((await inbound('5511977770007', `http://127.0.0.1:${port}/huge`)).status).toBe(202);
      expect(await stored('5511977770007')).toEqual({ message: channelTexts.mediaUnavailable, media_url: null });
    } finally {
      await allowed.close();
    }
  });
});

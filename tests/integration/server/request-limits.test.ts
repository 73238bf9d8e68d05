import { connect } from 'node:net';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_MAX_FRAME_BYTES } from '../../../src/server/http/websocket';
import { openTestServer, type TestServer } from '../../helpers/server';

/** Memory a stranger can make the server spend: bodies and frames are refused before they are read. */
describe('request limits before and after sign-in', () => {
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    server = await openTestServer();
    await server.app.fastify.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.fastify.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    port = address.port;
  });
  afterAll(() => server?.close());

  /** Sends only the head of a request announcing a big body and resolves what the server answers. */
  const headOnly = (head: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(head));
      let answer = '';
      socket.on('data', (chunk) => (answer += String(chunk)));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
      setTimeout(() => {
        socket.destroy();
        resolve(answer);
      }, 3000);
    });

  it('refuses an upload without a valid token before reading its body, and closes the connection', async () => {
    const started = Date.now();
    const answer = await headOnly(
      'POST /api/file/upload HTTP/1.1\r\nHost: x\r\nContent-Type: image/png\r\nAuthorization: Bearer forged\r\nContent-Length: 104857000\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 401/);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('still takes an upload from a signed-in user', async () => {
    const { token } = await server.signIn('demo', 'ana@demo.local');
    const response = await fetch(`http://127.0.0.1:${port}/api/file/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
      body: 'olá',
    });
    expect(response.status).toBe(201);
  });

  const open = () =>
    new Promise<WebSocket>((resolve, reject) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/demo/graphql`, 'graphql-transport-ws');
      socket.once('open', () => resolve(socket));
      socket.once('error', reject);
    });
  const closeCode = (socket: WebSocket) => new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));

  it('closes a socket whose first frame is bigger than a sign-in needs', async () => {
    const socket = await open();
    const closed = closeCode(socket);
    socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: 'x'.repeat(WS_MAX_FRAME_BYTES.beforeSignIn + 1) } }));
    expect(await closed).toBe(1009);
  });

  it('closes a signed-in socket that sends a frame above the cap, and keeps one of ordinary size', async () => {
    const { token } = await server.signIn('demo', 'ana@demo.local');
    const socket = await open();
    const closed = closeCode(socket);
    const acked = new Promise<void>((resolve) =>
      socket.on('message', (data) => {
        if ((JSON.parse(String(data)) as { type: string }).type === 'connection_ack') resolve();
      }),
    );
    socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } }));
    await acked;
    socket.send(JSON.stringify({ type: 'ping', payload: { filler: 'x'.repeat(WS_MAX_FRAME_BYTES.beforeSignIn * 2) } }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(socket.readyState).toBe(WebSocket.OPEN);
    socket.send('x'.repeat(WS_MAX_FRAME_BYTES.afterSignIn + 1));
    expect(await closed).toBe(1009);
  });

  it('answers a mutation sent over the socket with an error for it, and keeps the socket', async () => {
    const { token } = await server.signIn('demo', 'ana@demo.local');
    const socket = await open();
    const messages: Array<{ type: string; id?: string; payload?: unknown }> = [];
    const next = (type: string) =>
      new Promise<{ type: string; id?: string; payload?: unknown }>((resolve) =>
        socket.on('message', (data) => {
          const message = JSON.parse(String(data)) as { type: string; id?: string; payload?: unknown };
          messages.push(message);
          if (message.type === type) resolve(message);
        }),
      );
    const acked = next('connection_ack');
    socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } }));
    await acked;
    const refused = next('error');
    socket.send(JSON.stringify({ id: 'm1', type: 'subscribe', payload: { query: 'mutation { connected(ip: "1.1.1.1") }' } }));
    expect(await refused).toMatchObject({ id: 'm1', type: 'error', payload: [{ message: expect.any(String) }] });
    const pong = next('pong');
    socket.send(JSON.stringify({ type: 'ping' }));
    await pong;
    expect(socket.readyState).toBe(WebSocket.OPEN);
    socket.close();
  });
});

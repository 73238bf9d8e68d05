import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { createSyncSocket, SPEC_SOCKET_TIMING, type SyncSocket } from '../../../../src/app/data/replication/sync-socket';

/**
 * The socket's timing rules (SPEC §4, §9) on a bare graphql-transport-ws peer, with the spec's
 * 29 s / 1 s / 20 × 300 ms / 1.6 s scaled down so the test runs in a blink.
 */
const timing = { keepAliveMs: 40, pongTimeoutMs: 40, reconnectMs: 30, sendRetryMs: 10, sendRetries: 5, delayedReconnectMs: 120 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for what the timing rules make happen; a loaded machine may need longer than the scaled timings. */
async function until(holds: () => boolean, timeoutMs = 10_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !holds(); await sleep(10)) {
    if (Date.now() > deadline) throw new Error('the expected socket behaviour did not happen in time');
  }
}

interface Peer {
  url: string;
  connections: number[];
  server: WebSocketServer;
}

function peer(behave: (socket: WebSocket, index: number) => void): Promise<Peer> {
  return new Promise((resolve) => {
    const connections: number[] = [];
    const server = new WebSocketServer({ port: 0, handleProtocols: () => 'graphql-transport-ws' }, () => {
      resolve({ url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`, connections, server });
    });
    server.on('connection', (socket) => {
      connections.push(Date.now());
      behave(socket, connections.length);
    });
  });
}

/** Acknowledges the connection; answers pings unless `onPing` is given (then it stays silent). */
const acking = (socket: WebSocket, onPing?: () => void) =>
  socket.on('message', (raw) => {
    const message = JSON.parse(String(raw)) as { type: string };
    if (message.type === 'connection_init') socket.send(JSON.stringify({ type: 'connection_ack' }));
    if (message.type === 'ping') {
      if (onPing) onPing();
      else socket.send(JSON.stringify({ type: 'pong' }));
    }
  });

let open: Array<{ socket: SyncSocket; server: WebSocketServer }> = [];
afterEach(async () => {
  for (const { socket, server } of open) {
    await socket.dispose();
    for (const client of server.clients) client.terminate();
    await new Promise((resolve) => server.close(resolve));
  }
  open = [];
});

const connect = (p: Peer) => {
  const socket = createSyncSocket({ url: p.url, getToken: async () => 't', webSocketImpl: WebSocket, timing });
  open.push({ socket, server: p.server });
  return socket;
};

describe('the sync socket', () => {
  it('uses the spec timing by default: ping 29 s, reconnect 1 s, 20 sends 300 ms apart, then 1.6 s', () => {
    expect(SPEC_SOCKET_TIMING).toMatchObject({ keepAliveMs: 29_000, reconnectMs: 1_000, sendRetryMs: 300, sendRetries: 20, delayedReconnectMs: 1_600 });
  });

  it('reconnects after a close and reports it, so replication can RESYNC', async () => {
    const p = await peer((socket, index) => {
      acking(socket);
      if (index === 1) setTimeout(() => socket.close(4000, 'bye'), 30);
    });
    const socket = connect(p);
    let reconnects = 0;
    socket.reconnected$.subscribe(() => (reconnects += 1));
    await until(() => reconnects >= 1);
    expect(p.connections).toHaveLength(2);
    expect(reconnects).toBe(1);
    expect(p.connections[1]! - p.connections[0]!).toBeGreaterThanOrEqual(30 + timing.reconnectMs - 5);
  });

  it('gives a connection that is never acknowledged 20 checks, then reconnects after the longer delay', async () => {
    const p = await peer(() => undefined);
    connect(p);
    await until(() => p.connections.length >= 2);
    expect(p.connections.length).toBeGreaterThanOrEqual(2);
    const gap = p.connections[1]! - p.connections[0]!;
    expect(gap).toBeGreaterThanOrEqual(timing.sendRetries * timing.sendRetryMs + timing.delayedReconnectMs - 10);
  });

  it('pings on the keep-alive period and drops a socket whose pong does not come back', async () => {
    let pings = 0;
    const p = await peer((socket) => acking(socket, () => (pings += 1)));
    const socket = connect(p);
    const statuses: string[] = [];
    socket.status$.subscribe((s) => statuses.push(s));
    await until(() => p.connections.length >= 2 && statuses.includes('closed'));
    expect(pings).toBeGreaterThanOrEqual(1);
    expect(p.connections.length).toBeGreaterThanOrEqual(2);
    expect(statuses).toContain('closed');
  });
});

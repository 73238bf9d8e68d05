import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openChannelServer, type ChannelServer } from './support/channel-server';

interface InstanceEvent {
  id: string;
  activated: boolean;
}

/** The instanceUpdated stream opens with the current state, so a drop just before it is never missed. */
describe('instanceUpdated subscription', () => {
  let s: ChannelServer;
  let baseUrl: string;
  let client: Client;
  beforeAll(async () => {
    s = await openChannelServer();
    await s.server.app.fastify.listen({ port: 0, host: '127.0.0.1' });
    const address = s.server.app.fastify.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    baseUrl = `ws://127.0.0.1:${address.port}`;
    const { token } = await s.server.signIn('demo', 'ana@demo.local');
    client = createClient({
      url: `${baseUrl}/demo/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { headers: { Authorization: `Bearer ${token}` } },
      retryAttempts: 0,
    });
  });
  afterAll(async () => {
    await client?.dispose();
    await s?.close();
  });

  function listen(): { events: InstanceEvent[]; until: (n: number) => Promise<InstanceEvent[]>; stop: () => void } {
    const events: InstanceEvent[] = [];
    const stop = client.subscribe<{ instanceUpdated: InstanceEvent }>(
      { query: 'subscription { instanceUpdated { id activated } }' },
      { next: (result) => result.data && events.push(result.data.instanceUpdated), error: () => undefined, complete: () => undefined },
    );
    const until = async (n: number) => {
      const deadline = Date.now() + 5_000;
      while (events.length < n && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      return events;
    };
    return { events, until, stop };
  }

  it('opens with each usable connection as it is now, then follows its drop and restore', async () => {
    const drop = (action: 'drop' | 'restore') => s.inject('POST', `/api/sandbox/demo/${s.sandboxId}/${action}`, {});
    const stream = listen();
    // The demo's two sandbox connections, each as it is now.
    expect(await stream.until(2)).toContainEqual({ id: String(s.sandboxId), activated: true });
    expect((await drop('drop')).status).toBe(200);
    expect((await stream.until(3))[2]).toEqual({ id: String(s.sandboxId), activated: false });
    stream.stop();

    // Subscribed after the drop: the opening state tells it.
    const late = listen();
    expect(await late.until(2)).toContainEqual({ id: String(s.sandboxId), activated: false });
    expect((await drop('restore')).status).toBe(200);
    expect((await late.until(3))[2]).toEqual({ id: String(s.sandboxId), activated: true });
    late.stop();
  });
});

import { describe, expect, it } from 'vitest';
import { OPERATION_HEADER } from '../../../../src/app/data/replication/outbox-contract';
import type { SyncRequestError } from '../../../../src/app/data/replication/transport';
import { createHttpTransport } from '../../../../src/app/data/replication/transport';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the replication transport', () => {
  it('refreshes an expired token once and retries with the new one', async () => {
    const seen: Array<string | null> = [];
    const refreshes: boolean[] = [];
    const transport = createHttpTransport({
      endpoint: 'http://pedbot.test/demo/graphql',
      getToken: async (force) => {
        refreshes.push(force);
        return force ? 'new' : 'old';
      },
      fetch: async (_url, init) => {
        const auth = new Headers(init?.headers).get('authorization');
        seen.push(auth);
        return auth === 'Bearer old'
          ? json(401, { errors: [{ message: 'Token has expired', extensions: { code: 'TOKEN_EXPIRED' } }] })
          : json(200, { data: { ok: true } });
      },
    });
    expect(await transport.request('{ ok }', {})).toEqual({ ok: true });
    expect(seen).toEqual(['Bearer old', 'Bearer new']);
    expect(refreshes).toEqual([false, true]);
    expect(transport.wsUrl()).toBe('ws://pedbot.test/demo/graphql');
  });

  it('classifies failures: network and server trouble are retried, refusals are final', async () => {
    const failing = (respond: () => Promise<Response>) =>
      createHttpTransport({ endpoint: 'http://x/demo/graphql', getToken: async () => 't', fetch: respond });
    const kindOf = (respond: () => Promise<Response>) =>
      failing(respond)
        .request('{ x }', {})
        .then(
          () => 'ok',
          (error: SyncRequestError) => error.kind,
        );
    expect(await kindOf(() => Promise.reject(new TypeError('fetch failed')))).toBe('network');
    expect(await kindOf(async () => json(200, { errors: [{ message: 'Algo está errado.', extensions: { code: 'INTERNAL' } }] }))).toBe(
      'transient',
    );
    expect(await kindOf(async () => json(400, { errors: [{ message: 'Possível tentativa de Ataque', extensions: { code: 'ATTACK' } }] }))).toBe(
      'final',
    );
    expect(await kindOf(async () => json(401, { errors: [{ message: 'Unauthorized', extensions: { code: 'UNAUTHORIZED' } }] }))).toBe(
      'unauthorized',
    );
    // A proxy in front of the server answers in its own words: too much now is retried, a refused request is not.
    expect(await kindOf(async () => new Response('<html>Too Many Requests</html>', { status: 429 }))).toBe('transient');
    expect(await kindOf(async () => new Response('<html>Request Timeout</html>', { status: 408 }))).toBe('transient');
    expect(await kindOf(async () => new Response('<html>Bad Gateway</html>', { status: 502 }))).toBe('transient');
    expect(await kindOf(async () => new Response('<html>Payload Too Large</html>', { status: 413 }))).toBe('final');
  });

  it('marks send pushes for the service worker outbox, and nothing else', async () => {
    const headers: Array<string | null> = [];
    const transport = createHttpTransport({
      endpoint: 'http://x/demo/graphql',
      getToken: async () => 't',
      fetch: async (_url, init) => {
        headers.push(new Headers(init?.headers).get(OPERATION_HEADER));
        return json(200, { data: {} });
      },
    });
    await transport.request('mutation { pushCustomerChat }', {}, 'pushCustomerChat');
    await transport.request('{ pullCustomerChat }', {});
    expect(headers).toEqual(['pushCustomerChat', null]);
  });
});

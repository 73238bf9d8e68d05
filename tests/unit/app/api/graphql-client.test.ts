import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureGraphqlClient, gqlRequest } from '../../../../src/app/api/graphql-client';
import { GraphqlRequestError } from '../../../../src/app/api/request-error';
import { loadingState, showLoading } from '../../../../src/app/state/loading';
import type { SignedInUser } from '../../../../src/app/state/session';
import { endSession, sessionState, startSession } from '../../../../src/app/state/session';
import { signedInAdmin } from '../support/signed-in-user';
import { fakeGraphqlServer } from './fake-fetch';

const user: SignedInUser = signedInAdmin();

const isRefresh = (query: string) => query.includes('refreshToken');

describe('gqlRequest', () => {
  const onError = vi.fn();
  const onUnauthorized = vi.fn();

  beforeEach(() => {
    configureGraphqlClient({ onError, onUnauthorized });
    startSession('demo', { token: 'old', refresh_token: 'r1', expires_in: 900 }, user, false);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
    endSession();
  });

  it('posts to /:tenant/graphql with the bearer token and returns data', async () => {
    const calls = fakeGraphqlServer(() => ({ body: { data: { ping: true } } }));
    await expect(gqlRequest('{ ping }', {}, { tenant: 'demo' })).resolves.toEqual({ ping: true });
    expect(calls[0]?.url).toBe('/demo/graphql');
    expect(calls[0]?.authorization).toBe('Bearer old');
  });

  it('refreshes once for concurrent calls on 401 "Token has expired" and retries each call once', async () => {
    const calls = fakeGraphqlServer(({ body, authorization }) => {
      if (isRefresh(body.query)) {
        return { body: { data: { refreshToken: { token: 'new', refresh_token: 'r2', expires_in: 900 } } } };
      }
      return authorization === 'Bearer new'
        ? { body: { data: { ok: body.variables.n } } }
        : { status: 401, body: { errors: [{ message: 'Token has expired' }] } };
    });
    const results = await Promise.all([1, 2, 3].map((n) => gqlRequest('{ ok }', { n }, { tenant: 'demo' })));
    expect(results).toEqual([{ ok: 1 }, { ok: 2 }, { ok: 3 }]);
    const refreshes = calls.filter((call) => isRefresh(call.body.query));
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.body.variables).toEqual({ refresh_token: 'r1' });
    expect(sessionState.current?.refreshToken).toBe('r2');
  });

  it('refreshes an access token known to be expired before sending', async () => {
    startSession('demo', { token: 'old', refresh_token: 'r1', expires_in: -1 }, user, false);
    const calls = fakeGraphqlServer(({ body }) =>
      isRefresh(body.query)
        ? { body: { data: { refreshToken: { token: 'new', refresh_token: 'r2', expires_in: 900 } } } }
        : { body: { data: { ok: true } } },
    );
    await gqlRequest('{ ok }', {}, { tenant: 'demo' });
    expect(calls.map((call) => call.authorization)).toEqual([null, 'Bearer new']);
  });

  it('drops the session and asks for login on 401 "Unauthorized"', async () => {
    fakeGraphqlServer(() => ({ status: 401, body: { errors: [{ message: 'Unauthorized' }] } }));
    await expect(gqlRequest('{ ok }', {}, { tenant: 'demo' })).rejects.toBeInstanceOf(GraphqlRequestError);
    expect(sessionState.current).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledWith('demo');
    expect(onError).not.toHaveBeenCalled();
  });

  it('signs out when the refresh token is refused', async () => {
    fakeGraphqlServer(({ body }) =>
      isRefresh(body.query)
        ? { status: 401, body: { errors: [{ message: 'Unauthorized' }] } }
        : { status: 401, body: { errors: [{ message: 'Token has expired' }] } },
    );
    await expect(gqlRequest('{ ok }', {}, { tenant: 'demo' })).rejects.toMatchObject({ kind: 'expired' });
    expect(sessionState.current).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledWith('demo');
  });

  it('reports other errors and closes the loading overlays', async () => {
    fakeGraphqlServer(() => ({
      body: { errors: [{ message: 'Dados inválidos', extensions: { code: 'VALIDATION', detail: 'Nome obrigatório.' } }] },
    }));
    showLoading();
    showLoading();
    await expect(gqlRequest('{ ok }', {}, { tenant: 'demo' })).rejects.toMatchObject({ kind: 'validation' });
    expect(loadingState.count).toBe(0);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ detail: 'Nome obrigatório.' });
    expect(sessionState.current).not.toBeNull();
  });

  it('stays quiet when asked not to notify, and sends no token without auth', async () => {
    const calls = fakeGraphqlServer(() => ({ body: { errors: [{ message: 'Falhou' }] } }));
    await expect(gqlRequest('{ ok }', {}, { tenant: 'demo', auth: false, notify: false })).rejects.toMatchObject({
      kind: 'other',
    });
    expect(onError).not.toHaveBeenCalled();
    expect(calls[0]?.authorization).toBeNull();
  });

  it('turns a failed fetch into a network error', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(gqlRequest('{ ok }', {}, { tenant: 'demo' })).rejects.toMatchObject({ kind: 'network' });
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ kind: 'network' });
  });
});

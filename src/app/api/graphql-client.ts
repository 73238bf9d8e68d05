import { closeLoadingOverlays } from '../state/loading';
import {
  adoptSession,
  endSession,
  isTokenFresh,
  readStoredSession,
  sessionFor,
  sessionState,
  updateTokens,
} from '../state/session';
import type { TokenGrant } from '../state/session';
import { GraphqlRequestError, classifyFailure } from './request-error';
import type { GraphqlErrorEntry } from './request-error';

export interface RequestOptions {
  tenant: string;
  /** Send the bearer token and follow the two 401s (default true); false for sign-in calls. */
  auth?: boolean;
  /** Show failures as notifications (default true); background work such as sync passes false. */
  notify?: boolean;
  signal?: AbortSignal;
}

interface ClientHooks {
  /** Shows an error to the user (the UI wires Mantine notifications here). */
  onError: (error: GraphqlRequestError) => void;
  /** The session was dropped after 401 'Unauthorized'; the UI goes to /:tenant/login. */
  onUnauthorized: (tenant: string) => void;
}

const hooks: ClientHooks = { onError: () => undefined, onUnauthorized: () => undefined };

export function configureGraphqlClient(next: Partial<ClientHooks>): void {
  Object.assign(hooks, next);
}

const REFRESH = `mutation RefreshToken($refresh_token: String!) {
  refreshToken(refresh_token: $refresh_token) { token refresh_token expires_in }
}`;

async function post(
  tenant: string,
  query: string,
  variables: Record<string, unknown>,
  token: string | null,
  signal?: AbortSignal,
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(`/${encodeURIComponent(tenant)}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ query, variables }),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new GraphqlRequestError('network', error instanceof Error ? error.message : String(error));
  }
  const body = (await response.json().catch(() => null)) as {
    data?: unknown;
    errors?: GraphqlErrorEntry[];
    message?: unknown;
  } | null;
  const entries = body?.errors ?? (typeof body?.message === 'string' ? [{ message: body.message }] : undefined);
  const failure = classifyFailure(response.status, entries);
  if (failure) throw failure;
  return body?.data;
}

async function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = globalThis.navigator?.locks;
  return locks ? await locks.request('pedbot-token-refresh', task) : task();
}

/** Resolves to the new access token, or null when the refresh token was refused. */
async function rotate(): Promise<string | null> {
  const mine = sessionState.current;
  if (!mine) return null;
  // Another tab of a remembered session may have rotated the pair already; presenting the old
  // refresh token again would revoke the whole family (DESIGN §3).
  const stored = readStoredSession();
  const latest = stored && stored.tenant === mine.tenant && stored.user.id === mine.user.id ? stored : mine;
  if (latest.token !== mine.token && isTokenFresh(latest)) {
    adoptSession(latest);
    return latest.token;
  }
  try {
    const data = (await post(mine.tenant, REFRESH, { refresh_token: latest.refreshToken }, null)) as {
      refreshToken: TokenGrant;
    };
    updateTokens(data.refreshToken);
    return data.refreshToken.token;
  } catch (error) {
    if (error instanceof GraphqlRequestError && error.kind === 'network') throw error;
    return null;
  }
}

let refreshing: Promise<string | null> | null = null;

/**
 * Trades the refresh token for a new pair, once at a time (single flight in this tab, a Web Lock
 * across tabs). Rejects with a 'network' error when the server cannot be reached.
 */
export function refreshAccessToken(): Promise<string | null> {
  refreshing ??= withRefreshLock(rotate).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * A usable access token for the signed-in session, refreshed first when it has expired; the
 * stale one when the server cannot be reached (the call will fail on its own); null when signed out.
 */
export async function getAccessToken(): Promise<string | null> {
  const session = sessionState.current;
  if (!session) return null;
  if (isTokenFresh(session)) return session.token;
  if (!session.refreshToken) return session.token;
  try {
    return await refreshAccessToken();
  } catch {
    return session.token;
  }
}

async function send(query: string, variables: Record<string, unknown>, options: RequestOptions): Promise<unknown> {
  const token = sessionFor(options.tenant) ? await getAccessToken() : null;
  try {
    return await post(options.tenant, query, variables, token, options.signal);
  } catch (error) {
    if (!(token && error instanceof GraphqlRequestError && error.kind === 'expired')) throw error;
    const fresh = await refreshAccessToken();
    if (!fresh) throw error;
    return post(options.tenant, query, variables, fresh, options.signal);
  }
}

/**
 * POSTs one GraphQL operation to /:tenant/graphql (SPEC §7) and returns its `data`. Failures throw
 * a GraphqlRequestError after the catalogue's side effects (SPEC §8): overlays close; 401 'Token
 * has expired' is refreshed and retried once; 401 'Unauthorized' drops the session and goes to
 * login; anything else becomes a notification unless `notify` is false.
 */
export async function gqlRequest<T>(
  query: string,
  variables: Record<string, unknown> = {},
  options: RequestOptions,
): Promise<T> {
  const auth = options.auth ?? true;
  try {
    return (await (auth ? send(query, variables, options) : post(options.tenant, query, variables, null, options.signal))) as T;
  } catch (error) {
    if (!(error instanceof GraphqlRequestError)) throw error;
    closeLoadingOverlays();
    if (auth && (error.kind === 'unauthorized' || error.kind === 'expired')) {
      if (sessionFor(options.tenant)) endSession();
      hooks.onUnauthorized(options.tenant);
    } else if (options.notify ?? true) {
      hooks.onError(error);
    }
    throw error;
  }
}

import { OPERATION_HEADER } from './outbox-contract';

/**
 * How replication reaches the server: GraphQL over HTTP for pull and push, graphql-ws for streams.
 * The app binds it to the session (bearer token, refresh); tests bind it to a signed-in user.
 * Failures are classified so replication knows what to retry: network, expired and internal
 * errors are transient (RxDB retries), while validation, attack and forbidden answers are final.
 */
export type SyncErrorKind = 'network' | 'expired' | 'unauthorized' | 'final' | 'transient';

export class SyncRequestError extends Error {
  constructor(
    readonly kind: SyncErrorKind,
    message: string,
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'SyncRequestError';
  }
}

export interface SyncTransport {
  /** POSTs one operation and returns its data; throws SyncRequestError. */
  request<T>(query: string, variables: Record<string, unknown>, operation?: string): Promise<T>;
  /** ws:// or wss:// address of the tenant's graphql-ws endpoint, read at every connection. */
  wsUrl(): string;
  /** A usable access token; `forceRefresh` after the server refused the last one. */
  getToken(forceRefresh: boolean): Promise<string | null>;
  webSocketImpl?: unknown;
}


const FINAL_CODES = new Set(['VALIDATION', 'VALIDATION_ERROR', 'BAD_USER_INPUT', 'ATTACK', 'FORBIDDEN', 'NOT_FOUND']);
/**
 * Refusals without a GraphQL answer that say "not now" (a proxy's timeout or rate limit): a send
 * marked failed for good on one of them would wait for the attendant's retry instead of going out.
 */
const RETRY_LATER = new Set([408, 425, 429]);

interface ErrorEntry {
  message?: string;
  extensions?: { code?: string };
}

function classify(status: number, errors: ErrorEntry[] | undefined): SyncRequestError | null {
  const first = errors?.[0];
  const code = first?.extensions?.code ?? null;
  const message = first?.message ?? `HTTP ${status}`;
  if (code === 'TOKEN_EXPIRED' || /token has expired/i.test(message)) return new SyncRequestError('expired', message, code);
  if (status === 401 || code === 'UNAUTHORIZED') return new SyncRequestError('unauthorized', message, code);
  if (errors?.length) return new SyncRequestError(code && FINAL_CODES.has(code) ? 'final' : 'transient', message, code);
  if (status >= 400) return new SyncRequestError(status >= 500 || RETRY_LATER.has(status) ? 'transient' : 'final', message, code);
  return null;
}

export interface HttpTransportOptions {
  /** Absolute address of /:tenant/graphql (a function when it may move, as in tests). */
  endpoint: string | (() => string);
  getToken: (forceRefresh: boolean) => Promise<string | null>;
  fetch?: typeof fetch;
  webSocketImpl?: unknown;
}

export function createHttpTransport(options: HttpTransportOptions): SyncTransport {
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const endpoint = () => (typeof options.endpoint === 'string' ? options.endpoint : options.endpoint());

  async function post<T>(query: string, variables: Record<string, unknown>, token: string | null, operation?: string) {
    let response: Response;
    try {
      response = await fetchImpl(endpoint(), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(operation ? { [OPERATION_HEADER]: operation } : {}),
        },
        body: JSON.stringify({ query, variables }),
      });
    } catch (error) {
      throw new SyncRequestError('network', error instanceof Error ? error.message : String(error));
    }
    const body = (await response.json().catch(() => null)) as { data?: T; errors?: ErrorEntry[] } | null;
    const failure = classify(response.status, body?.errors);
    if (failure) throw failure;
    if (!body?.data) throw new SyncRequestError('transient', `HTTP ${response.status} without data`);
    return body.data;
  }

  return {
    wsUrl: () => endpoint().replace(/^http/, 'ws'),
    webSocketImpl: options.webSocketImpl,
    getToken: options.getToken,
    async request<T>(query: string, variables: Record<string, unknown>, operation?: string): Promise<T> {
      try {
        return await post<T>(query, variables, await options.getToken(false), operation);
      } catch (error) {
        if (!(error instanceof SyncRequestError) || error.kind !== 'expired') throw error;
        return post<T>(query, variables, await options.getToken(true), operation);
      }
    },
  };
}

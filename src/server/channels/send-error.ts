/**
 * A send the provider refused. `reason` is the pt-BR text the attendant sees on the failed
 * message; `retryable` says whether sending the same message again later may succeed.
 */
export class ChannelSendError extends Error {
  constructor(
    readonly reason: string,
    readonly retryable: boolean,
    readonly providerCode: number | null = null,
    readonly code: ChannelErrorCode = 'PROVIDER_ERROR',
  ) {
    super(reason);
    this.name = 'ChannelSendError';
  }
}

/** Stable codes for the client (GraphQL `extensions.code`): the composer offers templates on the first. */
export type ChannelErrorCode = 'OUTSIDE_SERVICE_WINDOW' | 'CONNECTION_OFFLINE' | 'NOT_CONFIGURED' | 'RATE_LIMITED' | 'MESSAGING_LIMIT' | 'PROVIDER_ERROR';

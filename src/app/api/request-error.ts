import { errors as texts } from '../../shared/i18n/pt-BR';

/**
 * One entry of a GraphQL response's `errors`. The server's contract (src/server/graphql/errors.ts):
 * `message` is the notice title, `extensions.code` the catalogue entry, `extensions.detail` the
 * first message to show under the title (for validation: the first invalid field's message).
 */
export interface GraphqlErrorEntry {
  message: string;
  extensions?: { code?: unknown; detail?: unknown; [key: string]: unknown };
}

export type RequestErrorKind =
  | 'validation'
  | 'attack'
  | 'expired'
  | 'unauthorized'
  | 'tenant-invalid'
  | 'network'
  | 'other';

export class GraphqlRequestError extends Error {
  constructor(
    readonly kind: RequestErrorKind,
    message: string,
    readonly code: string | null = null,
    readonly status = 0,
    readonly detail: string | null = null,
    /** The input field the server refused (validation, attack), as its dotted path. */
    readonly field: string | null = null,
  ) {
    super(message);
    this.name = 'GraphqlRequestError';
  }
}

const KIND_BY_CODE: Readonly<Record<string, RequestErrorKind>> = {
  TOKEN_EXPIRED: 'expired',
  UNAUTHORIZED: 'unauthorized',
  UNAUTHENTICATED: 'unauthorized',
  TENANT_INVALID: 'tenant-invalid',
  ATTACK: 'attack',
  VALIDATION: 'validation',
};

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** Maps an HTTP status and GraphQL errors onto the spec's catalogue (SPEC §8); null = success. */
export function classifyFailure(status: number, entries: readonly GraphqlErrorEntry[] | undefined): GraphqlRequestError | null {
  const first = entries?.[0];
  if (!first) {
    if (status >= 200 && status < 300) return null;
    return new GraphqlRequestError(status === 401 ? 'unauthorized' : 'other', `HTTP ${status}`, null, status);
  }
  const code = text(first.extensions?.code);
  let kind = (code && KIND_BY_CODE[code]) || 'other';
  if (first.message === texts.tokenExpired) kind = 'expired';
  else if (kind === 'other' && (status === 401 || first.message === texts.unauthorized)) kind = 'unauthorized';
  return new GraphqlRequestError(kind, first.message, code, status, text(first.extensions?.detail), text(first.extensions?.field));
}

/** The Mantine notification of an error (SPEC §8). */
export function errorNotice(error: GraphqlRequestError): { title: string; message: string } {
  switch (error.kind) {
    case 'validation':
      return { title: texts.validationTitle, message: error.detail ?? error.message };
    case 'attack':
      return { title: texts.attackTitle, message: error.detail ?? texts.attackMessage };
    case 'network':
      return { title: texts.genericTitle, message: texts.networkRequired };
    default:
      // A titled error of the server's catalogue keeps its title; anything else is 'Algo está errado.'
      if (error.detail) return { title: error.message, message: error.detail };
      return {
        title: texts.genericTitle,
        message: error.message === texts.genericTitle ? 'Tente novamente em instantes.' : error.message,
      };
  }
}

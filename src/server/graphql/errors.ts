import { GraphQLError } from 'graphql';
import { ZodError } from 'zod';
import { errors as texts } from '../../shared/i18n/pt-BR';

/**
 * The one mapping of failures to SPEC §8's catalogue. Every public error is a GraphQLError whose
 * `message` is the notification title the client shows, `extensions.code` says which entry it is,
 * and `extensions.detail` (when present) is the first message shown under the title.
 */
export type ErrorCode =
  | 'VALIDATION'
  | 'ATTACK'
  | 'UNAUTHORIZED'
  | 'TOKEN_EXPIRED'
  | 'FORBIDDEN'
  | 'TENANT_INVALID'
  | 'NOT_FOUND'
  | 'LOGIN_FAILED'
  | 'USER_BLOCKED'
  | 'TWO_FACTOR_INVALID'
  | 'INTEGRATION_TOKEN_INVALID'
  | 'RESET_INVALID'
  | 'RATE_LIMITED'
  | 'INTERNAL';

interface ErrorOptions {
  status?: number;
  detail?: string;
  field?: string;
}

export function appError(code: ErrorCode, message: string, options: ErrorOptions = {}): GraphQLError {
  const { status, ...rest } = options;
  return new GraphQLError(message, {
    extensions: { code, ...rest, ...(status === undefined ? {} : { http: { status } }) },
  });
}

export const unauthorized = () => appError('UNAUTHORIZED', texts.unauthorized, { status: 401 });
export const tokenExpired = () => appError('TOKEN_EXPIRED', texts.tokenExpired, { status: 401 });
export const forbidden = () => appError('FORBIDDEN', texts.forbidden, { status: 403 });
export const tenantInvalid = () => appError('TENANT_INVALID', texts.tenantInvalid, { status: 404 });
export const attack = (field: string) =>
  appError('ATTACK', texts.attackTitle, { status: 400, detail: texts.attackMessage, field });
export const validation = (field: string, detail: string, status?: number) =>
  appError('VALIDATION', texts.validationTitle, { field, detail, ...(status === undefined ? {} : { status }) });
export const internal = () => appError('INTERNAL', texts.genericTitle);

function fromZod(error: ZodError): GraphQLError {
  const issue = error.issues[0];
  return validation(issue?.path.join('.') ?? '', issue?.message ?? texts.validationTitle);
}

// By name rather than instanceof: a test runner may load a second copy of graphql (its development
// build) beside the one yoga uses, and an error made by one copy is no instance of the other's class.
const isGraphQLError = (error: unknown): error is GraphQLError => error instanceof Error && error.name === 'GraphQLError';
const isZodError = (error: unknown): error is ZodError => error instanceof ZodError || (error instanceof Error && error.name === 'ZodError');

/** A thrown value as its public error, or null when it is unexpected (then it is logged and masked). */
export function toPublicError(error: unknown): GraphQLError | null {
  if (isZodError(error)) return fromZod(error);
  if (isGraphQLError(error)) {
    const original = error.originalError;
    // graphql-js wraps a resolver's GraphQLError to add its path, copying message and extensions.
    if (original == null || isGraphQLError(original)) return error;
    const inner = toPublicError(original);
    return inner && new GraphQLError(inner.message, { nodes: error.nodes, path: error.path, extensions: inner.extensions });
  }
  return null;
}

/** Yoga's maskError: public errors pass, anything else becomes 'Algo está errado.' without internals. */
export function maskError(error: unknown): Error {
  return toPublicError(error) ?? internal();
}

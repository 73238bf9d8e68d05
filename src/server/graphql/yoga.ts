import { createYoga, type YogaServerInstance } from 'graphql-yoga';
import type { Logger } from '../logger';
import { prebuiltPullFields, syncStreamFields } from '../sync/resolvers';
import type { RequestContext } from './context';
import { maskError } from './errors';
import { useOperationLimits } from './operation-limits';
import { usePrebuiltPullDocuments } from './prebuilt-pull-documents';
import { createRequestContext, type ContextDeps } from './request-context';
import { buildSchema } from './schema';
import { useSharedStreamEvents } from './shared-stream-events';

/** What the HTTP layer hands yoga besides the Fetch request: the client address. */
export interface ServerContext {
  ip?: string;
}

export type PedbotYoga = YogaServerInstance<ServerContext, RequestContext>;

/** The tenant slug of `/:tenant/graphql`. */
export const tenantSlugOf = (url: string): string => decodeURIComponent(new URL(url, 'http://localhost').pathname.split('/')[1] ?? '');

function yogaLogger(logger: Logger) {
  return {
    debug: (...args: unknown[]) => logger.debug({ args }, 'graphql'),
    info: (...args: unknown[]) => logger.info({ args }, 'graphql'),
    warn: (...args: unknown[]) => logger.warn({ args }, 'graphql'),
    error: (...args: unknown[]) => logger.error({ err: args[0] }, 'graphql: unexpected error'),
  };
}

/** GraphQL over HTTP at `/:tenant/graphql` (SPEC §7); graphql-ws reuses `getEnveloped` and the same context. */
export function createGraphqlServer(deps: ContextDeps): PedbotYoga {
  return createYoga<ServerContext, RequestContext>({
    schema: buildSchema(),
    graphqlEndpoint: '/:tenant/graphql',
    graphiql: false,
    landingPage: false,
    cors: false,
    maskedErrors: { maskError },
    plugins: [
      useOperationLimits({ production: deps.config.production }),
      useSharedStreamEvents(syncStreamFields),
      usePrebuiltPullDocuments(prebuiltPullFields),
    ],
    logging: yogaLogger(deps.services.logger),
    context: ({ request, ip }) =>
      createRequestContext(deps, {
        tenantSlug: tenantSlugOf(request.url),
        authorization: request.headers.get('authorization'),
        ip: ip ?? 'unknown',
      }),
  });
}

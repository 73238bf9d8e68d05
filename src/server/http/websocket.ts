import type { FastifyInstance } from 'fastify';
import type { ExecutionArgs } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { errors as texts } from '../../shared/i18n/pt-BR';
import type { RequestContext } from '../graphql/context';
import { createRequestContext, type ContextDeps } from '../graphql/request-context';
import { tenantSlugOf, type PedbotYoga } from '../graphql/yoga';
import { createSyncServices } from '../sync/services';

/** SPEC §4/§9: the server pings every 29 s; a client that does not answer within as long is dropped. */
export const KEEP_ALIVE_MS = 29_000;

/** Close codes a client tells apart: refresh the token and reconnect, or sign in again. */
export const WS_CLOSE = { tokenExpired: 4401, unauthorized: 4403 } as const;

const GRAPHQL_PATH = /^\/[^/]+\/graphql\/?$/;

/** What a connection keeps besides graphql-ws's own socket and request. */
type ConnectionExtra = { context: RequestContext };

interface EnvelopedRoot {
  execute: (args: ExecutionArgs) => unknown;
  subscribe: (args: ExecutionArgs) => unknown;
}

/** connection_init payload: RxDB's `{ headers: { Authorization } }` or a bare `{ authorization }`. */
function authorizationOf(params: Readonly<Record<string, unknown>> | undefined): string | null {
  const headers = params?.headers as Record<string, unknown> | undefined;
  const value = headers?.Authorization ?? headers?.authorization ?? params?.Authorization ?? params?.authorization ?? params?.token;
  return typeof value === 'string' ? value : null;
}

/**
 * The sync engine of this process (ServerServices.sync) and graphql-ws on `/:tenant/graphql`
 * over the same HTTP server (DESIGN §4 stream). The connection's context is built once, at
 * connection_init, by the same builder as HTTP requests; operations run through yoga's envelope
 * (same schema, guards and error masking).
 */
export function attachSync(fastify: FastifyInstance, yoga: PedbotYoga, deps: ContextDeps): void {
  const sync = (deps.services.sync ??= createSyncServices({
    database: deps.database,
    redisUrl: deps.config.redisUrl,
    logger: deps.services.logger,
  }));
  sync.start();

  const wss = new WebSocketServer({ noServer: true });
  fastify.server.on('upgrade', (request, socket, head) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (!GRAPHQL_PATH.test(path)) {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  });

  const server = useServer<Record<string, unknown>, ConnectionExtra>(
    {
      onConnect: async (ctx) => {
        const { request, socket } = ctx.extra;
        try {
          const context = await createRequestContext(deps, {
            tenantSlug: tenantSlugOf(request.url ?? '/'),
            authorization: authorizationOf(ctx.connectionParams),
            ip: request.socket.remoteAddress ?? 'unknown',
          });
          if (!context.viewer) {
            const expired = context.credential === 'expired';
            socket.close(expired ? WS_CLOSE.tokenExpired : WS_CLOSE.unauthorized, expired ? texts.tokenExpired : texts.unauthorized);
            return false;
          }
          ctx.extra.context = context;
          return true;
        } catch {
          socket.close(WS_CLOSE.unauthorized, texts.tenantInvalid);
          return false;
        }
      },
      execute: (args) => (args.rootValue as EnvelopedRoot).execute(args) as never,
      subscribe: (args) => (args.rootValue as EnvelopedRoot).subscribe(args) as never,
      onSubscribe: async (ctx, _id, params) => {
        const { schema, execute, subscribe, parse, validate } = yoga.getEnveloped({ request: ctx.extra.request, params });
        const document = parse(params.query);
        const validationErrors = validate(schema, document);
        if (validationErrors.length > 0) return validationErrors;
        return {
          schema,
          document,
          operationName: params.operationName,
          variableValues: params.variables,
          contextValue: ctx.extra.context,
          rootValue: { execute, subscribe } satisfies EnvelopedRoot,
        };
      },
    },
    wss,
    KEEP_ALIVE_MS,
  );

  fastify.addHook('preClose', async () => {
    await server.dispose();
  });
  fastify.addHook('onClose', async () => {
    await sync.close();
  });
}

import type { FastifyInstance } from 'fastify';
import type { DocumentNode, ExecutionArgs, GraphQLError } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { errors as texts } from '../../shared/i18n/pt-BR';
import type { RequestContext } from '../graphql/context';
import type { Viewer } from '../graphql/context';
import { createRequestContext, type ContextDeps, type ContextInput } from '../graphql/request-context';
import { tenantSlugOf, type PedbotYoga } from '../graphql/yoga';
import { SESSION_CHANNEL, isSessionEvent } from '../modules/auth/session-events';
import { createSyncServices } from '../sync/services';
import { presenceOf } from './websocket-presence';

/** SPEC §4/§9: the server pings every 29 s; a client that does not answer within as long is dropped. */
export const KEEP_ALIVE_MS = 29_000;

/** Close codes a client tells apart: refresh the token and reconnect, or sign in again. */
export const WS_CLOSE = { tokenExpired: 4401, unauthorized: 4403 } as const;

const GRAPHQL_PATH = /^\/[^/]+\/graphql\/?$/;

/**
 * Frame caps (issue 13): before sign-in the only message is connection_init with a token; after it,
 * subscribe messages carry a query and its variables (pushes and uploads go over HTTP). ws refuses
 * a frame above `maxPayload` while reading it, so no bigger frame is ever held in memory.
 */
export const WS_MAX_FRAME_BYTES = { beforeSignIn: 16 * 1024, afterSignIn: 256 * 1024 } as const;
/** RFC 6455: the message is too big to process. */
const CLOSE_TOO_BIG = 1009;

/** What a connection keeps besides graphql-ws's own socket and request. */
type ConnectionExtra = { context: RequestContext };

/** What a stream may show depends on these; a change means the connection must start again. */
const scopeOf = (viewer: Viewer): string =>
  JSON.stringify([viewer.roleName, [...viewer.routes].sort(), viewer.departmentId, [...viewer.instanceIds].sort((a, b) => a - b)]);

interface LiveConnection {
  input: ContextInput;
  tenantId: number;
  userId: number;
  scope: string;
  close: (code: number, reason: string) => void;
}

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

  const wss = new WebSocketServer({ noServer: true, maxPayload: WS_MAX_FRAME_BYTES.afterSignIn });
  const signedIn = new WeakSet<object>();
  const live = new Set<LiveConnection>();
  /**
   * The context is built once per connection, so a user blocked, deleted or moved to another
   * department, or a token that expired, would keep streaming. Checking again closes such a
   * connection with 4401: the client refreshes its token (refused for a blocked user) and
   * reconnects with the new scope, pulling from its checkpoint.
   */
  const revalidate = async (matches: (connection: LiveConnection) => boolean = () => true) => {
    for (const connection of [...live].filter(matches)) {
      const context = await createRequestContext(deps, connection.input).catch(() => null);
      if (!live.has(connection)) continue;
      if (!context?.viewer) {
        live.delete(connection);
        const expired = context?.credential === 'expired';
        connection.close(expired ? WS_CLOSE.tokenExpired : WS_CLOSE.unauthorized, expired ? texts.tokenExpired : texts.unauthorized);
      } else if (scopeOf(context.viewer) !== connection.scope) {
        live.delete(connection);
        connection.close(WS_CLOSE.tokenExpired, texts.tokenExpired);
      }
    }
  };
  let revalidating: Promise<void> | null = null;
  const revalidateTimer = setInterval(() => {
    revalidating ??= revalidate().finally(() => (revalidating = null));
  }, deps.config.wsRevalidateSeconds * 1000);
  revalidateTimer.unref();
  // A session ended or a user's scope changed (modules/auth/session-events.ts): those sockets now.
  const targeted = new Set<Promise<void>>();
  const stopSessionEvents = sync.pubsub.subscribe(SESSION_CHANNEL, (event) => {
    if (!isSessionEvent(event)) return;
    const run = revalidate((c) => c.tenantId === event.tenantId && (event.userId === null || c.userId === event.userId))
      .catch((error: unknown) => deps.services.logger.error({ err: error }, 'websocket revalidation'))
      .finally(() => targeted.delete(run));
    targeted.add(run);
  });
  const presence = presenceOf(live, deps);
  fastify.server.on('upgrade', (request, socket, head) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (!GRAPHQL_PATH.test(path)) {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      // ws already closes an oversized frame's socket with 1009; graphql-ws would also print the
      // error with its stack to stderr, so that one error is not passed on.
      const emit = ws.emit.bind(ws);
      ws.emit = ((event: string, ...args: unknown[]) =>
        event === 'error' && (args[0] as { code?: string } | undefined)?.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' ? false : emit(event, ...args)) as typeof ws.emit;
      // Registered before graphql-ws's own listener, so an oversized first frame ends the socket first.
      ws.on('message', (data: Buffer | ArrayBuffer | Buffer[]) => {
        const size = Array.isArray(data) ? data.reduce((sum, part) => sum + part.length, 0) : data.byteLength;
        if (!signedIn.has(ws) && size > WS_MAX_FRAME_BYTES.beforeSignIn) ws.close(CLOSE_TOO_BIG, 'Message Too Big');
      });
      wss.emit('connection', ws, request);
    });
  });

  const server = useServer<Record<string, unknown>, ConnectionExtra>(
    {
      onConnect: async (ctx) => {
        const { request, socket } = ctx.extra;
        if (socket.readyState !== socket.OPEN) return false;
        try {
          const input: ContextInput = {
            tenantSlug: tenantSlugOf(request.url ?? '/'),
            authorization: authorizationOf(ctx.connectionParams),
            ip: request.socket.remoteAddress ?? 'unknown',
          };
          const context = await createRequestContext(deps, input);
          if (!context.viewer) {
            const expired = context.credential === 'expired';
            socket.close(expired ? WS_CLOSE.tokenExpired : WS_CLOSE.unauthorized, expired ? texts.tokenExpired : texts.unauthorized);
            return false;
          }
          ctx.extra.context = context;
          signedIn.add(socket);
          const connection: LiveConnection = {
            input,
            tenantId: context.tenant.id,
            userId: context.viewer.userId,
            scope: scopeOf(context.viewer),
            close: (code, reason) => socket.close(code, reason),
          };
          live.add(connection);
          presence.opened(connection);
          socket.once('close', () => {
            live.delete(connection);
            presence.closed(connection);
          });
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
        let document: DocumentNode;
        let validationErrors: readonly GraphQLError[];
        try {
          document = parse(params.query);
          validationErrors = validate(schema, document);
        } catch (error) {
          // A refused operation (yoga refuses mutations outside POST, a malformed document) answers an
          // error for this operation only; thrown, graphql-ws would close the whole socket (4500).
          // By name: yoga and graphql-ws may load another copy of graphql than this module does.
          if (error instanceof Error && error.name === 'GraphQLError') return [error as GraphQLError];
          throw error;
        }
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
    clearInterval(revalidateTimer);
    presence.stop();
    await (await stopSessionEvents)();
    await Promise.all([revalidating, ...targeted]);
    await server.dispose();
  });
  fastify.addHook('onClose', async () => {
    await sync.close();
  });
}

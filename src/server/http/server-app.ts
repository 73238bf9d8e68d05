import type { Server } from 'node:http';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { RequestContext, ServerServices } from '../graphql/context';
import { createRequestContext, type ContextDeps, type ContextInput } from '../graphql/request-context';
import { createGraphqlServer, type PedbotYoga } from '../graphql/yoga';
import { resolveJwtSecret } from '../modules/auth/jwt-secret';
import { attachCampaignReplies } from '../modules/campaigns/campaign-job-module';
import { attachFlowEngine } from '../modules/flows/flow-job-module';
import { createJobQueue } from '../jobs/job-modules';
import { openSecretBox } from '../security/data-key';
import { createServices } from '../services';
import { registerGraphqlRoute } from './graphql-route';
import { httpModules } from './modules';
import { registerErrorHandling } from './error-handler';
import { registerRequestLog } from './request-log';
import { registerSecurityHeaders } from './security-headers';
import { registerSettingsRoutes } from './settings-routes';
import { registerStaticApp } from './static-app';
import { attachSync } from './websocket';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Replaces services (tests capture mail this way; other modules add theirs). */
  services?: Partial<ServerServices>;
}

export interface ServerApp {
  fastify: FastifyInstance;
  /** GraphQL over HTTP; graphql-ws uses `yoga.getEnveloped` for the same schema, plugins and masking. */
  yoga: PedbotYoga;
  /** The Node server under Fastify, for websocket upgrades on `/:tenant/graphql`. */
  server: Server;
  deps: ContextDeps;
  /** The RequestContext for a tenant slug, bearer token and client address (HTTP and websocket alike). */
  contextFor(input: ContextInput): Promise<RequestContext>;
}

/** Builds the whole HTTP app without opening a port (tests use `fastify.inject`). */
export async function buildApp(options: BuildAppOptions): Promise<ServerApp> {
  const { config, database } = options;
  // Fastify's own request logging writes two info lines per request, which buried the start banner.
  const fastify = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    logController: new LogController({ disableRequestLogging: true }),
  });
  registerRequestLog(fastify);
  const services = createServices(config, fastify.log, await resolveJwtSecret(config), await openSecretBox(config), options.services);
  const deps: ContextDeps = { config, database, services };
  const yoga = createGraphqlServer(deps);
  registerSecurityHeaders(fastify);
  registerErrorHandling(fastify);
  attachSync(fastify, yoga, deps);
  registerGraphqlRoute(fastify, yoga);
  registerSettingsRoutes(fastify, database, config);
  for (const register of httpModules) await register(fastify, deps);
  services.jobs ??= createJobQueue(deps);
  attachFlowEngine(deps);
  attachCampaignReplies(deps);
  await registerStaticApp(fastify, config.staticDir);
  return { fastify, yoga, server: fastify.server, deps, contextFor: (input) => createRequestContext(deps, input) };
}

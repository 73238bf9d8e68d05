import type { FastifyInstance } from 'fastify';
import { channelsHttpModule } from '../channels/channels-http-module';
import type { ContextDeps } from '../graphql/request-context';

/** A module's own HTTP routes (webhooks, uploads, sandbox), registered before the static app's fallback. */
export type HttpModule = (fastify: FastifyInstance, deps: ContextDeps) => void | Promise<void>;

/** Every module with HTTP routes, one line each. */
export const httpModules: readonly HttpModule[] = [channelsHttpModule];

import type { FastifyInstance } from 'fastify';

/**
 * One line per request, at debug (LOG_LEVEL=debug shows them): method, path without its query
 * (signed file links and reset tokens stay out of the log), status and time.
 */
export function registerRequestLog(fastify: FastifyInstance): void {
  fastify.addHook('onResponse', async (request, reply) => {
    request.log.debug(
      { method: request.method, path: request.url.split('?')[0], status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
  });
}

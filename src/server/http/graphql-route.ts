import type { FastifyInstance } from 'fastify';
import type { PedbotYoga } from '../graphql/yoga';

/** POST and GET /:tenant/graphql through yoga; Fastify has already parsed a JSON body, yoga reads it from req. */
export function registerGraphqlRoute(fastify: FastifyInstance, yoga: PedbotYoga): void {
  fastify.route({
    url: '/:tenant/graphql',
    method: ['GET', 'POST', 'OPTIONS'],
    handler: async (request, reply) => {
      const response = await yoga.handleNodeRequestAndResponse(request, reply, { ip: request.ip });
      response.headers.forEach((value, key) => {
        reply.header(key, value);
      });
      reply.status(response.status);
      return reply.send(response.body);
    },
  });
}

import type { FastifyError, FastifyInstance } from 'fastify';
import { errors as texts } from '../../shared/i18n/pt-BR';
import { isDataException } from '../db/data-exception';
import { findNulInInput } from '../graphql/input-guard';
import { fieldTexts } from '../texts';


/**
 * Answers of the plain HTTP routes (GraphQL has its own masking): a client never sees a database
 * or internal error. Input the database cannot store is the client's fault (400); anything else
 * unexpected is logged and answered 'Algo está errado.' (500). Fastify's own 4xx (body too large,
 * malformed JSON) keep their message.
 */
export function registerErrorHandling(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', async (request, reply) => {
    // GraphQL answers in its own format (input-guard.ts does the same check there).
    if (request.routeOptions.url === '/:tenant/graphql') return;
    const field = findNulInInput(request.params) ?? findNulInInput(request.query) ?? (Buffer.isBuffer(request.body) ? null : findNulInInput(request.body));
    if (field !== null) return reply.code(400).send({ error: fieldTexts.nulCharacter, field });
  });
  fastify.setErrorHandler((error: FastifyError, request, reply) => {
    if (isDataException(error)) {
      request.log.warn({ err: error, url: request.url }, 'input the database refused');
      return reply.code(400).send({ error: texts.validationTitle });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) return reply.code(status).send({ error: error.message });
    request.log.error({ err: error, url: request.url }, 'request failed');
    return reply.code(500).send({ error: texts.genericTitle });
  });
}

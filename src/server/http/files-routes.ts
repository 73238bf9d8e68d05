import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors as texts } from '../../shared/i18n/pt-BR';
import type { ChannelServices } from '../channels/channel-services';
import { fileUrl, isFileName } from '../channels/media/media-store';
import type { ContextDeps } from '../graphql/request-context';
import { loadViewer } from '../modules/users/viewer';

/** Uploads bigger than WhatsApp's document limit are refused by Fastify before reaching us. */
const UPLOAD_LIMIT_BYTES = 100 * 1024 * 1024;

type Auth = { tenantId: number } | { status: 401; message: string };

async function bearerTenant(deps: ContextDeps, request: FastifyRequest): Promise<Auth> {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!token) return { status: 401, message: texts.unauthorized };
  const check = await deps.services.accessTokens.verify(token);
  if (check.status === 'expired') return { status: 401, message: texts.tokenExpired };
  if (check.status !== 'valid') return { status: 401, message: texts.unauthorized };
  const viewer = await loadViewer(deps.database, check.claims.tenantId, check.claims);
  return viewer ? { tenantId: viewer.tenantId } : { status: 401, message: texts.unauthorized };
}

const refuse = (reply: FastifyReply, auth: { status: 401; message: string }) => reply.code(auth.status).send({ error: auth.message });

/**
 * Stored media (SPEC §7): `GET /api/file/{file}` for signed-in users of the file's tenant, by
 * bearer token or by a short-lived signed link (`fileUrl` query); `DELETE /api/file/delete/{file}`
 * and `POST /api/file/upload` (raw body, Content-Type = the file's type) with the bearer token.
 */
export function registerFileRoutes(fastify: FastifyInstance, deps: ContextDeps, channels: ChannelServices): void {
  fastify.get<{ Params: { file: string }; Querystring: Record<string, string | undefined> }>('/api/file/:file', async (request, reply) => {
    const { file } = request.params;
    let tenantId: number | null;
    if (request.query.s !== undefined) tenantId = channels.fileUrls.verify(file, request.query);
    else {
      const auth = await bearerTenant(deps, request);
      if ('status' in auth) return refuse(reply, auth);
      tenantId = auth.tenantId;
    }
    if (tenantId === null) return reply.code(403).send({ error: texts.forbidden });
    const found = isFileName(file) ? await channels.media.get(tenantId, file) : null;
    if (!found) return reply.code(404).send({ error: 'Not Found' });
    return reply
      .header('content-type', found.file.mimeType)
      .header('cache-control', 'private, max-age=86400, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .send(Buffer.from(found.bytes));
  });

  fastify.delete<{ Params: { file: string } }>('/api/file/delete/:file', async (request, reply) => {
    const auth = await bearerTenant(deps, request);
    if ('status' in auth) return refuse(reply, auth);
    const deleted = await channels.media.delete(auth.tenantId, request.params.file);
    return deleted ? { deleted: true } : reply.code(404).send({ error: 'Not Found' });
  });

  fastify.register(async (scope) => {
    // Any file type, JSON included, arrives as its bytes.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: UPLOAD_LIMIT_BYTES }, (_request, body, done) => done(null, body));
    const uploaders = new WeakMap<FastifyRequest, number>();
    scope.post(
      '/api/file/upload',
      {
        bodyLimit: UPLOAD_LIMIT_BYTES,
        // The token is checked before a byte of the body is read; a refusal closes the connection
        // so the rest of an unauthenticated upload is not even drained.
        onRequest: async (request, reply) => {
          const auth = await bearerTenant(deps, request);
          if ('status' in auth) return refuse(reply.header('connection', 'close'), auth);
          uploaders.set(request, auth.tenantId);
        },
      },
      async (request, reply) => {
        const tenantId = uploaders.get(request)!;
        const body = request.body;
        const mimeType = request.headers['content-type'] ?? '';
        if (!Buffer.isBuffer(body) || body.length === 0 || !mimeType) return reply.code(400).send({ error: texts.validationTitle });
        const stored = await channels.media.put(tenantId, body, mimeType);
        return reply.code(201).send({ file: stored.name, url: fileUrl(stored.name), mimetype: stored.mimeType, size: stored.size });
      },
    );
  });
}

import { readFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ZodError } from 'zod';
import { digitsOnly } from '../../shared/domain/phone';
import type { ChannelServices } from '../channels/channel-services';
import { fileUrl, isFileName } from '../channels/media/media-store';
import { sandboxInboundSchema } from '../channels/sandbox/inbound-request';
import { sandboxConversation, sandboxHasFile, sandboxOutbox } from '../channels/sandbox/sandbox-conversation';
import type { ContextDeps } from '../graphql/request-context';
import { findTenantBySlug } from '../modules/tenants/tenant-store';

interface Params {
  tenant: string;
  instanceId: string;
}

const SIMULATOR = new URL('../channels/sandbox/simulator/index.html', import.meta.url);
/** An image as a data: URL grows by a third; WhatsApp images stay below 5 MB. */
const INBOUND_BODY_LIMIT = 8 * 1024 * 1024;

const notFound = (reply: FastifyReply) => reply.code(404).send({ error: 'Not Found' });

/**
 * The sandbox's customer side (issue 4 §2): the simulator page at `/sandbox` and its JSON API under
 * `/api/sandbox/{tenant}/{instanceId}/…`. Public, like a customer's phone; it reaches sandbox
 * connections only (any other id is 404), and SANDBOX_ENABLED=false answers 404 everywhere.
 */
export function registerSandboxRoutes(fastify: FastifyInstance, deps: ContextDeps, channels: ChannelServices): void {
  if (!deps.config.sandboxEnabled) {
    fastify.all('/sandbox', async (_request, reply) => notFound(reply));
    fastify.all('/api/sandbox/*', async (_request, reply) => notFound(reply));
    return;
  }
  const instanceOf = (params: Params) => channels.sandboxInstance(params.tenant, params.instanceId);

  fastify.get('/sandbox', async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', "default-src 'self'; img-src 'self' data: blob:; style-src 'unsafe-inline'; script-src 'unsafe-inline'")
      .send(await readFile(SIMULATOR)),
  );

  fastify.get<{ Params: { tenant: string } }>('/api/sandbox/:tenant/instances', async (request, reply) => {
    const tenant = await findTenantBySlug(deps.database.db, request.params.tenant);
    if (!tenant) return notFound(reply);
    const rows = await deps.database.withTenant(tenant.id, (tx) =>
      tx
        .selectFrom('instances')
        .select(['id', 'name', 'phone_number', 'activated'])
        .where('tenant_id', '=', tenant.id)
        .where('channel', '=', 'sandbox')
        // In creation order: the store's first connection is the one tools and tests pick by default.
        .orderBy('id')
        .execute(),
    );
    return { tenant: { slug: tenant.slug, name: tenant.name }, instances: rows };
  });

  fastify.post<{ Params: Params }>('/api/sandbox/:tenant/:instanceId/inbound', { bodyLimit: INBOUND_BODY_LIMIT }, async (request, reply) => {
    const instance = await instanceOf(request.params);
    if (!instance) return notFound(reply);
    let body;
    try {
      body = sandboxInboundSchema.parse(request.body);
    } catch (error) {
      if (error instanceof ZodError) return reply.code(400).send({ error: error.issues[0]?.message ?? 'Dados inválidos.' });
      throw error;
    }
    const id = await channels.sandbox.receive(instance, body);
    return reply.code(202).send({ id });
  });

  fastify.get<{ Params: Params; Querystring: { to?: string } }>('/api/sandbox/:tenant/:instanceId/outbox', async (request, reply) => {
    const instance = await instanceOf(request.params);
    if (!instance) return notFound(reply);
    const to = request.query.to ? digitsOnly(request.query.to) : null;
    return { messages: await sandboxOutbox(deps.database, instance, to) };
  });

  fastify.get<{ Params: Params; Querystring: { with?: string } }>('/api/sandbox/:tenant/:instanceId/conversation', async (request, reply) => {
    const instance = await instanceOf(request.params);
    const peer = digitsOnly(request.query.with ?? '');
    if (!instance || !peer) return notFound(reply);
    return { activated: instance.activated, messages: await sandboxConversation(deps.database, instance, peer) };
  });

  for (const [action, activated] of [
    ['drop', false],
    ['restore', true],
  ] as const) {
    fastify.post<{ Params: Params }>(`/api/sandbox/:tenant/:instanceId/${action}`, async (request, reply) => {
      const instance = await instanceOf(request.params);
      if (!instance) return notFound(reply);
      await channels.sandbox.setConnected(instance, activated);
      return { activated };
    });
  }

  fastify.get<{ Params: Params & { file: string } }>('/api/sandbox/:tenant/:instanceId/media/:file', async (request, reply) => {
    const instance = await instanceOf(request.params);
    const { file } = request.params;
    if (!instance || !isFileName(file)) return notFound(reply);
    if (!(await sandboxHasFile(deps.database, instance, fileUrl(file)))) return notFound(reply);
    const found = await channels.media.get(instance.tenantId, file);
    if (!found) return notFound(reply);
    return reply.header('content-type', found.file.mimeType).header('x-content-type-options', 'nosniff').send(Buffer.from(found.bytes));
  });
}

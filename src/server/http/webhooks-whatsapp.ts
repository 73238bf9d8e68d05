import type { FastifyInstance } from 'fastify';
import type { ChannelServices } from '../channels/channel-services';
import { isValidSignature } from '../channels/cloud-api/signature';
import { verificationChallenge, type VerificationQuery } from '../channels/cloud-api/verification';
import { parseWebhook } from '../channels/cloud-api/webhook-parser';
import type { ContextDeps } from '../graphql/request-context';

interface Params {
  tenant: string;
  instanceId: string;
}

/** Meta's webhook bodies are small; a bigger one is not Meta. */
const WEBHOOK_BODY_LIMIT = 3 * 1024 * 1024;

/**
 * The WhatsApp Cloud API webhook of one connection: `/webhooks/whatsapp/{tenant}/{instanceId}`.
 * GET answers Meta's verification; POST checks `X-Hub-Signature-256` over the raw bytes before
 * anything else (401, nothing stored), then stores the batch and answers 200. A failure answers
 * 500 so Meta retries; the retry is harmless because messages are deduplicated by provider id.
 */
export function registerWhatsappWebhooks(fastify: FastifyInstance, deps: ContextDeps, channels: ChannelServices): void {
  const { config } = deps;
  fastify.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

    scope.get<{ Params: Params; Querystring: VerificationQuery }>('/webhooks/whatsapp/:tenant/:instanceId', async (request, reply) => {
      const challenge = verificationChallenge(request.query, config.cloudApiVerifyToken ?? '');
      const target = challenge === null ? null : await channels.cloudApiInstance(request.params.tenant, request.params.instanceId);
      if (challenge === null || !target) return reply.code(403).send('Forbidden');
      return reply.type('text/plain').send(challenge);
    });

    scope.post<{ Params: Params }>('/webhooks/whatsapp/:tenant/:instanceId', async (request, reply) => {
      const raw = request.body;
      const signature = request.headers['x-hub-signature-256'];
      if (!Buffer.isBuffer(raw) || !isValidSignature(raw, typeof signature === 'string' ? signature : undefined, config.cloudApiAppSecret ?? '')) {
        return reply.code(401).send({ error: 'Invalid signature' });
      }
      const instance = await channels.cloudApiInstance(request.params.tenant, request.params.instanceId);
      if (!instance) return reply.code(404).send({ error: 'Not Found' });
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        return reply.code(400).send({ error: 'Invalid JSON' });
      }
      const parsed = parseWebhook(body);
      if (parsed.skipped > 0) request.log.warn({ skipped: parsed.skipped, instanceId: instance.id }, 'webhook items of unknown shape');
      for (const [phoneNumberId, batch] of parsed.byPhoneNumberId) {
        // Route on phone_number_id (never display_phone_number): another number's events are not ours.
        if (phoneNumberId === instance.officialPhoneId) await channels.pipeline.process(instance, batch);
        else request.log.warn({ phoneNumberId, instanceId: instance.id }, 'webhook for another phone number id');
      }
      if (parsed.templates.length > 0) await channels.templates.applyStatusUpdates(instance, parsed.templates);
      return reply.code(200).send('EVENT_RECEIVED');
    });
  });
}

import type { FastifyInstance } from 'fastify';
import type { ChannelServices } from '../channels/channel-services';
import { isValidSignature } from '../channels/cloud-api/signature';
import { verificationChallenge, type VerificationQuery } from '../channels/cloud-api/verification';
import { parseWebhook } from '../channels/cloud-api/webhook-parser';
import type { ChannelInstance } from '../channels/channel';
import { isDataException } from '../db/data-exception';
import type { ContextDeps } from '../graphql/request-context';

interface Params {
  tenant: string;
  instanceId: string;
}

/** No text column takes a NUL: it is dropped from every string so the rest of the message is stored. */
const withoutNul = (_key: string, value: unknown) => (typeof value === 'string' ? value.replaceAll('\u0000', '') : value);

/**
 * The body as JSON, without NULs. A reviver takes JSON.parse off its fast path (about 50 µs a
 * webhook on the main thread), and JSON text can only carry a NUL escaped, so only a body holding
 * that escape takes it.
 */
const parseWithoutNul = (text: string): unknown => (text.includes('\\u0000') ? JSON.parse(text, withoutNul) : JSON.parse(text));

/** Meta's webhook bodies are small; a bigger one is not Meta. */
const WEBHOOK_BODY_LIMIT = 3 * 1024 * 1024;

/**
 * The WhatsApp Cloud API webhook of one connection: `/webhooks/whatsapp/{tenant}/{instanceId}`.
 * GET answers Meta's verification; POST checks `X-Hub-Signature-256` over the raw bytes before
 * anything else (401, nothing stored), then stores the batch and answers 200. What cannot be stored
 * (items of an unknown shape, a sender that is no phone number, a timestamp out of range, data the
 * database refuses) is parked with the raw bytes in `webhook_dead_letters` and still answered 200,
 * since Meta would retry it forever. Other failures answer 500 so Meta retries; the retry is
 * harmless because messages are deduplicated by provider id.
 */
export function registerWhatsappWebhooks(fastify: FastifyInstance, deps: ContextDeps, channels: ChannelServices): void {
  const { config, database } = deps;
  const park = (instance: ChannelInstance, raw: Buffer, reason: string) =>
    database.withTenant(instance.tenantId, (tx) =>
      tx.insertInto('webhook_dead_letters').values({ tenant_id: instance.tenantId, instance_id: instance.id, reason, payload: raw }).execute(),
    );
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
        body = parseWithoutNul(raw.toString('utf8'));
      } catch {
        return reply.code(400).send({ error: 'Invalid JSON' });
      }
      const parsed = parseWebhook(body);
      if (parsed.skipped > 0) {
        request.log.warn({ skipped: parsed.skipped, instanceId: instance.id }, 'webhook items that cannot be stored, parked');
        await park(instance, raw, `${parsed.skipped} item(s) of an unknown shape or with invalid values`);
      }
      try {
        for (const [phoneNumberId, batch] of parsed.byPhoneNumberId) {
          // Route on phone_number_id (never display_phone_number): another number's events are not ours.
          if (phoneNumberId === instance.officialPhoneId) await channels.pipeline.process(instance, batch);
          else request.log.warn({ phoneNumberId, instanceId: instance.id }, 'webhook for another phone number id');
        }
        if (parsed.templates.length > 0) await channels.templates.applyStatusUpdates(instance, parsed.templates);
      } catch (error) {
        if (!isDataException(error)) throw error;
        request.log.warn({ err: error, instanceId: instance.id }, 'webhook data the database refused, parked');
        await park(instance, raw, `database refused the data (${(error as { code: string }).code})`);
      }
      return reply.code(200).send('EVENT_RECEIVED');
    });
  });
}

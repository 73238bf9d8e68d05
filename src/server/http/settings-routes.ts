import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import type { Config } from '../config';
import { isPlatformSettingKey, readPlatformSetting } from '../modules/settings/platform-settings';

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type',
};

/**
 * GET /api/settings/whatsapp_status and /maintenance_status → `{ "value": "true" }` (SPEC §7): public,
 * read by the app before sign-in and from other origins, never cached (a switch must show at once).
 */
export function registerSettingsRoutes(fastify: FastifyInstance, database: Database, config: Config): void {
  const defaults = { whatsapp_status: config.whatsappStatus, maintenance_status: config.maintenanceStatus };
  fastify.options('/api/settings/:key', async (_request, reply) => reply.headers(CORS).code(204).send());
  fastify.get<{ Params: { key: string } }>('/api/settings/:key', async (request, reply) => {
    reply.headers(CORS).header('cache-control', 'no-store');
    const { key } = request.params;
    if (!isPlatformSettingKey(key)) return reply.code(404).send({ error: 'Not Found' });
    return { value: (await readPlatformSetting(database, key)) ?? defaults[key] };
  });
}

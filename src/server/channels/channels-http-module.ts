import type { ContextDeps } from '../graphql/request-context';
import { registerFileRoutes } from '../http/files-routes';
import type { HttpModule } from '../http/modules';
import { registerSandboxRoutes } from '../http/sandbox-routes';
import { registerWhatsappWebhooks } from '../http/webhooks-whatsapp';
import { resolveJwtSecret } from '../modules/auth/jwt-secret';
import { createChannelServices, type ChannelServices } from './channel-services';
import { syncInboundSink } from './sync-inbound-sink';

/** Channel services on top of the sync engine: its bus, its message services, its outbound queue. */
async function startChannels(deps: ContextDeps): Promise<ChannelServices> {
  const { sync, logger } = deps.services;
  if (!sync) throw new Error('channels need the sync engine (ServerServices.sync)');
  const channels = createChannelServices({
    config: deps.config,
    database: deps.database,
    logger,
    pubsub: sync.pubsub,
    sink: syncInboundSink(sync.messaging, logger),
    secret: await resolveJwtSecret(deps.config),
    secrets: deps.services.secrets,
  });
  sync.useSender(channels.router, async (item, providerMessageId) => {
    if (providerMessageId) await channels.pipeline.providerIdRecorded({ tenantId: item.tenantId, id: item.instance.id }, providerMessageId);
  });
  return channels;
}

/** Webhooks, the sandbox and media files (issue 4), with the channel services they share. */
export const channelsHttpModule: HttpModule = async (fastify, deps) => {
  const channels = deps.services.channels ?? (deps.services.channels = await startChannels(deps));
  fastify.addHook('onClose', async () => channels.close());
  registerFileRoutes(fastify, deps, channels);
  registerSandboxRoutes(fastify, deps, channels);
  registerWhatsappWebhooks(fastify, deps, channels);
};

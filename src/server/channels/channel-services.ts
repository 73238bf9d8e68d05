import { AddressPolicy } from '../net/address-policy';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { Logger } from '../logger';
import { publishInstanceChanged, templatesChannel } from '../modules/instances/instance-events';
import type { PubSub } from '../pubsub';
import type { SecretBox } from '../security/secret-box';
import type { Channel, ChannelInstance, ChannelKind } from './channel';
import { CloudApiChannel } from './cloud-api/cloud-api-channel';
import { GraphClient } from './cloud-api/graph-client';
import { TemplateStore } from './cloud-api/template-store';
import { InboundPipeline } from './inbound-pipeline';
import type { InboundSink } from './inbound-sink';
import { connectionReadFrom, InstanceLookup } from './instance-lookup';
import { LocalMediaStore } from './media/local-media-store';
import { OutboundRouter } from './outbound-router';
import { Pacer } from './pacing/token-bucket';
import type { MediaStore } from './media/media-store';
import { createFileUrlSigner, type FileUrlSigner } from './media/signed-file-url';
import { SandboxChannel } from './sandbox/sandbox-channel';
import { SandboxNetwork } from './sandbox/sandbox-network';

export interface ChannelServicesOptions {
  config: Config;
  database: Database;
  logger: Logger;
  pubsub: PubSub;
  sink: InboundSink;
  /** Keys the signed file links (derived, never used as is). */
  secret: string;
  /** Opens the connections' stored Cloud API tokens (GraphClient). */
  secrets: SecretBox;
  media?: MediaStore;
}

/** Everything channel-related one server process shares (ServerServices.channels). */
export interface ChannelServices {
  config: Config;
  pubsub: PubSub;
  graph: GraphClient;
  media: MediaStore;
  fileUrls: FileUrlSigner;
  pipeline: InboundPipeline;
  sandbox: SandboxNetwork;
  templates: TemplateStore;
  /** The outbound queue's sender (sync/outbound): channel routing, 24-hour window, pacing. */
  router: OutboundRouter;
  channel(kind: ChannelKind): Channel;
  cloudApiInstance(tenantSlug: string, instanceId: string): Promise<ChannelInstance | null>;
  sandboxInstance(tenantSlug: string, instanceId: string): Promise<ChannelInstance | null>;
  /** Tells this process's caches and every signed-in user of the tenant that a connection changed. */
  instanceChanged(tenantId: number, instanceId: number, dropped: boolean): Promise<void>;
  close(): Promise<void>;
}

/** How often work kept in the database is looked for: due sandbox ack steps, statuses left held by a crash. */
const STATUS_POLL_MS = 1000;

const CLOUD_API_RETRIES = 5;

export function createChannelServices(options: ChannelServicesOptions): ChannelServices {
  const { config, database, logger, pubsub } = options;
  const graph = new GraphClient({ baseUrl: config.cloudApiBaseUrl, secrets: options.secrets });
  const media = options.media ?? new LocalMediaStore(config.mediaDir);
  const lookup = new InstanceLookup(connectionReadFrom(database));
  const pipeline = new InboundPipeline({ database, sink: options.sink, media, graph, logger, outbound: new AddressPolicy(config.outboundFetchAllow) });
  const instanceChanged = async (tenantId: number, instanceId: number, dropped: boolean) => {
    lookup.forget(tenantId, instanceId);
    await publishInstanceChanged(pubsub, tenantId, { instance_id: instanceId, dropped });
  };
  const sandbox = new SandboxNetwork({
    database,
    pipeline,
    media,
    logger,
    ackStepMs: config.sandboxAckStepMs,
    onConnectionChanged: (instance) => instanceChanged(instance.tenantId, instance.id, !instance.activated),
  });
  const channels: Record<ChannelKind, Channel> = {
    sandbox: new SandboxChannel(sandbox),
    'cloud-api': new CloudApiChannel(graph, {
      retryDelaysMs: Array.from({ length: CLOUD_API_RETRIES }, (_, i) => config.cloudApiRetryBaseMs * 2 ** i),
    }),
  };
  const templates = new TemplateStore(database, graph, async (instance) => {
    await pubsub.publish(templatesChannel(instance.tenantId), { kind: 'whatsapp_template', instance_id: instance.id });
  });
  const router = new OutboundRouter({
    database,
    media,
    pacer: new Pacer(),
    channel: (kind) => channels[kind],
    // The sandbox has no provider limit; Cloud API numbers share Meta's per-number throughput.
    ratePerSecond: (instance) => (instance.channel === 'cloud-api' ? config.cloudApiMessagesPerSecond : null),
  });
  // The durable status work of every process, whoever recorded it: resumed after a restart.
  let polling: Promise<void> | null = null;
  let closed = false;
  const poll = () => {
    if (polling || closed) return;
    polling = (async () => {
      await sandbox.runDueSteps();
      await pipeline.resumePendingStatuses().catch((err: unknown) => logger.error({ err }, 'pending statuses'));
    })().finally(() => {
      polling = null;
    });
  };
  const poller = setInterval(poll, STATUS_POLL_MS);
  poller.unref();
  poll();
  return {
    config,
    pubsub,
    router,
    graph,
    media,
    fileUrls: createFileUrlSigner(options.secret),
    pipeline,
    sandbox,
    templates,
    channel: (kind) => channels[kind],
    cloudApiInstance: (slug, id) => lookup.find(slug, id, 'cloud-api'),
    sandboxInstance: (slug, id) => (config.sandboxEnabled ? lookup.find(slug, id, 'sandbox') : Promise.resolve(null)),
    instanceChanged,
    close: async () => {
      closed = true;
      clearInterval(poller);
      await polling;
      await sandbox.close();
    },
  };
}

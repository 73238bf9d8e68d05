import type { ColumnType } from 'kysely';
import type { DefaultTimestamp, Defaulted, Id } from './columns';

/** jsonb: read as parsed JSON, written as JSON text (pg would send a JS array as a PostgreSQL array). */
type Jsonb<T> = ColumnType<T, string | undefined, string>;

/** The sandbox's simulated network (migration 0004): outbox and held inbound messages. */
export interface SandboxMessagesTable {
  tenant_id: number;
  id: Id;
  instance_id: number;
  direction: 'in' | 'out';
  peer_phone: string;
  provider_message_id: string;
  type: string;
  text: string | null;
  caption: string | null;
  media_url: string | null;
  file_name: string | null;
  reply_to: string | null;
  reaction_to: string | null;
  ack: Defaulted<number>;
  held: Defaulted<boolean>;
  payload: ColumnType<unknown, string | null | undefined, string | null>;
  /** The outbound queue's key of a business send (migration 0115): a repeated send answers the first. */
  idempotency_key: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/** A sandbox status step still to come (migration 0115): applied by the poller once due. */
export interface SandboxAckStepsTable {
  tenant_id: number;
  id: Id;
  instance_id: number;
  provider_message_id: string;
  ack: number;
  due_at: Date;
}

/** A Cloud API message template of a connection's WhatsApp Business account. */
export interface WhatsappTemplatesTable {
  tenant_id: number;
  id: Id;
  instance_id: number;
  provider_id: string;
  name: string;
  language: string;
  status: string;
  category: string | null;
  parameter_format: string | null;
  components: Jsonb<unknown[]>;
  reason: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

/** A provider status whose message is not yet known by its provider id. */
export interface ChannelPendingStatusesTable {
  tenant_id: number;
  id: Id;
  instance_id: number;
  provider_message_id: string;
  ack: number;
  error: string | null;
  created_at: DefaultTimestamp;
}

/** A template send's provider request, by its message's hash. */
export interface TemplateSendsTable {
  tenant_id: number;
  id: Id;
  hash: string;
  name: string;
  language: string;
  components: Jsonb<unknown[]>;
  created_at: DefaultTimestamp;
}

/** A webhook delivery, or the part of one, that could not be stored (migration 0110). */
export interface WebhookDeadLettersTable {
  tenant_id: number;
  id: Id;
  instance_id: number;
  reason: string;
  payload: Buffer;
  received_at: DefaultTimestamp;
}

export interface ChannelTables {
  webhook_dead_letters: WebhookDeadLettersTable;
  template_sends: TemplateSendsTable;
  sandbox_messages: SandboxMessagesTable;
  sandbox_ack_steps: SandboxAckStepsTable;
  whatsapp_templates: WhatsappTemplatesTable;
  channel_pending_statuses: ChannelPendingStatusesTable;
}

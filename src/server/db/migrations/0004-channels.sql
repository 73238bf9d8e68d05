-- Channels (issue 4, DESIGN.md §5): the sandbox's simulated WhatsApp network, the Cloud API's
-- message templates, and provider statuses that arrive before their message's provider id is known.

-- What crosses the sandbox network: 'out' rows are the business's sends (the outbox the simulator
-- and tests read, with acks moving sent -> delivered -> read); 'in' rows are customer messages
-- written while the connection was down, held until it comes back (held = true).
create table sandbox_messages (
  tenant_id bigint not null references tenants (id),
  id bigint generated always as identity,
  instance_id bigint not null,
  direction text not null check (direction in ('in', 'out')),
  -- The customer's number, digits only.
  peer_phone text not null,
  provider_message_id text not null,
  type text not null,
  text text,
  caption text,
  media_url text,
  file_name text,
  reply_to text,
  reaction_to text,
  ack smallint not null default 1,
  held boolean not null default false,
  -- A held inbound message, as the inbound API received it.
  payload jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (tenant_id, provider_message_id),
  foreign key (tenant_id, instance_id) references instances (tenant_id, id) on delete cascade
);
create index sandbox_messages_peer on sandbox_messages (tenant_id, instance_id, peer_phone, id);
create index sandbox_messages_held on sandbox_messages (tenant_id, instance_id, id) where held;
select pedbot_enable_tenant_rls('sandbox_messages');

-- The WhatsApp Business account's templates as last listed or reported by webhook.
create table whatsapp_templates (
  tenant_id bigint not null references tenants (id),
  id bigint generated always as identity,
  instance_id bigint not null,
  provider_id text not null,
  name text not null,
  language text not null,
  status text not null,
  category text,
  parameter_format text,
  components jsonb not null default '[]',
  reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (tenant_id, instance_id, provider_id),
  foreign key (tenant_id, instance_id) references instances (tenant_id, id) on delete cascade
);
select pedbot_enable_tenant_rls('whatsapp_templates');

-- A status can beat the send answer that tells us its provider id (Meta's 'sent' webhook often
-- arrives within milliseconds). It waits here and is applied when the id is recorded.
create table channel_pending_statuses (
  tenant_id bigint not null references tenants (id),
  id bigint generated always as identity,
  instance_id bigint not null,
  provider_message_id text not null,
  ack smallint not null,
  error text,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, instance_id) references instances (tenant_id, id) on delete cascade
);
create index channel_pending_statuses_message on channel_pending_statuses (tenant_id, instance_id, provider_message_id);
select pedbot_enable_tenant_rls('channel_pending_statuses');

-- What a template send asks the provider for (name, language, parameters), keyed by the message's
-- hash: written before the message is queued, so the dispatcher always finds it.
create table template_sends (
  tenant_id bigint not null references tenants (id),
  id bigint generated always as identity,
  hash text not null,
  name text not null,
  language text not null,
  components jsonb not null default '[]',
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (tenant_id, hash)
);
select pedbot_enable_tenant_rls('template_sends');

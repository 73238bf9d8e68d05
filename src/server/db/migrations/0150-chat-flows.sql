-- Chat flows (issue 16): a flow keeps an editable draft; publishing snapshots it as an immutable
-- version, and each session runs the version it started on, so editing or restoring a flow never
-- changes a conversation in progress.
create table chat_flows (
  tenant_id bigint not null references tenants (id),
  id bigint generated always as identity,
  name text not null check (btrim(name) <> ''),
  -- passive: started by a customer's message; active: started by the business.
  kind text not null check (kind in ('passive', 'active')),
  draft jsonb not null,
  published_version_id bigint,
  -- An abandoned session ends after this long without an answer, with an optional message.
  expire_minutes integer not null default 30 check (expire_minutes between 1 and 10080),
  expire_message text,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  primary key (tenant_id, id),
  foreign key (tenant_id, created_by) references users (tenant_id, id)
);
select pedbot_enable_tenant_rls('chat_flows');

create table chat_flow_versions (
  tenant_id bigint not null references tenants (id),
  id bigint generated always as identity,
  flow_id bigint not null,
  version integer not null,
  definition jsonb not null,
  published_by bigint,
  published_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (tenant_id, flow_id, version),
  foreign key (tenant_id, flow_id) references chat_flows (tenant_id, id),
  foreign key (tenant_id, published_by) references users (tenant_id, id)
);
select pedbot_enable_tenant_rls('chat_flow_versions');

alter table chat_flows add foreign key (tenant_id, published_version_id) references chat_flow_versions (tenant_id, id);

-- A connection's passive flow: a customer's message with no open ticket starts a session of it.
alter table instances add column passive_flow_id bigint;
alter table instances add foreign key (tenant_id, passive_flow_id) references chat_flows (tenant_id, id) on delete set null (passive_flow_id);

create table chat_flow_sessions (
  tenant_id bigint not null references tenants (id),
  id bigint generated always as identity,
  flow_id bigint not null,
  version_id bigint not null,
  chat_ticket_id bigint not null,
  instance_id bigint not null,
  customer_id bigint not null,
  -- waiting_answer | waiting_timer | waiting_http while it runs; finished | handed_over | stopped |
  -- expired | taken_over once it ended.
  status text not null,
  state jsonb not null,
  -- Every step raises it: a timer, HTTP answer or expiry made for an older step finds it moved on.
  step integer not null default 0,
  -- The last customer message the session has read: a message is an answer once, however often
  -- the engine is woken for it.
  last_message_id bigint,
  started_by bigint,
  started_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  ended_at timestamptz,
  primary key (tenant_id, id),
  foreign key (tenant_id, flow_id) references chat_flows (tenant_id, id),
  foreign key (tenant_id, version_id) references chat_flow_versions (tenant_id, id),
  foreign key (tenant_id, chat_ticket_id) references chat_tickets (tenant_id, id),
  foreign key (tenant_id, started_by) references users (tenant_id, id)
);
-- One running session per ticket.
create unique index chat_flow_sessions_running on chat_flow_sessions (tenant_id, chat_ticket_id)
  where status in ('waiting_answer', 'waiting_timer', 'waiting_http');
create index chat_flow_sessions_by_ticket on chat_flow_sessions (tenant_id, chat_ticket_id, id);
select pedbot_enable_tenant_rls('chat_flow_sessions');

-- Scheduled messages (SPEC §2 crm/schedules). A schedule's job (src/server/jobs/, 'crm.scheduled-message')
-- is created in the same transaction; job_id names the one job allowed to send it (a new time makes a
-- new job). 'enviando' is the job's claim: a cancel no longer wins once it is set.
create table scheduled_messages (
  tenant_id bigint not null references tenants (id),
  id bigint generated always as identity,
  instance_id bigint not null,
  customer_id bigint not null,
  user_id bigint not null,
  message text not null,
  send_at timestamptz not null,
  cancel_on_reply boolean not null default false,
  status text not null default 'agendada' check (status in ('agendada', 'enviando', 'enviada', 'cancelada', 'falhou')),
  late boolean not null default false,
  failure_reason text,
  job_id uuid,
  customer_chat_id bigint,
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, instance_id) references instances (tenant_id, id),
  foreign key (tenant_id, customer_id) references customers (tenant_id, id),
  foreign key (tenant_id, user_id) references users (tenant_id, id),
  foreign key (tenant_id, customer_chat_id) references customer_chats (tenant_id, id)
);
create index scheduled_messages_by_time on scheduled_messages (tenant_id, send_at desc, id desc);
select pedbot_enable_tenant_rls('scheduled_messages');

-- The attendance console's closing of tickets (SPEC §4): attendance-summary reasons (CRM) and the
-- record of each closing. Numbered apart from the core series so parallel areas never collide.

create table crm_reasons (
  tenant_id bigint not null references tenants (id),
  id bigint generated always as identity,
  name text not null,
  activated boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (tenant_id, name)
);
select pedbot_enable_tenant_rls('crm_reasons');

-- A ticket closes once: a customer writing again opens a new ticket (SPEC §4 reopen).
create table ticket_closings (
  tenant_id bigint not null references tenants (id),
  id bigint generated always as identity,
  chat_ticket_id bigint not null,
  crm_reason_id bigint not null,
  note text,
  closed_by bigint not null,
  closed_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (tenant_id, chat_ticket_id),
  foreign key (tenant_id, chat_ticket_id) references chat_tickets (tenant_id, id) on delete cascade,
  foreign key (tenant_id, crm_reason_id) references crm_reasons (tenant_id, id),
  foreign key (tenant_id, closed_by) references users (tenant_id, id)
);
select pedbot_enable_tenant_rls('ticket_closings');

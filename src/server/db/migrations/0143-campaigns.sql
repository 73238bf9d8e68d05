-- Messaging campaigns (SPEC §2 whatsapp/campaigns). Tickets name their campaign from here (SPEC §9:
-- a campaign named 'Resposta passiva' counts as attendance).
create table campaigns (
  tenant_id bigint not null references tenants (id),
  id bigint generated always as identity,
  name text not null,
  instance_id bigint not null,
  message text not null,
  status text not null default 'rascunho' check (status in ('rascunho', 'enviando', 'pausada', 'concluida', 'cancelada')),
  excluded_blacklisted integer not null default 0,
  warning text,
  created_by bigint not null,
  started_at timestamptz,
  finished_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, instance_id) references instances (tenant_id, id),
  foreign key (tenant_id, created_by) references users (tenant_id, id)
);
select pedbot_enable_tenant_rls('campaigns');

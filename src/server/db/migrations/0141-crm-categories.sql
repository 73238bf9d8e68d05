-- CRM (SPEC §2 crm/reasons, crm/category): a reason may require a note when a ticket closes with it;
-- categories (name and colour) tag tickets.
alter table crm_reasons add column requires_note boolean not null default false;

create table categories (
  tenant_id bigint not null references tenants (id),
  id bigint generated always as identity,
  name text not null,
  color text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (tenant_id, name)
);
select pedbot_enable_tenant_rls('categories');

create table ticket_categories (
  tenant_id bigint not null references tenants (id),
  chat_ticket_id bigint not null,
  category_id bigint not null,
  tagged_by bigint,
  tagged_at timestamptz not null default now(),
  primary key (tenant_id, chat_ticket_id, category_id),
  foreign key (tenant_id, chat_ticket_id) references chat_tickets (tenant_id, id) on delete cascade,
  foreign key (tenant_id, category_id) references categories (tenant_id, id) on delete cascade,
  foreign key (tenant_id, tagged_by) references users (tenant_id, id)
);
create index ticket_categories_by_category on ticket_categories (tenant_id, category_id);
select pedbot_enable_tenant_rls('ticket_categories');

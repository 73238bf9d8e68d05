-- Team administration and routing (issue 12): a connection's departments and default department,
-- a per-user session epoch that ends access tokens at once, and disabled tenants.

-- The department whose inbox receives a connection's new tickets (DESIGN §5a routing).
alter table instances add column default_department_id bigint;
alter table instances
  add constraint instances_default_department foreign key (tenant_id, default_department_id) references user_departments (tenant_id, id);

-- The departments allowed to serve a connection.
create table instance_departments (
  tenant_id bigint not null references tenants (id),
  instance_id bigint not null,
  department_id bigint not null,
  created_at timestamptz not null default now(),
  primary key (tenant_id, instance_id, department_id),
  foreign key (tenant_id, instance_id) references instances (tenant_id, id) on delete cascade,
  foreign key (tenant_id, department_id) references user_departments (tenant_id, id) on delete cascade
);
create index instance_departments_department on instance_departments (tenant_id, department_id);
select pedbot_enable_tenant_rls('instance_departments');

-- Access tokens carry the epoch they were signed at; raising it (disconnectUser, logout of every
-- session, deletion) refuses every token signed before, without waiting for them to expire.
alter table users add column session_epoch integer not null default 0;

-- A disabled tenant's pages answer tenant-invalid and its tokens stop working (npm run tenant -- disable).
alter table tenants add column disabled_at timestamptz;

-- Demo databases seeded before routing existed: new customers of the demo connection go to Vendas.
-- Scoped to the demo tenant the way the app is, since row-level security applies to the owner too.
select set_config('app.tenant_id', coalesce((select id::text from tenants where slug = 'demo'), ''), true);
with demo as (
  select i.tenant_id, i.id as instance_id, d.id as department_id
  from instances i
  join tenants t on t.id = i.tenant_id and t.slug = 'demo'
  join user_departments d on d.tenant_id = i.tenant_id and d.name = 'Vendas'
  where i.name = 'WhatsApp Loja Demo' and i.default_department_id is null
)
update instances i set default_department_id = demo.department_id
from demo where i.tenant_id = demo.tenant_id and i.id = demo.instance_id;

insert into instance_departments (tenant_id, instance_id, department_id)
select i.tenant_id, i.id, d.id
from instances i
join tenants t on t.id = i.tenant_id and t.slug = 'demo'
join user_departments d on d.tenant_id = i.tenant_id and d.name in ('Vendas', 'Suporte')
where i.name = 'WhatsApp Loja Demo'
on conflict do nothing;
select set_config('app.tenant_id', '', true);

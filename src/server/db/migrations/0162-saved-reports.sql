-- The report builder's reports (dashboard/report-new), saved by name for the tenant.
create table saved_reports (
  tenant_id bigint not null references tenants (id),
  id bigint generated always as identity,
  name text not null,
  -- The builder's choice (metric, dimensions, filters) as JSON, validated by the server on save.
  definition text not null,
  created_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (tenant_id, name),
  foreign key (tenant_id, created_by) references users (tenant_id, id) on delete set null (created_by)
);
select pedbot_enable_tenant_rls('saved_reports');

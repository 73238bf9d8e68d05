-- The app role: owns nothing and does not bypass row-level security (DESIGN.md §3).
-- Roles belong to the whole server, not to one database: databases migrated at the same time (the
-- test files, on a shared PostgreSQL) race to create and grant it, and the loser gets a unique
-- violation on the role catalogue instead of 'already exists'; either means it is there.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'pedbot_app') then
    create role pedbot_app nologin;
  end if;
exception when duplicate_object or unique_violation then null;
end $$;

do $$
begin
  grant pedbot_app to current_user;
exception when duplicate_object or unique_violation then null;
end $$;
grant usage on schema public to pedbot_app;
alter default privileges in schema public grant select, insert, update, delete on tables to pedbot_app;
alter default privileges in schema public grant usage, select on sequences to pedbot_app;

-- The tenant of the current transaction, set by Database.withTenant; null when none is set.
create or replace function pedbot_tenant() returns bigint
  language sql stable
  as $$ select nullif(current_setting('app.tenant_id', true), '')::bigint $$;

-- Every tenant table calls this once: RLS on tenant_id as the second lock behind scoped queries.
create or replace function pedbot_enable_tenant_rls(tbl regclass) returns void
  language plpgsql
  as $$
begin
  execute format('alter table %s enable row level security', tbl);
  execute format('alter table %s force row level security', tbl);
  execute format('create policy tenant_isolation on %s using (tenant_id = pedbot_tenant()) with check (tenant_id = pedbot_tenant())', tbl);
end $$;

-- Store settings of issue 14: starred pages per user (SPEC §3, §9), terms-of-use versions and the
-- training videos of the help pages. Settings themselves stay rows of `settings` (key/value).

create table starred_pages (
  tenant_id bigint not null references tenants (id),
  id bigint generated always as identity,
  user_id bigint not null,
  url text not null,
  title text not null,
  is_bookmarked boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (tenant_id, user_id, url),
  foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
);
select pedbot_enable_tenant_rls('starred_pages');

-- Every upload is a new version; the newest one is in force.
create table terms_documents (
  tenant_id bigint not null references tenants (id),
  id bigint generated always as identity,
  file text not null,
  name text not null,
  size bigint not null,
  created_by bigint,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, created_by) references users (tenant_id, id) on delete set null (created_by)
);
create index terms_documents_newest on terms_documents (tenant_id, created_at desc);
select pedbot_enable_tenant_rls('terms_documents');

create table training_videos (
  tenant_id bigint not null references tenants (id),
  id bigint generated always as identity,
  title text not null,
  url text not null,
  description text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id)
);
select pedbot_enable_tenant_rls('training_videos');

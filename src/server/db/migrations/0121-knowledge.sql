-- The knowledge base (issue 14 §3): articles attendants search from the composer and insert
-- into a reply. The body uses the message markup of SPEC §5; the attachment is a stored file
-- (/api/file/<name>) sent as media.
create table knowledge_articles (
  tenant_id bigint not null references tenants (id),
  id bigint generated always as identity,
  title text not null check (btrim(title) <> ''),
  body text not null,
  tags text[] not null default '{}',
  attachment_url text,
  attachment_name text,
  attachment_mimetype text,
  created_by bigint,
  updated_by bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  primary key (tenant_id, id),
  foreign key (tenant_id, created_by) references users (tenant_id, id),
  foreign key (tenant_id, updated_by) references users (tenant_id, id)
);
create index knowledge_articles_by_title on knowledge_articles (tenant_id, lower(title), id) where deleted_at is null;
create index knowledge_articles_tags on knowledge_articles using gin (tags) where deleted_at is null;
select pedbot_enable_tenant_rls('knowledge_articles');

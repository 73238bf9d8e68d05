-- Tenants, identity and platform settings (SPEC §3 User/Feature/Setting/Instance, DESIGN.md §3).

-- Tenants are looked up by slug before any tenant is known, so they carry no RLS;
-- the app may read them, only the owner (seeds, platform CLIs) writes them.
create table tenants (
  id bigint generated always as identity primary key,
  slug text not null unique check (slug ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
  name text not null,
  created_at timestamptz not null default now()
);
revoke insert, update, delete on tenants from pedbot_app;

-- Platform-wide switches (whatsapp_status, maintenance_status), changed by platform admins only.
create table platform_settings (
  key text primary key,
  value text not null,
  updated_at timestamptz not null default now()
);
revoke insert, update, delete on platform_settings from pedbot_app;

create table roles (
  tenant_id bigint not null references tenants (id),
  id bigint generated always as identity,
  name text not null,
  display_name text not null,
  has_permission_routes text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (tenant_id, name)
);
select pedbot_enable_tenant_rls('roles');

create table user_departments (
  tenant_id bigint not null references tenants (id),
  id bigint generated always as identity,
  name text not null,
  activated boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (tenant_id, name)
);
select pedbot_enable_tenant_rls('user_departments');

create table instances (
  tenant_id bigint not null references tenants (id),
  id bigint generated always as identity,
  name text not null,
  channel text not null default 'sandbox' check (channel in ('sandbox', 'cloud-api')),
  hub_host text,
  activated boolean not null default false,
  browser_session text,
  reset_finished boolean not null default true,
  phone_number text,
  qr_code text,
  waba_id text,
  is_official boolean not null default false,
  official_token text,
  messaging_send integer not null default 0,
  messaging_limit text,
  official_phone_id text,
  integration_id text,
  broker text,
  dialog_params jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id)
);
select pedbot_enable_tenant_rls('instances');

create table users (
  tenant_id bigint not null references tenants (id),
  id bigint generated always as identity,
  email text not null,
  name text not null,
  image text,
  username text,
  password_hash text not null,
  attempts integer not null default 0,
  blocked_at timestamptz,
  from_alpha7 boolean not null default false,
  is_connected boolean not null default false,
  last_seen_at timestamptz,
  twofactor_activity boolean not null default false,
  google2fa_secret text,
  -- A secret shown by generateQrcode that becomes google2fa_secret once a code of it is confirmed.
  google2fa_pending_secret text,
  -- The last accepted TOTP time step: a code is never accepted twice.
  totp_last_step bigint,
  expiration_password timestamptz,
  role_id bigint not null,
  user_department_id bigint,
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, role_id) references roles (tenant_id, id),
  foreign key (tenant_id, user_department_id) references user_departments (tenant_id, id)
);
create unique index users_email_per_tenant on users (tenant_id, lower(email)) where deleted_at is null;
select pedbot_enable_tenant_rls('users');

create table user_instances (
  tenant_id bigint not null references tenants (id),
  id bigint generated always as identity,
  user_id bigint not null,
  instance_id bigint not null,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (tenant_id, user_id, instance_id),
  foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade,
  foreign key (tenant_id, instance_id) references instances (tenant_id, id) on delete cascade
);
create index user_instances_instance on user_instances (tenant_id, instance_id);
select pedbot_enable_tenant_rls('user_instances');

create table features (
  tenant_id bigint not null references tenants (id),
  id bigint generated always as identity,
  name text not null,
  enabled boolean not null default true,
  primary key (tenant_id, id),
  unique (tenant_id, name)
);
select pedbot_enable_tenant_rls('features');

create table settings (
  tenant_id bigint not null references tenants (id),
  id bigint generated always as identity,
  -- Null: a setting of the whole tenant; otherwise of one connection.
  instance_id bigint,
  key text not null,
  value text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique nulls not distinct (tenant_id, instance_id, key),
  foreign key (tenant_id, instance_id) references instances (tenant_id, id) on delete cascade
);
select pedbot_enable_tenant_rls('settings');

-- Refresh tokens are stored as SHA-256 hashes; a family is one sign-in and its rotations.
create table refresh_tokens (
  tenant_id bigint not null references tenants (id),
  id bigint generated always as identity,
  user_id bigint not null,
  family_id uuid not null,
  token_hash text not null,
  remember boolean not null default false,
  ip text,
  expires_at timestamptz not null,
  rotated_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (tenant_id, token_hash),
  foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
);
create index refresh_tokens_family on refresh_tokens (tenant_id, family_id);
create index refresh_tokens_user on refresh_tokens (tenant_id, user_id);
select pedbot_enable_tenant_rls('refresh_tokens');

create table password_resets (
  tenant_id bigint not null references tenants (id),
  id bigint generated always as identity,
  user_id bigint not null,
  token_hash text not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (tenant_id, token_hash),
  foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
);
select pedbot_enable_tenant_rls('password_resets');

-- Long-lived tokens for integrationLogIn (sign-in from an external system), stored hashed.
create table integration_tokens (
  tenant_id bigint not null references tenants (id),
  id bigint generated always as identity,
  user_id bigint not null,
  name text not null,
  token_hash text not null,
  last_used_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (tenant_id, token_hash),
  foreign key (tenant_id, user_id) references users (tenant_id, id) on delete cascade
);
select pedbot_enable_tenant_rls('integration_tokens');

-- Issue 13: signed webhook deliveries (or parts of them) that cannot be stored — a sender that is
-- no phone number, a timestamp out of range, data the database refuses — are kept here with their
-- raw bytes instead of failing the delivery, which Meta would retry forever.
create table webhook_dead_letters (
  tenant_id bigint not null references tenants (id),
  id bigint generated always as identity,
  instance_id bigint not null,
  reason text not null,
  payload bytea not null,
  received_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, instance_id) references instances (tenant_id, id) on delete cascade
);
create index webhook_dead_letters_received on webhook_dead_letters (tenant_id, received_at);
select pedbot_enable_tenant_rls('webhook_dead_letters');

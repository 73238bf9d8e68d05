-- A connection's daily messaging limit (SPEC §3 Instance.messaging_limit) counts the customers it
-- opened a business-initiated conversation with in the last 24 hours: a send to someone who has not
-- written within 24 h and had no such conversation open. One row per conversation opened; the
-- outbound router counts them before a send and removes the row if the send fails.
create table business_conversations (
  tenant_id bigint not null references tenants (id),
  id bigint generated always as identity,
  instance_id bigint not null,
  -- The customer's number, digits only, as the send addressed it.
  phone text not null,
  opened_at timestamptz not null default now(),
  primary key (tenant_id, id),
  foreign key (tenant_id, instance_id) references instances (tenant_id, id) on delete cascade
);
create index business_conversations_recent on business_conversations (tenant_id, instance_id, opened_at);
select pedbot_enable_tenant_rls('business_conversations');

-- WhatsApp campaigns (issue 15 §4): the message, audience and pacing state of a campaign, and one row
-- per recipient. A recipient's send is a customer_chats row with the deterministic hash
-- 'campaign:<tenant>:<campaign>:<recipient>' written in the same transaction that links it here, so
-- a runner repeated after a crash finds it and sends nothing twice. run_seq names the one job chain
-- allowed to send (a pause, resume or cancel moves it on; a stale job sees the change and stops).
alter table campaigns drop constraint campaigns_status_check;
alter table campaigns add constraint campaigns_status_check
  check (status in ('rascunho', 'agendada', 'enviando', 'pausada', 'concluida', 'cancelada'));
alter table campaigns alter column message drop not null;
alter table campaigns
  add column message_template_id bigint,
  add column template_name text,
  add column template_language text,
  add column template_variables jsonb not null default '[]',
  add column flow_id bigint,
  add column send_at timestamptz,
  add column audience jsonb not null default '{}',
  add column excluded_opted_out integer not null default 0,
  add column excluded_invalid integer not null default 0,
  add column resumes_at timestamptz,
  add column run_seq integer not null default 0;

-- Customers who asked for no more campaigns (SAIR / PARAR, or Meta's 131050): also blocked for
-- campaigns (is_blacklisted_campaign); the date tells an opt-out from an administrator's block.
alter table customers add column campaign_opted_out_at timestamptz;

create table campaign_recipients (
  tenant_id bigint not null references tenants (id),
  id bigint generated always as identity,
  campaign_id bigint not null,
  customer_id bigint not null,
  phone_number text not null,
  state text not null default 'queued' check (state in ('queued', 'sent', 'delivered', 'read', 'replied', 'failed', 'canceled')),
  failure_code text,
  failure_reason text,
  customer_chat_id bigint,
  reply_chat_ticket_id bigint,
  handed_at timestamptz,
  sent_at timestamptz,
  delivered_at timestamptz,
  read_at timestamptz,
  replied_at timestamptz,
  failed_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (tenant_id, campaign_id, customer_id),
  foreign key (tenant_id, campaign_id) references campaigns (tenant_id, id) on delete cascade,
  foreign key (tenant_id, customer_id) references customers (tenant_id, id)
);
create index campaign_recipients_queue on campaign_recipients (tenant_id, campaign_id, id) where state = 'queued' and handed_at is null;
create index campaign_recipients_by_message on campaign_recipients (tenant_id, customer_chat_id) where customer_chat_id is not null;
create index campaign_recipients_awaiting_reply on campaign_recipients (tenant_id, customer_id)
  where customer_chat_id is not null and replied_at is null;
select pedbot_enable_tenant_rls('campaign_recipients');

-- A campaign message's delivery statuses reach its recipient row whichever path applies them
-- (the dispatcher's settle, webhook and sandbox statuses): the states only move forward, a reply
-- is kept. Meta's 131050 (the customer stopped marketing messages) blocks further campaigns.
create function pedbot_campaign_recipient_ack() returns trigger language plpgsql as $$
declare
  code text := case when new.ack = -1 then substring(coalesce(new.failure_reason, '') from '(13[0-9]{4})') end;
begin
  update campaign_recipients r set
    state = case
      when r.state in ('replied', 'canceled') then r.state
      when new.ack = -1 then case when r.state in ('delivered', 'read') then r.state else 'failed' end
      when new.ack = 3 then 'read'
      when new.ack = 2 and r.state <> 'read' then 'delivered'
      when new.ack = 1 and r.state in ('queued', 'failed') then 'sent'
      else r.state end,
    sent_at = case when new.ack >= 1 then coalesce(r.sent_at, now()) else r.sent_at end,
    delivered_at = case when new.ack >= 2 then coalesce(r.delivered_at, now()) else r.delivered_at end,
    read_at = case when new.ack = 3 then coalesce(r.read_at, now()) else r.read_at end,
    failed_at = case when new.ack = -1 then coalesce(r.failed_at, now()) else r.failed_at end,
    failure_code = case when new.ack = -1 then coalesce(code, r.failure_code, 'provider') else r.failure_code end,
    failure_reason = case when new.ack = -1 then new.failure_reason else r.failure_reason end
  where r.tenant_id = new.tenant_id and r.customer_chat_id = new.id;
  if code = '131050' then
    update customers set is_blacklisted_campaign = true,
      blacklisted_campaign_at = coalesce(blacklisted_campaign_at, now()),
      campaign_opted_out_at = coalesce(campaign_opted_out_at, now())
    where tenant_id = new.tenant_id and id = new.customer_id;
  end if;
  return null;
end $$;
create trigger customer_chats_campaign_ack after update of ack on customer_chats
  for each row when (new.from_me and new.ack is distinct from old.ack and new.hash like 'campaign:%')
  execute function pedbot_campaign_recipient_ack();

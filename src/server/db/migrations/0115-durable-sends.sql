-- Issue 13 §2: a crash loses no send, no order and no status step.

-- The conversation a send belongs to: sends to one customer on one connection leave strictly in
-- queue order (the dispatcher never claims a send while an earlier one of its conversation is
-- unsettled). Filled by a trigger so every place that queues a send gets it.
alter table outbound_messages add column customer_id bigint;
update outbound_messages o set customer_id = coalesce(
  (select m.customer_id from customer_chats m where m.tenant_id = o.tenant_id and m.id = o.customer_chat_id),
  (select r.customer_id from customer_chat_reactions r where r.tenant_id = o.tenant_id and r.id = o.reaction_id));

create function pedbot_outbound_customer() returns trigger language plpgsql as $$
begin
  if new.customer_id is null then
    if new.customer_chat_id is not null then
      select m.customer_id into new.customer_id from customer_chats m where m.tenant_id = new.tenant_id and m.id = new.customer_chat_id;
    elsif new.reaction_id is not null then
      select r.customer_id into new.customer_id from customer_chat_reactions r where r.tenant_id = new.tenant_id and r.id = new.reaction_id;
    end if;
  end if;
  return new;
end $$;
create trigger outbound_messages_customer before insert on outbound_messages
  for each row execute function pedbot_outbound_customer();
create index outbound_messages_conversation on outbound_messages (tenant_id, instance_id, customer_id, id)
  where status in ('pending', 'sending');

-- The sandbox dedupes a send by the outbound queue's key, as a provider with idempotency keys does:
-- a send repeated after a crash (handed over, outcome not recorded) answers the first send's id.
alter table sandbox_messages add column idempotency_key text;
create unique index sandbox_messages_idempotency on sandbox_messages (tenant_id, idempotency_key);

-- The sandbox's sent → delivered → read steps still to come, each with its due time: written in
-- the transaction that records the send, taken by a poller, so a restart resumes them.
create table sandbox_ack_steps (
  tenant_id bigint not null references tenants (id),
  id bigint generated always as identity,
  instance_id bigint not null,
  provider_message_id text not null,
  ack smallint not null,
  due_at timestamptz not null,
  primary key (tenant_id, id),
  foreign key (tenant_id, instance_id) references instances (tenant_id, id) on delete cascade
);
create index sandbox_ack_steps_due on sandbox_ack_steps (due_at, tenant_id, id);
select pedbot_enable_tenant_rls('sandbox_ack_steps');

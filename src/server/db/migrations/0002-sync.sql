-- Tickets, customers, messages, reactions, transfers, templates, the outbound queue and the
-- change feed (SPEC §3, DESIGN.md §4). Columns keep the spec's names; the spec's camelCase
-- ChatTicket fields are stored snake_case (unseenMsg -> unseen_msg, isNotResponded ->
-- is_not_responded, createdAt -> created_at, curretTimestamp -> updated_at) and mapped back in
-- src/server/sync/documents/.
--
-- Change feed, step 1 (DESIGN §4): every replicated row stores the transaction that last wrote it
-- (change_xid) and the server time of that write (updated_at), stamped by a trigger so that no
-- code path can forget. A pull reads rows with (change_xid, id) after its checkpoint and
-- change_xid below pg_snapshot_xmin(pg_current_snapshot()): everything below the oldest
-- transaction still in flight is committed, and nothing can later appear below it, so a
-- checkpoint never skips a row that committed late. A sequence would not do: a transaction can
-- draw a lower value and commit after a higher one was read.
--
-- vis_xid is the transaction that last changed who may see the row (ticket owner, inbox,
-- department, closing, deletion); a pull sends a tombstone for a row the viewer can no longer
-- see only when vis_xid is after the viewer's checkpoint, so viewers who never had it get nothing.

create or replace function pedbot_stamp_change() returns trigger
  language plpgsql
  as $$
begin
  new.change_xid := pg_current_xact_id();
  new.updated_at := clock_timestamp();
  return new;
end $$;

create table customer_groups (
  tenant_id bigint not null references tenants (id),
  id bigint generated always as identity,
  name text not null,
  color_tag text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (tenant_id, name)
);
select pedbot_enable_tenant_rls('customer_groups');

create table customers (
  tenant_id bigint not null references tenants (id),
  id bigint generated always as identity,
  name text,
  image text,
  address text,
  open_field text,
  is_favorite boolean not null default false,
  -- Digits only, with the country code (src/shared/domain/phone.ts normalizePhone).
  phone_number text not null,
  is_blacklisted boolean not null default false,
  is_blacklisted_campaign boolean not null default false,
  document_register text,
  group_of_customer_id bigint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  change_xid xid8 not null default pg_current_xact_id(),
  vis_xid xid8 not null default '0',
  primary key (tenant_id, id),
  foreign key (tenant_id, group_of_customer_id) references customer_groups (tenant_id, id) on delete set null (group_of_customer_id)
);
create unique index customers_phone on customers (tenant_id, phone_number) where deleted_at is null;
create index customers_group on customers (tenant_id, group_of_customer_id) where group_of_customer_id is not null;
create index customers_feed on customers (tenant_id, change_xid, id);
create trigger customers_stamp before insert or update on customers
  for each row execute function pedbot_stamp_change();
select pedbot_enable_tenant_rls('customers');

-- A group's name and colour travel inside its customers' documents: renaming one re-sends them.
create or replace function pedbot_group_touch_customers() returns trigger
  language plpgsql
  as $$
begin
  update customers set vis_xid = vis_xid
    where tenant_id = new.tenant_id and group_of_customer_id = new.id;
  return null;
end $$;
create trigger customer_groups_touch after update on customer_groups
  for each row when ((old.name, old.color_tag) is distinct from (new.name, new.color_tag))
  execute function pedbot_group_touch_customers();

create table chat_tickets (
  tenant_id bigint not null references tenants (id),
  id bigint generated always as identity,
  instance_id bigint not null,
  customer_id bigint not null,
  user_id bigint,
  previous_user_id bigint,
  campaign_id bigint,
  is_campaign boolean not null default false,
  finished_ticket boolean not null default false,
  open_by_template boolean not null default false,
  last_msg timestamptz,
  last_msg_preview text,
  last_msg_id bigint,
  protocol text,
  started_at timestamptz,
  finished_at timestamptz,
  last_cost_created_at timestamptz,
  is_finishing boolean not null default false,
  unseen_msg integer not null default 0,
  is_not_responded boolean not null default false,
  inbox boolean not null default false,
  inbox_department_id bigint,
  is_research boolean not null default false,
  grade integer,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  -- The ticket lists' order (SPEC §4): latest message, or creation while there is none.
  list_at timestamptz generated always as (coalesce(last_msg, created_at)) stored,
  change_xid xid8 not null default pg_current_xact_id(),
  vis_xid xid8 not null default '0',
  primary key (tenant_id, id),
  foreign key (tenant_id, instance_id) references instances (tenant_id, id),
  foreign key (tenant_id, customer_id) references customers (tenant_id, id),
  foreign key (tenant_id, user_id) references users (tenant_id, id),
  foreign key (tenant_id, previous_user_id) references users (tenant_id, id),
  foreign key (tenant_id, inbox_department_id) references user_departments (tenant_id, id) on delete set null (inbox_department_id)
);
-- One open ticket per customer and connection: concurrent inbound messages converge on it.
create unique index chat_tickets_open_per_customer on chat_tickets (tenant_id, instance_id, customer_id)
  where not finished_ticket and deleted_at is null;
create index chat_tickets_customer on chat_tickets (tenant_id, customer_id, instance_id);
-- The tabs (keyset by list_at, id): open/closed of everyone, my_chats, and the inbox by department.
create index chat_tickets_list on chat_tickets (tenant_id, instance_id, finished_ticket, list_at desc, id desc)
  where deleted_at is null;
create index chat_tickets_by_user on chat_tickets (tenant_id, instance_id, user_id, finished_ticket, list_at desc, id desc)
  where deleted_at is null;
create index chat_tickets_inbox on chat_tickets (tenant_id, instance_id, inbox_department_id, list_at desc, id desc)
  where inbox and not finished_ticket and deleted_at is null;
create index chat_tickets_protocol on chat_tickets (tenant_id, protocol) where protocol is not null;
create index chat_tickets_feed on chat_tickets (tenant_id, instance_id, change_xid, id);
select pedbot_enable_tenant_rls('chat_tickets');

create or replace function pedbot_ticket_stamp() returns trigger
  language plpgsql
  as $$
begin
  new.change_xid := pg_current_xact_id();
  new.updated_at := clock_timestamp();
  if tg_op = 'UPDATE' and (new.user_id, new.inbox, new.inbox_department_id, new.finished_ticket, new.deleted_at, new.customer_id)
      is distinct from (old.user_id, old.inbox, old.inbox_department_id, old.finished_ticket, old.deleted_at, old.customer_id) then
    new.vis_xid := pg_current_xact_id();
  end if;
  return new;
end $$;
create trigger chat_tickets_stamp before insert or update on chat_tickets
  for each row execute function pedbot_ticket_stamp();

-- A customer is visible through its tickets: a new ticket may show it to someone new, and a
-- visibility change may hide it from someone, so both re-send the customer row.
create or replace function pedbot_ticket_touch_customer() returns trigger
  language plpgsql
  as $$
begin
  if tg_op = 'INSERT' then
    update customers set vis_xid = vis_xid where tenant_id = new.tenant_id and id = new.customer_id;
  elsif new.vis_xid is distinct from old.vis_xid then
    update customers set vis_xid = pg_current_xact_id()
      where tenant_id = new.tenant_id and id in (new.customer_id, old.customer_id);
  end if;
  return null;
end $$;
create trigger chat_tickets_touch_customer after insert or update on chat_tickets
  for each row execute function pedbot_ticket_touch_customer();

create table customer_chats (
  tenant_id bigint not null references tenants (id),
  id bigint generated always as identity,
  instance_id bigint not null,
  customer_id bigint not null,
  chat_ticket_id bigint,
  -- Idempotency key: client-made for sends, server-made for incoming messages.
  hash text not null,
  ack smallint not null default 0,
  type text not null default 'text',
  message text,
  message_footer text,
  message_header text,
  message_buttons text,
  caption text,
  document_name text,
  document_mimetype text,
  media_url text,
  sent_at timestamptz not null default now(),
  tag_type text,
  is_bot_message boolean not null default false,
  is_temp boolean not null default false,
  unseen_msg boolean not null default false,
  off_customer_chat boolean not null default false,
  whatsapp_deleted_at timestamptz,
  whatsapp_message_id text,
  recovered boolean not null default false,
  parent_id bigint,
  user_sending_id bigint,
  user_sending_img text,
  is_research boolean not null default false,
  from_me boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  change_xid xid8 not null default pg_current_xact_id(),
  primary key (tenant_id, id),
  unique (tenant_id, hash),
  -- Provider ids repeat across connections but never within one (nulls stay distinct).
  unique (tenant_id, instance_id, whatsapp_message_id),
  foreign key (tenant_id, instance_id) references instances (tenant_id, id),
  foreign key (tenant_id, customer_id) references customers (tenant_id, id),
  foreign key (tenant_id, chat_ticket_id) references chat_tickets (tenant_id, id),
  foreign key (tenant_id, parent_id) references customer_chats (tenant_id, id),
  foreign key (tenant_id, user_sending_id) references users (tenant_id, id)
);
create index customer_chats_conversation on customer_chats (tenant_id, customer_id, instance_id, sent_at desc, id desc);
create index customer_chats_ticket on customer_chats (tenant_id, chat_ticket_id, sent_at desc, id desc);
create index customer_chats_feed on customer_chats (tenant_id, instance_id, change_xid, id);
create trigger customer_chats_stamp before insert or update on customer_chats
  for each row execute function pedbot_stamp_change();
select pedbot_enable_tenant_rls('customer_chats');

create table customer_chat_reactions (
  tenant_id bigint not null references tenants (id),
  id bigint generated always as identity,
  instance_id bigint not null,
  customer_id bigint not null,
  customer_chat_id bigint not null,
  chat_ticket_id bigint,
  ack smallint not null default 0,
  type text not null default 'reaction',
  sent_at timestamptz not null default now(),
  reaction_text text not null,
  -- One reaction per side of the conversation and message, as WhatsApp keeps it.
  from_me boolean not null default false,
  user_id bigint,
  whatsapp_message_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  change_xid xid8 not null default pg_current_xact_id(),
  primary key (tenant_id, id),
  unique (tenant_id, customer_chat_id, from_me),
  foreign key (tenant_id, instance_id) references instances (tenant_id, id),
  foreign key (tenant_id, customer_id) references customers (tenant_id, id),
  foreign key (tenant_id, customer_chat_id) references customer_chats (tenant_id, id),
  foreign key (tenant_id, chat_ticket_id) references chat_tickets (tenant_id, id),
  foreign key (tenant_id, user_id) references users (tenant_id, id)
);
create index customer_chat_reactions_feed on customer_chat_reactions (tenant_id, instance_id, change_xid, id);
create trigger customer_chat_reactions_stamp before insert or update on customer_chat_reactions
  for each row execute function pedbot_stamp_change();
select pedbot_enable_tenant_rls('customer_chat_reactions');

-- Settings replicate too (foundation table): stamp them the same way.
alter table settings add column deleted_at timestamptz;
alter table settings add column change_xid xid8 not null default pg_current_xact_id();
create index settings_feed on settings (tenant_id, change_xid, id);
create trigger settings_stamp before insert or update on settings
  for each row execute function pedbot_stamp_change();

create table ticket_transfers (
  tenant_id bigint not null references tenants (id),
  id bigint generated always as identity,
  chat_ticket_id bigint not null,
  previous_user_id bigint,
  next_user_id bigint not null,
  created_by bigint,
  created_at timestamptz not null default now(),
  -- Set when confirmed (transfer_at) / when the next user got the ticket (transferred_at).
  transfer_at timestamptz,
  transferred_at timestamptz,
  primary key (tenant_id, id),
  foreign key (tenant_id, chat_ticket_id) references chat_tickets (tenant_id, id) on delete cascade,
  foreign key (tenant_id, previous_user_id) references users (tenant_id, id),
  foreign key (tenant_id, next_user_id) references users (tenant_id, id),
  foreign key (tenant_id, created_by) references users (tenant_id, id)
);
create index ticket_transfers_ticket on ticket_transfers (tenant_id, chat_ticket_id, created_at desc);
select pedbot_enable_tenant_rls('ticket_transfers');

create table message_templates (
  tenant_id bigint not null references tenants (id),
  id bigint generated always as identity,
  identifier text not null,
  value text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (tenant_id, id),
  unique (tenant_id, identifier)
);
select pedbot_enable_tenant_rls('message_templates');

-- The transactional outbox: written in the same transaction as the message, handed to the
-- connection's channel by the dispatcher exactly once (claimed with FOR UPDATE SKIP LOCKED).
create table outbound_messages (
  tenant_id bigint not null references tenants (id),
  id bigint generated always as identity,
  instance_id bigint not null,
  kind text not null check (kind in ('message', 'reaction')),
  customer_chat_id bigint,
  reaction_id bigint,
  status text not null default 'pending' check (status in ('pending', 'sending', 'sent', 'failed')),
  attempts integer not null default 0,
  available_at timestamptz not null default now(),
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  primary key (tenant_id, id),
  foreign key (tenant_id, instance_id) references instances (tenant_id, id),
  foreign key (tenant_id, customer_chat_id) references customer_chats (tenant_id, id),
  foreign key (tenant_id, reaction_id) references customer_chat_reactions (tenant_id, id)
);
-- A message is queued once, whatever retries the client makes.
create unique index outbound_messages_once on outbound_messages (tenant_id, customer_chat_id) where kind = 'message';
create index outbound_messages_due on outbound_messages (available_at, tenant_id, id) where status in ('pending', 'sending');
select pedbot_enable_tenant_rls('outbound_messages');

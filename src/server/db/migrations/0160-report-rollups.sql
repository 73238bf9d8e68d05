-- Dashboards and reports (issue 17). Figures come from rollups, never from scanning messages per
-- view: the write path only notes which tickets changed (one small insert per batch or
-- transition); the rollup refresher recomputes those tickets' figures with the shared metric
-- definitions (src/shared/domain/metrics) and moves the sums by the difference.

-- What happened to a ticket, as its row changed: written by trigger so that every code path
-- (pick, transfer, department move, close, survey answer, automatic transfers) is recorded.
create table report_ticket_events (
  tenant_id bigint not null references tenants (id),
  id bigint generated always as identity,
  chat_ticket_id bigint not null,
  kind text not null check (kind in ('opened', 'reopened', 'picked', 'transferred', 'closed', 'graded')),
  at timestamptz not null default clock_timestamp(),
  user_id bigint,
  from_user_id bigint,
  inbox boolean,
  survey boolean,
  grade integer,
  primary key (tenant_id, id),
  foreign key (tenant_id, chat_ticket_id) references chat_tickets (tenant_id, id) on delete cascade
);
create index report_ticket_events_ticket on report_ticket_events (tenant_id, chat_ticket_id, at);
select pedbot_enable_tenant_rls('report_ticket_events');

-- Tickets whose figures must be recomputed. Append-only (no conflict, so a writer never waits on
-- the refresher); the refresher deletes exactly the rows it read, and a mark that commits later
-- stays for the next pass.
create table report_dirty_tickets (
  tenant_id bigint not null references tenants (id),
  id bigint generated always as identity,
  chat_ticket_id bigint not null,
  primary key (tenant_id, id)
);
select pedbot_enable_tenant_rls('report_dirty_tickets');

-- Each ticket's current share of the rollups, so a recomputation can take the old share out.
create table report_ticket_cells (
  tenant_id bigint not null references tenants (id),
  chat_ticket_id bigint not null,
  day date not null,
  hour smallint not null,
  instance_id bigint not null,
  department_id bigint not null,
  user_id bigint not null,
  campaign_id bigint not null,
  category_id bigint not null,
  reason_id bigint not null,
  metric text not null,
  count integer not null,
  total bigint not null,
  primary key (tenant_id, chat_ticket_id, metric, day, hour, user_id),
  foreign key (tenant_id, chat_ticket_id) references chat_tickets (tenant_id, id) on delete cascade
);
select pedbot_enable_tenant_rls('report_ticket_cells');

-- The rollups: local day and hour (America/Sao_Paulo) × connection × department × attendant ×
-- campaign × category × reason × metric; 0 = none. Every report query sums these rows.
create table report_rollups (
  tenant_id bigint not null references tenants (id),
  day date not null,
  hour smallint not null,
  instance_id bigint not null,
  department_id bigint not null,
  user_id bigint not null,
  campaign_id bigint not null,
  category_id bigint not null,
  reason_id bigint not null,
  metric text not null,
  count bigint not null,
  total bigint not null,
  primary key (tenant_id, day, instance_id, department_id, user_id, campaign_id, category_id, reason_id, hour, metric)
);
select pedbot_enable_tenant_rls('report_rollups');

create or replace function pedbot_report_ticket_inserted() returns trigger
  language plpgsql
  as $$
begin
  insert into report_ticket_events (tenant_id, chat_ticket_id, kind, at, user_id, inbox)
    values (new.tenant_id, new.id, 'opened', new.created_at, new.user_id, new.inbox);
  insert into report_dirty_tickets (tenant_id, chat_ticket_id) values (new.tenant_id, new.id);
  return null;
end $$;
create trigger chat_tickets_report_insert after insert on chat_tickets
  for each row execute function pedbot_report_ticket_inserted();

create or replace function pedbot_report_ticket_updated() returns trigger
  language plpgsql
  as $$
begin
  if new.finished_ticket and not old.finished_ticket then
    insert into report_ticket_events (tenant_id, chat_ticket_id, kind, user_id, survey)
      values (new.tenant_id, new.id, 'closed', coalesce(new.user_id, old.user_id), new.is_research);
  elsif old.finished_ticket and not new.finished_ticket then
    insert into report_ticket_events (tenant_id, chat_ticket_id, kind, user_id, inbox)
      values (new.tenant_id, new.id, 'reopened', new.user_id, new.inbox);
  elsif new.user_id is distinct from old.user_id then
    if old.user_id is null then
      insert into report_ticket_events (tenant_id, chat_ticket_id, kind, user_id)
        values (new.tenant_id, new.id, 'picked', new.user_id);
    else
      insert into report_ticket_events (tenant_id, chat_ticket_id, kind, user_id, from_user_id, inbox)
        values (new.tenant_id, new.id, 'transferred', new.user_id, old.user_id, new.inbox);
    end if;
  end if;
  if new.grade is not null and new.grade is distinct from old.grade then
    insert into report_ticket_events (tenant_id, chat_ticket_id, kind, grade)
      values (new.tenant_id, new.id, 'graded', new.grade);
  end if;
  insert into report_dirty_tickets (tenant_id, chat_ticket_id) values (new.tenant_id, new.id);
  return null;
end $$;
-- Only transitions and report dimensions: the counters an inbound message moves (last_msg,
-- unseen_msg) do not fire it.
create trigger chat_tickets_report_update after update on chat_tickets
  for each row when (
    (new.user_id, new.finished_ticket, new.grade, new.is_research, new.inbox_department_id, new.campaign_id, new.deleted_at)
      is distinct from (old.user_id, old.finished_ticket, old.grade, old.is_research, old.inbox_department_id, old.campaign_id, old.deleted_at)
  )
  execute function pedbot_report_ticket_updated();

-- Messages: one insert per statement (an inbound batch is one statement), whatever its size.
create or replace function pedbot_report_messages_inserted() returns trigger
  language plpgsql
  as $$
begin
  insert into report_dirty_tickets (tenant_id, chat_ticket_id)
    select distinct tenant_id, chat_ticket_id from new_messages where chat_ticket_id is not null and not off_customer_chat;
  return null;
end $$;
create trigger customer_chats_report_insert after insert on customer_chats
  referencing new table as new_messages
  for each statement execute function pedbot_report_messages_inserted();

-- Tickets that existed before the reports: their opening and closing, to be computed once.
insert into report_ticket_events (tenant_id, chat_ticket_id, kind, at, user_id, inbox)
  select tenant_id, id, 'opened', created_at, null, true from chat_tickets where deleted_at is null;
insert into report_ticket_events (tenant_id, chat_ticket_id, kind, at, user_id, survey)
  select tenant_id, id, 'closed', finished_at, user_id, is_research or grade is not null
  from chat_tickets where deleted_at is null and finished_ticket and finished_at is not null;
insert into report_ticket_events (tenant_id, chat_ticket_id, kind, at, grade)
  select tenant_id, id, 'graded', finished_at, grade from chat_tickets where deleted_at is null and grade is not null and finished_at is not null;
insert into report_dirty_tickets (tenant_id, chat_ticket_id) select tenant_id, id from chat_tickets where deleted_at is null;

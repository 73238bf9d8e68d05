-- Transfers the system makes on its own (SPEC §4): for lack of response, and because the attendant
-- was removed. Numbered apart from the core series so parallel areas never collide.

-- Why a ticket moved, with the client's notice causes as values (attendance transfer-notices.ts).
alter table ticket_transfers
  add column cause text not null default 'direct' check (cause in ('direct', 'no_response', 'attendant_removed'));

-- When the current holder got the ticket: an attendant's time to answer starts at the later of this
-- and the customer's unanswered message, so picking an old inbox ticket does not make it overdue.
alter table chat_tickets add column assigned_at timestamptz;

create or replace function pedbot_ticket_assigned_at() returns trigger
  language plpgsql
  as $$
begin
  if new.user_id is not null and (tg_op = 'INSERT' or new.user_id is distinct from old.user_id) then
    new.assigned_at := now();
  end if;
  return new;
end $$;
create trigger chat_tickets_assigned_at before insert or update of user_id on chat_tickets
  for each row execute function pedbot_ticket_assigned_at();

-- The lack-of-response look: assigned open tickets whose customer waits for an answer.
create index chat_tickets_unanswered on chat_tickets (tenant_id, last_msg)
  where is_not_responded and user_id is not null and not finished_ticket and deleted_at is null;

-- An attendant removed from tickets they hold: deleted (null scope: every open ticket), moved out of
-- a department, or taken off a connection. Written by triggers so every way of removing a user
-- counts; the auto-transfer job re-checks the user's current state before moving anything, since
-- an edit may remove and re-add a connection in one go.
create table attendant_removals (
  tenant_id bigint not null references tenants (id),
  id bigint generated always as identity,
  user_id bigint not null,
  instance_id bigint,
  department_id bigint,
  created_at timestamptz not null default now(),
  primary key (tenant_id, id)
);
select pedbot_enable_tenant_rls('attendant_removals');

create or replace function pedbot_user_removed() returns trigger
  language plpgsql
  as $$
begin
  if new.deleted_at is not null and old.deleted_at is null then
    insert into attendant_removals (tenant_id, user_id) values (new.tenant_id, new.id);
  elsif old.user_department_id is not null and new.user_department_id is distinct from old.user_department_id then
    insert into attendant_removals (tenant_id, user_id, department_id) values (new.tenant_id, new.id, old.user_department_id);
  end if;
  return null;
end $$;
create trigger users_removed after update of deleted_at, user_department_id on users
  for each row execute function pedbot_user_removed();

create or replace function pedbot_user_instance_removed() returns trigger
  language plpgsql
  as $$
begin
  insert into attendant_removals (tenant_id, user_id, instance_id) values (old.tenant_id, old.user_id, old.instance_id);
  return null;
end $$;
create trigger user_instances_removed after delete on user_instances
  for each row execute function pedbot_user_instance_removed();

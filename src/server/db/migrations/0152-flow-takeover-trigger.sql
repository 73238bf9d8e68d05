-- Human takeover (issue 16): the moment a person holds a ticket (a pick, an attendant's message, a
-- transfer to someone) or it closes, the flow running on it ends as taken over, in that same
-- statement, whatever code path wrote it; the engine also refuses to step a ticket a person holds.
-- The engine's own transfer to an attendant and its end block set the session's final status
-- right after, in the same transaction.
create or replace function pedbot_flow_session_taken_over() returns trigger
  language plpgsql
  as $$
begin
  update chat_flow_sessions set status = 'taken_over', ended_at = now(), updated_at = now()
    where tenant_id = new.tenant_id and chat_ticket_id = new.id and status in ('waiting_answer', 'waiting_timer', 'waiting_http');
  return null;
end $$;
create trigger chat_tickets_flow_taken_over after update of user_id, finished_ticket on chat_tickets
  for each row
  when ((new.user_id is not null and new.user_id is distinct from old.user_id) or (new.finished_ticket and not old.finished_ticket))
  execute function pedbot_flow_session_taken_over();

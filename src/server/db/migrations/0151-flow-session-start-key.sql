-- Server code starting a flow per recipient (a campaign's job, issue 16 active flows) may run twice
-- after a crash: the key it starts with makes the second start find the first instead of
-- greeting the customer again.
alter table chat_flow_sessions add column start_key text;
create unique index chat_flow_sessions_start_key on chat_flow_sessions (tenant_id, start_key) where start_key is not null;

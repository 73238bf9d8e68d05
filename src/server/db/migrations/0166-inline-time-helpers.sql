-- The replicated documents' time helpers (0003) were declared immutable over stable bodies
-- (to_char and extract on timestamptz read the session's settings), which keeps the planner from
-- inlining them: every call went through the SQL function executor, about 4 µs each, a third of
-- the cost of building a message's JSON. Declared stable, they are inlined into the query.
create or replace function pedbot_iso(ts timestamptz) returns text
  language sql stable parallel safe
  as $$ select to_char(ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') $$;

create or replace function pedbot_ms(ts timestamptz) returns bigint
  language sql stable parallel safe
  as $$ select floor(extract(epoch from ts) * 1000)::bigint $$;

-- Why a send failed (ack -1), in pt-BR for the attendant: the provider's reason or the dispatcher's.
alter table customer_chats add column failure_reason text;

-- The feed builds replicated documents as JSON in SQL (one text value per row parses far faster
-- than dozens of typed columns, on PGlite above all). Times as the documents carry them:
-- ISO 8601 UTC with milliseconds, and integer milliseconds (sync.graphql).
create or replace function pedbot_iso(ts timestamptz) returns text
  language sql immutable parallel safe
  as $$ select to_char(ts at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') $$;

create or replace function pedbot_ms(ts timestamptz) returns bigint
  language sql immutable parallel safe
  as $$ select floor(extract(epoch from ts) * 1000)::bigint $$;

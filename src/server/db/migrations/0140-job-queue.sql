-- The durable job queue (pg-boss, src/server/jobs/): its own schema, owned by the table owner that
-- runs migrations, which also installs pg-boss's tables and creates its queues at start. The app
-- role only reads and writes job rows (sending a job inside a tenant transaction, fetching,
-- completing): it can change no queue's structure. Job rows carry no RLS; a job's data names its
-- tenant and its handler works inside that tenant's scope.
create schema if not exists pgboss;
grant usage on schema pgboss to pedbot_app;
alter default privileges in schema pgboss grant select, insert, update, delete on tables to pedbot_app;
alter default privileges in schema pgboss grant usage, select on sequences to pedbot_app;
alter default privileges in schema pgboss grant execute on functions to pedbot_app;

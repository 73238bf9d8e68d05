-- The security report's audit log (issue 17): sign-ins and failures, lockouts, unblocks, password
-- and two-factor changes, disconnections, role and user changes. `claimed_ip` is what the client
-- says (SPEC §7's ip argument, from a public lookup, easily forged); `remote_ip` is the address
-- the server saw. Written by recordAudit (src/server/modules/audit/).
create table audit_log (
  tenant_id bigint not null references tenants (id),
  id bigint generated always as identity,
  at timestamptz not null default clock_timestamp(),
  action text not null,
  -- The account the action is about, and who did it (the same for one's own sign-in).
  user_id bigint,
  actor_id bigint,
  -- The e-mail typed in a sign-in, kept for failures on unknown accounts.
  email text,
  claimed_ip text,
  remote_ip text,
  detail text,
  primary key (tenant_id, id),
  foreign key (tenant_id, user_id) references users (tenant_id, id) on delete set null (user_id),
  foreign key (tenant_id, actor_id) references users (tenant_id, id) on delete set null (actor_id)
);
create index audit_log_at on audit_log (tenant_id, at desc);
select pedbot_enable_tenant_rls('audit_log');

-- Contacts and the blocklist as screens of their own (issue 14 §1, §2).
--
-- The blocklist says who blocked a number and when, for attendance (is_blacklisted: inbound
-- messages make no ticket) and for campaigns (is_blacklisted_campaign) apart.
alter table customers
  add column blacklisted_at timestamptz,
  add column blacklisted_by bigint,
  add column blacklisted_campaign_at timestamptz,
  add column blacklisted_campaign_by bigint,
  -- Documents are typed with dots and dashes; search compares their digits.
  add column document_digits text generated always as (regexp_replace(coalesce(document_register, ''), '\D', '', 'g')) stored,
  add foreign key (tenant_id, blacklisted_by) references users (tenant_id, id),
  add foreign key (tenant_id, blacklisted_campaign_by) references users (tenant_id, id);

-- The contacts list pages 100,000 rows by name or by date without sorting them on every page.
create index customers_by_name on customers (tenant_id, lower(coalesce(name, '')), id) where deleted_at is null;
create index customers_by_created on customers (tenant_id, created_at desc, id desc) where deleted_at is null;
create index customers_blocked on customers (tenant_id, id)
  where deleted_at is null and (is_blacklisted or is_blacklisted_campaign);
create index customers_favorite on customers (tenant_id, id) where deleted_at is null and is_favorite;

-- A group's colour is one of the admin kit's tags; names stay unique per tenant.
alter table customer_groups add constraint customer_groups_name_not_blank check (btrim(name) <> '');

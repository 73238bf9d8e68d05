-- Inbound throughput (issue 4 §5). customer_chats and chat_tickets reference tenants (id) on their
-- own besides the composite keys: every composite key they hold (instance, customer) already
-- points at a row of the same tenant, which references tenants itself, so the lone key proves
-- nothing more and costs a referential check on every inserted message and ticket.
alter table customer_chats drop constraint if exists customer_chats_tenant_id_fkey;
alter table chat_tickets drop constraint if exists chat_tickets_tenant_id_fkey;

-- Replicated tickets now carry their categories (category_ids). A client that stored a ticket
-- before then holds it without them and would keep it so until the ticket changes again: one touch
-- of every tagged ticket puts it back in the change feed, so every client that sees it gets its tags.
update chat_tickets t
  set updated_at = now()
  where exists (select 1 from ticket_categories c where c.tenant_id = t.tenant_id and c.chat_ticket_id = t.id);

-- Scheduled messages carry more than text (issue 15 §3): an approved WhatsApp template on an official
-- connection ({name, language, components}: Meta's send parameters) and an optional attachment
-- ({url, kind, name, mimetype}: a stored file of the tenant). `message` stays the text the list and
-- the ticket show (the rendered template body, or the attachment's caption).
alter table scheduled_messages add column template jsonb;
alter table scheduled_messages add column attachment jsonb;

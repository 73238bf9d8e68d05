import { sql } from 'kysely';
import type { Database } from '../../src/server/db/database';

export interface BulkOptions {
  tickets: number;
  messagesPerTicket: number;
  /** Open tickets not in the inbox are held by this user; none: every ticket waits in the inbox. */
  userId?: number | null;
  /** Customers get phones 55 + this prefix + a counter, so several seeds do not collide. */
  phonePrefix?: string;
}

export interface BulkResult {
  customers: number;
  tickets: number;
  messages: number;
  ms: number;
}

/**
 * Seeds a connection fast with set-based SQL (benchmarks, large-data tests): one customer and one
 * ticket per customer, a third of them in the inbox, and `messagesPerTicket` messages each,
 * alternating customer and attendant, the ticket's last message fields set from them.
 */
export async function seedBulk(database: Database, tenantId: number, instanceId: number, options: BulkOptions): Promise<BulkResult> {
  const started = Date.now();
  const prefix = options.phonePrefix ?? '1290';
  const userId = options.userId ?? null;
  await database.asOwner((db) =>
    db.transaction().execute(async (tx) => {
      await sql`
        insert into customers (tenant_id, name, phone_number)
        select ${tenantId}, 'Cliente ' || g, '55' || ${prefix} || lpad(g::text, 8, '0')
        from generate_series(1, ${options.tickets}) g`.execute(tx);
      await sql`
        insert into chat_tickets (tenant_id, instance_id, customer_id, user_id, inbox, protocol, started_at, created_at)
        select c.tenant_id, ${instanceId}, c.id,
               case when c.id % 3 = 0 or ${userId}::bigint is null then null else ${userId}::bigint end,
               c.id % 3 = 0 or ${userId}::bigint is null,
               'B' || c.id, now() - interval '30 days', now() - interval '30 days'
        from customers c
        where c.tenant_id = ${tenantId} and c.phone_number like '55' || ${prefix} || '%'`.execute(tx);
      await sql`
        insert into customer_chats (tenant_id, instance_id, customer_id, chat_ticket_id, hash, message, from_me, unseen_msg, sent_at)
        select t.tenant_id, t.instance_id, t.customer_id, t.id, 'bulk:' || t.id || ':' || g, 'Mensagem ' || g || ' do atendimento ' || t.id,
               g % 2 = 0, g % 2 = 1, now() - ((${options.messagesPerTicket} - g) || ' minutes')::interval - (t.id || ' seconds')::interval
        from chat_tickets t
        join customers c on c.tenant_id = t.tenant_id and c.id = t.customer_id,
        generate_series(1, ${options.messagesPerTicket}) g
        where t.tenant_id = ${tenantId} and t.instance_id = ${instanceId} and c.phone_number like '55' || ${prefix} || '%'`.execute(tx);
      await sql`
        update chat_tickets t set last_msg = m.sent_at, last_msg_preview = m.message, last_msg_id = m.id, unseen_msg = 1, is_not_responded = not m.from_me
        from (
          select distinct on (chat_ticket_id) chat_ticket_id, id, sent_at, message, from_me
          from customer_chats
          where tenant_id = ${tenantId} and instance_id = ${instanceId} and hash like 'bulk:%'
          order by chat_ticket_id, sent_at desc, id desc
        ) m
        where t.tenant_id = ${tenantId} and t.id = m.chat_ticket_id`.execute(tx);
    }),
  );
  // Fresh statistics, as autovacuum would gather them on a server (PGlite has no autovacuum).
  await database.asOwner((db) => sql`analyze customers, chat_tickets, customer_chats`.execute(db));
  return {
    customers: options.tickets,
    tickets: options.tickets,
    messages: options.tickets * options.messagesPerTicket,
    ms: Date.now() - started,
  };
}

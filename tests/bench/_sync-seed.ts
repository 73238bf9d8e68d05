import { sql } from 'kysely';
import type { Database } from '../../src/server/db/database';

/**
 * The sync benchmarks' data on the demo tenant's first connection: `tickets` customers with one
 * ticket each (a third in the inbox, the others open and unassigned) and `perTicket` messages each,
 * written with set-based SQL. Prints how long it took.
 */
export async function seedSyncBench(database: Database, tickets: number, perTicket: number): Promise<{ tenantId: number; instanceId: number }> {
  const { tenantId, instanceId } = await database.asOwner(async (db) => {
    const tenant = await db.selectFrom('tenants').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();
    const instance = await db.selectFrom('instances').select('id').where('tenant_id', '=', tenant.id).executeTakeFirstOrThrow();
    return { tenantId: tenant.id, instanceId: instance.id };
  });
  const started = Date.now();
  await database.asOwner(async (db) => {
    await sql`insert into customers (tenant_id, name, phone_number)
      select ${tenantId}, 'Cliente ' || g, '55129' || lpad(g::text, 8, '0') from generate_series(1, ${tickets}) g`.execute(db);
    await sql`insert into chat_tickets (tenant_id, instance_id, customer_id, inbox, last_msg, last_msg_preview, created_at)
      select ${tenantId}, ${instanceId}, c.id, (c.id % 3 = 0), now() - (c.id || ' minutes')::interval, 'Mensagem', now() - interval '30 days'
      from customers c where c.tenant_id = ${tenantId} and c.phone_number like '55129%'`.execute(db);
    await sql`insert into customer_chats (tenant_id, instance_id, customer_id, chat_ticket_id, hash, message, sent_at)
      select t.tenant_id, t.instance_id, t.customer_id, t.id, 'bench-' || t.id || '-' || g, 'Mensagem ' || g,
             now() - (t.id || ' minutes')::interval - (g || ' seconds')::interval
      from chat_tickets t join customers c on c.tenant_id = t.tenant_id and c.id = t.customer_id,
        generate_series(1, ${perTicket}) g
      where t.tenant_id = ${tenantId} and c.phone_number like '55129%'`.execute(db);
  });
  console.log(`seeded ${tickets} tickets and ${tickets * perTicket} messages in ${Date.now() - started} ms`);
  return { tenantId, instanceId };
}

/** Signs the demo administrador in over HTTP, as the app does. */
export async function signInDemoAdmin(serverUrl: string): Promise<{ token: string; userId: string }> {
  const login = await fetch(`${serverUrl}/demo/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'mutation { logIn(email: "admin@demo.local", password: "Pedbot@demo1") { token user { id } } }' }),
  });
  const { data } = (await login.json()) as { data: { logIn: { token: string; user: { id: string } } } };
  return { token: data.logIn.token, userId: String(data.logIn.user.id) };
}

import { sql } from 'kysely';
import type { Database, Tx } from '../../db/database';
import { transactWithChanges, type ChangeSet } from '../../sync/changes';
import { isOnlineSql } from '../auth/presence';
import { publishTicketEvent, type TicketEvent } from '../attendance/ticket-events';
import type { MessagingDeps } from '../messages/deps';

/**
 * Why the system moved a ticket, with the values of the console's notice texts (attendance
 * transfer-notices.ts TransferCause); 'direct' is every transfer a user made.
 */
export type AutoTransferCause = 'no_response' | 'attendant_removed';

/**
 * The setting (per connection, else per tenant) holding the minutes an attendant has to answer a
 * customer before the ticket moves on; '0' turns the transfer off.
 */
export const NO_RESPONSE_SETTING = 'transfer_no_response_minutes';

/** The time to answer when the tenant set none. */
export const DEFAULT_NO_RESPONSE_MINUTES = 15;

interface HeldTicket {
  id: number;
  instance_id: number;
  user_id: number;
  inbox_department_id: number | null;
}

/**
 * Who takes a ticket over: an attendant (not administrador) who may use its connection, is neither
 * deleted nor blocked, and belongs to its department when it has one; online first (SPEC §7
 * onlineUsers), then the one holding fewest open tickets of the connection.
 */
async function nextAttendant(tx: Tx, tenantId: number, ticket: HeldTicket): Promise<number | null> {
  const { rows } = await sql<{ id: number }>`
    select u.id from users u
    join roles r on r.tenant_id = u.tenant_id and r.id = u.role_id
    join user_instances ui on ui.tenant_id = u.tenant_id and ui.user_id = u.id and ui.instance_id = ${ticket.instance_id}
    where u.tenant_id = ${tenantId} and u.id <> ${ticket.user_id}
      and u.deleted_at is null and u.blocked_at is null and r.name <> 'administrador'
      and (${ticket.inbox_department_id}::bigint is null or u.user_department_id = ${ticket.inbox_department_id})
    order by ${isOnlineSql('u')} desc,
      (select count(*) from chat_tickets o
        where o.tenant_id = u.tenant_id and o.instance_id = ${ticket.instance_id} and o.user_id = u.id
          and not o.finished_ticket and o.deleted_at is null),
      u.id
    limit 1`.execute(tx);
  return rows[0]?.id ?? null;
}

/**
 * Moves a locked ticket away from its holder (SPEC §4): to the next attendant, recorded as a
 * confirmed transfer made by no user, which is what the console's notices read; with nobody to
 * take it, back to its department's inbox.
 */
async function moveTicket(tx: Tx, changes: ChangeSet, tenantId: number, ticket: HeldTicket, cause: AutoTransferCause): Promise<void> {
  const next = await nextAttendant(tx, tenantId, ticket);
  await tx
    .updateTable('chat_tickets')
    .set({ user_id: next, inbox: next === null, previous_user_id: ticket.user_id })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', ticket.id)
    .execute();
  if (next !== null) {
    await sql`
      insert into ticket_transfers (tenant_id, chat_ticket_id, previous_user_id, next_user_id, created_by, cause, transfer_at, transferred_at)
      values (${tenantId}, ${ticket.id}, ${ticket.user_id}, ${next}, null, ${cause}, now(), now())`.execute(tx);
  }
  changes.add('chattickets', ticket.instance_id).add('customers', null);
}

/**
 * Transfers one ticket whose attendant let the customer wait longer than the connection's time to
 * answer, counted from the later of the unanswered message and the attendant getting the ticket.
 * The claim skips rows another process holds, and a moved ticket no longer qualifies (new holder,
 * new assigned_at), so concurrent runs never move a ticket twice. False when none is due.
 */
export async function transferOneUnanswered(deps: MessagingDeps, tenantId: number): Promise<boolean> {
  return transactWithChanges(deps.database, deps.pubsub, tenantId, async (tx, changes) => {
    // The time to answer of each connection once, and the shortest as an index bound on last_msg.
    const { rows } = await sql<HeldTicket>`
      with answer as (
        select i.id as instance_id, coalesce((
          select case when btrim(s.value) ~ '^[0-9]{1,6}$' then btrim(s.value)::int end
          from settings s
          where s.tenant_id = i.tenant_id and s.key = ${NO_RESPONSE_SETTING} and s.deleted_at is null
            and (s.instance_id = i.id or s.instance_id is null)
          order by s.instance_id is null
          limit 1
        ), ${DEFAULT_NO_RESPONSE_MINUTES}) as minutes
        from instances i
        where i.tenant_id = ${tenantId}
      )
      select t.id, t.instance_id, t.user_id, t.inbox_department_id
      from chat_tickets t
      join answer a on a.instance_id = t.instance_id
      where t.tenant_id = ${tenantId} and t.is_not_responded and t.user_id is not null
        and not t.finished_ticket and t.deleted_at is null and not t.is_finishing
        and t.last_msg <= now() - make_interval(mins => (select min(minutes) from answer where minutes > 0))
        and a.minutes > 0
        and greatest(t.last_msg, t.assigned_at) <= now() - make_interval(mins => a.minutes)
      order by t.last_msg, t.id
      limit 1
      for no key update of t skip locked`.execute(tx);
    const ticket = rows[0];
    if (!ticket) return false;
    await moveTicket(tx, changes, tenantId, ticket, 'no_response');
    return true;
  });
}

/**
 * A deleted attendant's ticket goes back to its department's Fila (issue 12 §3), not to a
 * colleague: the department decides who takes it. The notice says why (SPEC §4 'attendant
 * removed'); it has no receiving attendant, so user id 1 hears of it.
 */
async function backToInbox(tx: Tx, changes: ChangeSet, tenantId: number, ticket: HeldTicket): Promise<TicketEvent> {
  await tx
    .updateTable('chat_tickets')
    .set({ user_id: null, inbox: true, previous_user_id: ticket.user_id })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', ticket.id)
    .execute();
  changes.add('chattickets', ticket.instance_id).add('customers', null);
  const names = await tx
    .selectFrom('chat_tickets as t')
    .innerJoin('customers as c', (join) => join.onRef('c.tenant_id', '=', 't.tenant_id').onRef('c.id', '=', 't.customer_id'))
    .innerJoin('instances as i', (join) => join.onRef('i.tenant_id', '=', 't.tenant_id').onRef('i.id', '=', 't.instance_id'))
    .innerJoin('users as u', (join) => join.onRef('u.tenant_id', '=', 't.tenant_id').onRef('u.id', '=', 't.previous_user_id'))
    .select(['c.name as customer_name', 'c.phone_number', 'i.name as instance_name', 'u.name as previous_user_name'])
    .where('t.tenant_id', '=', tenantId)
    .where('t.id', '=', ticket.id)
    .executeTakeFirstOrThrow();
  return {
    kind: 'transferred',
    ticket_id: String(ticket.id),
    instance_id: String(ticket.instance_id),
    instance_name: names.instance_name,
    customer_name: names.customer_name ?? names.phone_number,
    previous_user_id: String(ticket.user_id),
    previous_user_name: names.previous_user_name,
    next_user_id: null,
    next_user_name: null,
    trigger_user_id: null,
    trigger_user_name: null,
    attendant_removed: true,
  };
}

/**
 * Handles one recorded removal of an attendant (deleted, out of a department, off a connection;
 * written by database triggers): every open ticket they may no longer hold, judged by their
 * current state, moves on: a deleted attendant's to the department's Fila, the others' to a
 * colleague who may hold it. False when the tenant has no removal waiting.
 */
export async function handleOneRemoval(deps: MessagingDeps, tenantId: number): Promise<boolean> {
  const handled = await transactWithChanges(deps.database, deps.pubsub, tenantId, async (tx, changes) => {
    const { rows: removals } = await sql<{ id: number; user_id: number; instance_id: number | null; department_id: number | null }>`
      select id, user_id, instance_id, department_id from attendant_removals
      where tenant_id = ${tenantId}
      order by id
      limit 1
      for update skip locked`.execute(tx);
    const removal = removals[0];
    if (!removal) return null;
    const { rows: tickets } = await sql<HeldTicket & { deleted: boolean }>`
      select t.id, t.instance_id, t.user_id, t.inbox_department_id, u.deleted_at is not null as deleted
      from chat_tickets t
      join users u on u.tenant_id = t.tenant_id and u.id = t.user_id
      where t.tenant_id = ${tenantId} and t.user_id = ${removal.user_id}
        and not t.finished_ticket and t.deleted_at is null
        and (
          u.deleted_at is not null
          or (t.inbox_department_id = ${removal.department_id} and u.user_department_id is distinct from ${removal.department_id}::bigint)
          or (t.instance_id = ${removal.instance_id} and not exists (
            select 1 from user_instances ui where ui.tenant_id = t.tenant_id and ui.user_id = t.user_id and ui.instance_id = t.instance_id))
        )
      order by t.id
      for no key update of t`.execute(tx);
    const notices: TicketEvent[] = [];
    for (const { deleted, ...ticket } of tickets) {
      if (deleted) notices.push(await backToInbox(tx, changes, tenantId, ticket));
      else await moveTicket(tx, changes, tenantId, ticket, 'attendant_removed');
    }
    await sql`delete from attendant_removals where tenant_id = ${tenantId} and id = ${removal.id}`.execute(tx);
    return notices;
  });
  if (handled === null) return false;
  // After the commit, so a console that reads the ticket again finds it in the Fila.
  for (const notice of handled) await publishTicketEvent(deps.pubsub, tenantId, notice).catch(() => undefined);
  return true;
}

/**
 * The one cross-tenant look (a platform task, as table owner): tenants with a removal waiting or
 * an assigned ticket unanswered for at least a minute, the shortest time to answer.
 */
export async function tenantsWithAutoTransfers(database: Database): Promise<number[]> {
  const { rows } = await database.asOwner((db) =>
    sql<{ tenant_id: number }>`
      select tenant_id from attendant_removals
      union
      select tenant_id from chat_tickets
      where is_not_responded and user_id is not null and not finished_ticket and deleted_at is null
        and last_msg <= now() - interval '1 minute'
      limit 1000`.execute(db),
  );
  return rows.map((row) => Number(row.tenant_id));
}

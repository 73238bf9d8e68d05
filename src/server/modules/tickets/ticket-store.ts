import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import type { TicketRow } from './ticket-document';

/** The one open ticket of a customer on a connection (a partial unique index keeps it one), locked. */
export async function findOpenTicket(tx: Tx, tenantId: number, instanceId: number, customerId: number): Promise<TicketRow | undefined> {
  return tx
    .selectFrom('chat_tickets')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('instance_id', '=', instanceId)
    .where('customer_id', '=', customerId)
    .where('finished_ticket', '=', false)
    .where('deleted_at', 'is', null)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

const ticketById = (tx: Tx, tenantId: number, ticketId: number) =>
  tx.selectFrom('chat_tickets').selectAll().where('tenant_id', '=', tenantId).where('id', '=', ticketId).where('deleted_at', 'is', null);

export async function findTicket(tx: Tx, tenantId: number, ticketId: number): Promise<TicketRow | undefined> {
  return ticketById(tx, tenantId, ticketId).executeTakeFirst();
}

/**
 * The ticket, locked for this transaction: concurrent changes of it queue behind. FOR NO KEY UPDATE,
 * as every ticket lock: a ticket's keys never change, and rows that reference it (messages, the
 * report job's cells) check that key meanwhile instead of waiting, or deadlocking, on the lock.
 */
export async function findTicketLocked(tx: Tx, tenantId: number, ticketId: number): Promise<TicketRow | undefined> {
  return ticketById(tx, tenantId, ticketId).forNoKeyUpdate().executeTakeFirst();
}

/** The department of a connection's new inbox tickets, as a sub-select of the insert that opens them. */
export const connectionDefaultDepartment = (tenantId: number, instanceId: number) =>
  sql<number | null>`(select default_department_id from instances where tenant_id = ${tenantId} and id = ${instanceId})`;

/** A protocol number an attendant can read out: the date, the time and four random digits. */
export function newProtocol(now = new Date()): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `${stamp}${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
}

export interface NewTicket {
  instanceId: number;
  customerId: number;
  /** The attendant who opens it by writing first; null for an inbox ticket. */
  userId: number | null;
  inboxDepartmentId?: number | null;
}

/**
 * Opens the customer's ticket on the connection, or returns the one a concurrent transaction
 * just opened. A ticket without a holder waits in the inbox.
 */
export async function openTicket(tx: Tx, tenantId: number, ticket: NewTicket): Promise<{ ticket: TicketRow; opened: boolean }> {
  const inserted = await tx
    .insertInto('chat_tickets')
    .values({
      tenant_id: tenantId,
      instance_id: ticket.instanceId,
      customer_id: ticket.customerId,
      user_id: ticket.userId,
      inbox: ticket.userId === null,
      // An inbox ticket waits in its connection's default department unless told otherwise (DESIGN §5a routing).
      inbox_department_id:
        ticket.inboxDepartmentId !== undefined || ticket.userId !== null
          ? (ticket.inboxDepartmentId ?? null)
          : connectionDefaultDepartment(tenantId, ticket.instanceId),
      protocol: newProtocol(),
      started_at: new Date(),
    })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'instance_id', 'customer_id']).where('finished_ticket', '=', false).where('deleted_at', 'is', null).doNothing(),
    )
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { ticket: inserted, opened: true };
  const existing = await findOpenTicket(tx, tenantId, ticket.instanceId, ticket.customerId);
  if (!existing) throw new Error('open ticket vanished while being opened');
  return { ticket: existing, opened: false };
}

export interface MessageOnTicket {
  messageId: number;
  sentAt: Date;
  preview: string;
  incoming: boolean;
}

/**
 * SPEC §4: the unseen counter rises by one per incoming message; the last message time, preview
 * and id only move to a message that is not older than the stored one. An outgoing message
 * answers the customer (isNotResponded off); an incoming one that is the latest sets it.
 */
export async function recordMessageOnTicket(tx: Tx, tenantId: number, ticketId: number, message: MessageOnTicket): Promise<void> {
  const newer = sql<boolean>`(last_msg is null or last_msg <= ${message.sentAt})`;
  await tx
    .updateTable('chat_tickets')
    .set({
      last_msg: sql`case when ${newer} then ${message.sentAt}::timestamptz else last_msg end`,
      last_msg_preview: sql`case when ${newer} then ${message.preview} else last_msg_preview end`,
      last_msg_id: sql`case when ${newer} then ${message.messageId}::bigint else last_msg_id end`,
      unseen_msg: message.incoming ? sql`unseen_msg + 1` : sql`unseen_msg`,
      is_not_responded: message.incoming ? sql`case when ${newer} then true else is_not_responded end` : false,
    })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', ticketId)
    .execute();
}

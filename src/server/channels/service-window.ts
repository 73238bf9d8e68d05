import { sql } from 'kysely';
import type { Tx } from '../db/database';
import { PREPARED } from '../db/prepared';

/** WhatsApp's customer-service window: free-form messages only within 24 h of the customer's last message. */
export const SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * When the customer (by any stored form of `phone`) last wrote on this connection; null if never.
 * Meta's window runs from the customer's last message to this business number.
 */
export async function lastCustomerMessageAt(tx: Tx, tenantId: number, instanceId: number, phones: readonly string[]): Promise<Date | null> {
  if (phones.length === 0) return null;
  const row = await tx
    .selectFrom('customer_chats as m')
    .innerJoin('customers as c', (join) => join.onRef('c.tenant_id', '=', 'm.tenant_id').onRef('c.id', '=', 'm.customer_id'))
    .select(sql<Date | null>`max(m.sent_at)`.as('at'))
    .where('m.tenant_id', '=', tenantId)
    .where('m.instance_id', '=', instanceId)
    .where('m.from_me', '=', false)
    // With deleted_at the customer is found by its phone index (customers_phone), not by reading every customer.
    .where('c.phone_number', '=', sql<string>`any(${[...phones]}::text[])`)
    .where('c.deleted_at', 'is', null)
    .modifyEnd(PREPARED)
    .executeTakeFirst();
  return row?.at ? new Date(row.at) : null;
}

export const isWithinServiceWindow = (lastCustomerMessage: Date | null, now = Date.now()): boolean =>
  lastCustomerMessage !== null && now - lastCustomerMessage.getTime() < SERVICE_WINDOW_MS;

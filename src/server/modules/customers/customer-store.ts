import type { Tx } from '../../db/database';
import type { CustomerRow } from './customer-document';

export interface FoundCustomer {
  customer: CustomerRow;
  /** The row was inserted or written now (its document must travel). */
  written: boolean;
}

/**
 * The customer stored under any of `phones` (the first one is the canonical form a new customer
 * gets), created when missing; a missing name is filled in from `name`.
 */
export async function findOrCreateCustomer(
  tx: Tx,
  tenantId: number,
  phones: readonly string[],
  name: string | null,
): Promise<FoundCustomer> {
  const canonical = phones[0];
  if (!canonical) throw new Error('a customer needs a phone number');
  const find = () =>
    tx
      .selectFrom('customers')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .where('phone_number', 'in', [...phones])
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .executeTakeFirst();
  const existing = await find();
  if (existing) {
    if (existing.name || !name) return { customer: existing, written: false };
    const named = await tx
      .updateTable('customers')
      .set({ name })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', existing.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { customer: named, written: true };
  }
  const inserted = await tx
    .insertInto('customers')
    .values({ tenant_id: tenantId, phone_number: canonical, name })
    .onConflict((oc) => oc.columns(['tenant_id', 'phone_number']).where('deleted_at', 'is', null).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { customer: inserted, written: true };
  // A concurrent transaction created it first.
  const raced = await find();
  if (!raced) throw new Error('customer vanished while being created');
  return { customer: raced, written: false };
}

export async function findCustomer(tx: Tx, tenantId: number, customerId: number): Promise<CustomerRow | undefined> {
  return tx
    .selectFrom('customers')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('id', '=', customerId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

import { proxy } from 'valtio';
import type { CustomerPatch } from './customer-form';

/**
 * What the attendant typed in a customer's details and has not saved yet, per customer. It lives
 * outside the form so closing the drawer, switching tabs or a newer customer state arriving from
 * the feed never throws it away; untouched fields keep following the stored customer.
 */
export const customerEdits = proxy<Record<string, Partial<CustomerPatch>>>({});

export function editCustomerField<K extends keyof CustomerPatch>(customerId: string, key: K, value: CustomerPatch[K]): void {
  customerEdits[customerId] = { ...customerEdits[customerId], [key]: value };
}

/** Forgets the edits that were saved as they are; anything typed since the save stays. */
export function settleCustomerEdits(customerId: string, saved: Partial<CustomerPatch>): void {
  const edits = customerEdits[customerId];
  if (!edits) return;
  const left: Partial<CustomerPatch> = {};
  for (const key of Object.keys(edits) as Array<keyof CustomerPatch>) {
    const value = typeof edits[key] === 'string' ? (edits[key] as string).trim() : edits[key];
    if (!(key in saved) || saved[key] !== value) Object.assign(left, { [key]: edits[key] });
  }
  if (Object.keys(left).length > 0) customerEdits[customerId] = left;
  else delete customerEdits[customerId];
}

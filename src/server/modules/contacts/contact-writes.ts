import { z } from 'zod';
import { normalizePhone, brazilPhoneVariants } from '../../../shared/domain/phone';
import { isPlausiblePhone } from '../../../shared/domain/contact-import';
import type { Contact } from '../../../shared/graphql/generated';
import type { Tx } from '../../db/database';
import { validation } from '../../graphql/errors';
import { loadContact } from './contact-payload';
import { contactTexts as texts } from './texts';

const text = (max: number) => z.string().trim().max(max).nullish();

export const contactInputSchema = z.object({
  name: text(120),
  phone_number: text(30),
  document_register: text(30),
  address: text(300),
  open_field: text(2000),
  group_of_customer_id: z.coerce.number().int().positive().nullish(),
  is_favorite: z.boolean().nullish(),
});
export type ContactInput = z.infer<typeof contactInputSchema>;

const blankToNull = (value: string | null | undefined) => (value === undefined ? undefined : value?.trim() ? value.trim() : null);

/** The phone as stored (SPEC §5), or the validation error a person can act on. */
export function storedPhone(raw: string | null | undefined): string {
  if (!raw?.trim()) throw validation('phone_number', texts.phoneRequired);
  const phone = normalizePhone(raw);
  if (!isPlausiblePhone(phone)) throw validation('phone_number', texts.phoneInvalid);
  return phone;
}

/** The live customer stored under any form of this phone (ninth digit both ways), if any. */
export async function customerByPhone(tx: Tx, tenantId: number, phone: string, exceptId?: number) {
  let query = tx
    .selectFrom('customers')
    .select(['id', 'phone_number'])
    .where('tenant_id', '=', tenantId)
    .where('phone_number', 'in', brazilPhoneVariants(phone))
    .where('deleted_at', 'is', null);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return query.orderBy('id').executeTakeFirst();
}

export async function assertGroup(tx: Tx, tenantId: number, groupId: number | null | undefined): Promise<void> {
  if (groupId == null) return;
  const group = await tx.selectFrom('customer_groups').select('id').where('tenant_id', '=', tenantId).where('id', '=', groupId).executeTakeFirst();
  if (!group) throw validation('group_of_customer_id', texts.groupNotFound);
}

function patchOf(input: ContactInput) {
  const patch = {
    name: blankToNull(input.name),
    address: blankToNull(input.address),
    open_field: blankToNull(input.open_field),
    document_register: blankToNull(input.document_register),
    is_favorite: input.is_favorite ?? undefined,
    group_of_customer_id: input.group_of_customer_id,
  };
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
}

export async function createContact(tx: Tx, tenantId: number, input: ContactInput): Promise<Contact> {
  const phone = storedPhone(input.phone_number);
  if (await customerByPhone(tx, tenantId, phone)) throw validation('phone_number', texts.phoneTaken);
  await assertGroup(tx, tenantId, input.group_of_customer_id);
  const row = await tx
    .insertInto('customers')
    .values({ tenant_id: tenantId, phone_number: phone, ...patchOf(input) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await loadContact(tx, tenantId, row.id)) as Contact;
}

export async function updateContact(tx: Tx, tenantId: number, id: number, input: ContactInput): Promise<Contact> {
  const existing = await tx.selectFrom('customers').select('id').where('tenant_id', '=', tenantId).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  if (!existing) throw validation('id', texts.notFound);
  await assertGroup(tx, tenantId, input.group_of_customer_id);
  const patch: Record<string, unknown> = patchOf(input);
  if (input.phone_number !== undefined) {
    const phone = storedPhone(input.phone_number);
    if (await customerByPhone(tx, tenantId, phone, id)) throw validation('phone_number', texts.phoneTaken);
    patch.phone_number = phone;
  }
  if (Object.keys(patch).length > 0) await tx.updateTable('customers').set(patch).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  return (await loadContact(tx, tenantId, id)) as Contact;
}

/** Sets one field on many contacts; answers how many rows changed. */
export async function setOnContacts(
  tx: Tx,
  tenantId: number,
  ids: readonly number[],
  patch: { is_favorite: boolean } | { group_of_customer_id: number | null },
): Promise<number> {
  if (ids.length === 0) return 0;
  if ('group_of_customer_id' in patch) await assertGroup(tx, tenantId, patch.group_of_customer_id);
  const result = await tx
    .updateTable('customers')
    .set(patch)
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', [...ids])
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

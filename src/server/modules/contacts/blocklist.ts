import { z } from 'zod';
import type { Contact } from '../../../shared/graphql/generated';
import type { Tx } from '../../db/database';
import { rowId } from '../../sync/access';
import { validation } from '../../graphql/errors';
import { loadContact } from './contact-payload';
import { customerByPhone, storedPhone } from './contact-writes';
import { contactTexts as texts } from './texts';

export const blockInputSchema = z
  .object({
    id: rowId.nullish(),
    phone_number: z.string().trim().max(30).nullish(),
    is_blacklisted: z.boolean().nullish(),
    is_blacklisted_campaign: z.boolean().nullish(),
  })
  .refine((input) => input.id != null || !!input.phone_number, { message: texts.blockTarget, path: ['phone_number'] });
export type BlockInput = z.infer<typeof blockInputSchema>;

/** The customer to block: by id, or by a number typed in any format (created when unknown). */
async function targetOf(tx: Tx, tenantId: number, input: BlockInput): Promise<number> {
  if (input.id != null) {
    const row = await tx.selectFrom('customers').select('id').where('tenant_id', '=', tenantId).where('id', '=', input.id).where('deleted_at', 'is', null).executeTakeFirst();
    if (!row) throw validation('id', texts.notFound);
    return row.id;
  }
  const phone = storedPhone(input.phone_number);
  const found = await customerByPhone(tx, tenantId, phone);
  if (found) return found.id;
  const created = await tx.insertInto('customers').values({ tenant_id: tenantId, phone_number: phone }).returning('id').executeTakeFirstOrThrow();
  return created.id;
}

/**
 * Blocks or unblocks for attendance (inbound messages make no ticket) and for campaigns, noting who
 * and when; a flag left out keeps its value and its note.
 */
export async function setNumberBlocked(tx: Tx, tenantId: number, userId: number, input: BlockInput): Promise<Contact> {
  const id = await targetOf(tx, tenantId, input);
  const now = new Date();
  const patch: Record<string, unknown> = {};
  if (input.is_blacklisted != null) {
    patch.is_blacklisted = input.is_blacklisted;
    patch.blacklisted_at = input.is_blacklisted ? now : null;
    patch.blacklisted_by = input.is_blacklisted ? userId : null;
  }
  if (input.is_blacklisted_campaign != null) {
    patch.is_blacklisted_campaign = input.is_blacklisted_campaign;
    patch.blacklisted_campaign_at = input.is_blacklisted_campaign ? now : null;
    patch.blacklisted_campaign_by = input.is_blacklisted_campaign ? userId : null;
  }
  if (Object.keys(patch).length > 0) await tx.updateTable('customers').set(patch).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  return (await loadContact(tx, tenantId, id)) as Contact;
}

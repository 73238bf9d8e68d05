import { sql } from 'kysely';
import { z } from 'zod';
import type { CustomerGroup } from '../../../shared/graphql/generated';
import type { Tx } from '../../db/database';
import { validation } from '../../graphql/errors';
import { contactTexts as texts } from './texts';

/** A Mantine colour name (blue, teal.7) or a #rrggbb value. */
const COLOR = /^(?:[a-z]{3,12}(?:\.\d)?|#[0-9a-fA-F]{6})$/;

export const groupInputSchema = z.object({
  name: z.string().trim().min(1, texts.groupNameRequired).max(60),
  color_tag: z.string().trim().regex(COLOR, texts.colorInvalid).nullish(),
});
export type GroupInput = z.infer<typeof groupInputSchema>;

const payload = (row: { id: number; name: string; color_tag: string | null }): CustomerGroup => ({ id: String(row.id), name: row.name, color_tag: row.color_tag });

async function assertNameFree(tx: Tx, tenantId: number, name: string, exceptId?: number): Promise<void> {
  let query = tx.selectFrom('customer_groups').select('id').where('tenant_id', '=', tenantId).where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  if (await query.executeTakeFirst()) throw validation('name', texts.groupNameTaken);
}

export async function createGroup(tx: Tx, tenantId: number, input: GroupInput): Promise<CustomerGroup> {
  await assertNameFree(tx, tenantId, input.name);
  const row = await tx
    .insertInto('customer_groups')
    .values({ tenant_id: tenantId, name: input.name, color_tag: input.color_tag ?? null })
    .returning(['id', 'name', 'color_tag'])
    .executeTakeFirstOrThrow();
  return payload(row);
}

/** Renaming or recolouring touches the group's customers (migration 0002), so consoles get the new tag. */
export async function updateGroup(tx: Tx, tenantId: number, id: number, input: GroupInput): Promise<CustomerGroup> {
  await assertNameFree(tx, tenantId, input.name, id);
  const row = await tx
    .updateTable('customer_groups')
    .set({ name: input.name, color_tag: input.color_tag ?? null, updated_at: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returning(['id', 'name', 'color_tag'])
    .executeTakeFirst();
  if (!row) throw validation('id', texts.groupNotFound);
  return payload(row);
}

/** Its customers lose the group first (an update each, so the change replicates to consoles). */
export async function deleteGroup(tx: Tx, tenantId: number, id: number): Promise<void> {
  await tx.updateTable('customers').set({ group_of_customer_id: null }).where('tenant_id', '=', tenantId).where('group_of_customer_id', '=', id).execute();
  const result = await tx.deleteFrom('customer_groups').where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw validation('id', texts.groupNotFound);
}

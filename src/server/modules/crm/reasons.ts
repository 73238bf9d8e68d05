import type { Selectable } from 'kysely';
import type { CrmReasonInput } from '../../../shared/domain/crm';
import type { Tx } from '../../db/database';
import type { CrmReasonsTable } from '../../db/schema/attendance';
import { validation } from '../../graphql/errors';
import { crmServerTexts as texts } from './texts';

export type CrmReasonRecord = Pick<Selectable<CrmReasonsTable>, 'id' | 'name' | 'activated' | 'requires_note'>;

const COLUMNS = ['id', 'name', 'activated', 'requires_note'] as const;

/**
 * Gives a tenant that has no reason at all the common ones, so closing a ticket never waits for
 * the CRM screen to be set up, and that screen lists from the first visit what Finalizar offers.
 * A tenant that deleted or renamed them keeps its own.
 */
export async function ensureDefaultReasons(tx: Tx, tenantId: number): Promise<void> {
  const any = await tx.selectFrom('crm_reasons').select('id').where('tenant_id', '=', tenantId).limit(1).executeTakeFirst();
  if (any) return;
  await tx
    .insertInto('crm_reasons')
    .values(texts.defaultReasons.map((name) => ({ tenant_id: tenantId, name })))
    .onConflict((oc) => oc.columns(['tenant_id', 'name']).doNothing())
    .execute();
}

export async function listReasons(tx: Tx, tenantId: number, filters: { search?: string | null; activated?: boolean | null }): Promise<CrmReasonRecord[]> {
  await ensureDefaultReasons(tx, tenantId);
  let query = tx.selectFrom('crm_reasons').select(COLUMNS).where('tenant_id', '=', tenantId);
  if (filters.search) query = query.where('name', 'ilike', `%${filters.search.replace(/[\\%_]/g, '\\$&')}%`);
  if (filters.activated != null) query = query.where('activated', '=', filters.activated);
  return query.orderBy('name').execute();
}

export async function findReason(tx: Tx, tenantId: number, id: number): Promise<CrmReasonRecord | undefined> {
  return tx.selectFrom('crm_reasons').select(COLUMNS).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst();
}

async function assertNameFree(tx: Tx, tenantId: number, name: string, exceptId: number | null): Promise<void> {
  let query = tx.selectFrom('crm_reasons').select('id').where('tenant_id', '=', tenantId).where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw validation('name', texts.reasonNameTaken);
}

export async function createReason(tx: Tx, tenantId: number, input: CrmReasonInput): Promise<CrmReasonRecord> {
  await assertNameFree(tx, tenantId, input.name, null);
  return tx.insertInto('crm_reasons').values({ tenant_id: tenantId, ...input }).returning(COLUMNS).executeTakeFirstOrThrow();
}

export async function updateReason(tx: Tx, tenantId: number, id: number, input: CrmReasonInput): Promise<CrmReasonRecord> {
  await assertNameFree(tx, tenantId, input.name, id);
  const row = await tx
    .updateTable('crm_reasons')
    .set({ ...input, updated_at: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirst();
  if (!row) throw validation('id', texts.reasonNotFound);
  return row;
}

export async function deleteReason(tx: Tx, tenantId: number, id: number): Promise<void> {
  if (!(await findReason(tx, tenantId, id))) throw validation('id', texts.reasonNotFound);
  const used = await tx.selectFrom('ticket_closings').select('id').where('tenant_id', '=', tenantId).where('crm_reason_id', '=', id).limit(1).executeTakeFirst();
  if (used) throw validation('id', texts.reasonInUse);
  await tx.deleteFrom('crm_reasons').where('tenant_id', '=', tenantId).where('id', '=', id).execute();
}

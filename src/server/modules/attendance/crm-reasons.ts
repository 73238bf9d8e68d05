import type { Tx } from '../../db/database';
import { attendanceTexts as texts } from './texts';

export interface CrmReasonRow {
  id: number;
  name: string;
  activated: boolean;
  requires_note: boolean;
}

const COLUMNS = ['id', 'name', 'activated', 'requires_note'] as const;

/**
 * The tenant's active attendance-summary reasons, by name. A tenant that has none yet gets the
 * common ones, so closing a ticket never waits for the CRM screen to be set up.
 */
export async function listCrmReasons(tx: Tx, tenantId: number): Promise<CrmReasonRow[]> {
  const read = () =>
    tx.selectFrom('crm_reasons').select(COLUMNS).where('tenant_id', '=', tenantId).where('activated', '=', true).orderBy('name').execute();
  const reasons = await read();
  if (reasons.length > 0) return reasons;
  const any = await tx.selectFrom('crm_reasons').select('id').where('tenant_id', '=', tenantId).limit(1).executeTakeFirst();
  if (any) return reasons;
  await tx
    .insertInto('crm_reasons')
    .values(texts.defaultReasons.map((name) => ({ tenant_id: tenantId, name })))
    .onConflict((oc) => oc.columns(['tenant_id', 'name']).doNothing())
    .execute();
  return read();
}

export async function findActiveReason(tx: Tx, tenantId: number, reasonId: number): Promise<CrmReasonRow | undefined> {
  return tx
    .selectFrom('crm_reasons')
    .select(COLUMNS)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', reasonId)
    .where('activated', '=', true)
    .executeTakeFirst();
}

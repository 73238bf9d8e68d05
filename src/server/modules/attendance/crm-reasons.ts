import type { Tx } from '../../db/database';
import { ensureDefaultReasons } from '../crm/reasons';

export interface CrmReasonRow {
  id: number;
  name: string;
  activated: boolean;
  requires_note: boolean;
}

const COLUMNS = ['id', 'name', 'activated', 'requires_note'] as const;

/** The tenant's active attendance-summary reasons, by name (the common ones until it writes its own). */
export async function listCrmReasons(tx: Tx, tenantId: number): Promise<CrmReasonRow[]> {
  const read = () =>
    tx.selectFrom('crm_reasons').select(COLUMNS).where('tenant_id', '=', tenantId).where('activated', '=', true).orderBy('name').execute();
  const reasons = await read();
  if (reasons.length > 0) return reasons;
  await ensureDefaultReasons(tx, tenantId);
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

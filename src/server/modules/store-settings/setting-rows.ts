import { sql } from 'kysely';
import { settingDefinition, type SettingDefinition } from '../../../shared/domain/setting-keys';
import type { Tx } from '../../db/database';
import type { ChangeSet } from '../../sync/changes';

export interface SettingRow {
  key: string;
  instance_id: number | null;
  value: string;
  updated_at: Date;
}

/** The live rows of the keys (tenant's and every connection's). Removed rows stay as sync tombstones. */
export async function readSettingRows(tx: Tx, tenantId: number, keys: readonly string[]): Promise<SettingRow[]> {
  if (keys.length === 0) return [];
  const rows = await tx
    .selectFrom('settings')
    .select(['key', 'instance_id', 'value', 'updated_at'])
    .where('tenant_id', '=', tenantId)
    .where('key', 'in', keys)
    .where('deleted_at', 'is', null)
    .where('value', 'is not', null)
    .orderBy('key')
    .orderBy(sql`instance_id nulls first`)
    .execute();
  return rows.map((row) => ({ ...row, value: row.value ?? '' }));
}

/**
 * The value in force of one key on a connection: the connection's row, else the tenant's, else the
 * catalogue's default (SPEC §3 Setting).
 */
export async function effectiveValue(tx: Tx, tenantId: number, instanceId: number | null, key: string): Promise<string> {
  let query = tx
    .selectFrom('settings')
    .select('value')
    .where('tenant_id', '=', tenantId)
    .where('key', '=', key)
    .where('deleted_at', 'is', null)
    .where('value', 'is not', null);
  query = instanceId === null ? query.where('instance_id', 'is', null) : query.where((eb) => eb.or([eb('instance_id', '=', instanceId), eb('instance_id', 'is', null)]));
  const row = await query.orderBy(sql`instance_id is null`).executeTakeFirst();
  return row?.value ?? settingDefinition(key)?.defaultValue ?? '';
}

export interface SettingWrite {
  definition: Pick<SettingDefinition, 'key'>;
  value: string | null;
}

/**
 * Writes settings in the caller's transaction and marks the replicated collection: a value upserts
 * the row (reviving a removed one), null removes it as a tombstone so every console drops it.
 */
export async function writeSettingRows(tx: Tx, changes: ChangeSet, tenantId: number, instanceId: number | null, writes: readonly SettingWrite[]): Promise<void> {
  for (const { definition, value } of writes) {
    if (value === null) {
      let removal = tx
        .updateTable('settings')
        .set({ deleted_at: sql`now()`, updated_at: sql`now()` })
        .where('tenant_id', '=', tenantId)
        .where('key', '=', definition.key)
        .where('deleted_at', 'is', null);
      removal = instanceId === null ? removal.where('instance_id', 'is', null) : removal.where('instance_id', '=', instanceId);
      await removal.execute();
    } else {
      await tx
        .insertInto('settings')
        .values({ tenant_id: tenantId, instance_id: instanceId, key: definition.key, value })
        .onConflict((oc) => oc.columns(['tenant_id', 'instance_id', 'key']).doUpdateSet({ value, deleted_at: null, updated_at: sql`now()` }))
        .execute();
    }
  }
  changes.add('settings', instanceId);
}

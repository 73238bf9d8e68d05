import type { Database, Tx } from '../db/database';
import { PREPARED } from '../db/prepared';
import type { ChannelInstance, ChannelKind } from './channel';

const columns = ['id', 'tenant_id', 'channel', 'activated', 'phone_number', 'official_phone_id', 'official_token', 'waba_id'] as const;

interface InstanceRow {
  id: number;
  tenant_id: number;
  channel: ChannelKind;
  activated: boolean;
  phone_number: string | null;
  official_phone_id: string | null;
  official_token: string | null;
  waba_id: string | null;
}

const toChannelInstance = (row: InstanceRow): ChannelInstance => ({
  tenantId: row.tenant_id,
  id: row.id,
  channel: row.channel,
  activated: row.activated,
  phoneNumber: row.phone_number,
  officialPhoneId: row.official_phone_id,
  officialToken: row.official_token,
  wabaId: row.waba_id,
});

export async function channelInstanceIn(tx: Tx, tenantId: number, instanceId: number): Promise<ChannelInstance | null> {
  const row = await tx
    .selectFrom('instances')
    .select(columns)
    .where('tenant_id', '=', tenantId)
    .where('id', '=', instanceId)
    .modifyEnd(PREPARED)
    .executeTakeFirst();
  return row ? toChannelInstance(row) : null;
}

/** The connection as its channel needs it; null when the tenant has no such connection. */
export function loadChannelInstance(database: Database, tenantId: number, instanceId: number): Promise<ChannelInstance | null> {
  if (!Number.isSafeInteger(instanceId) || instanceId <= 0) return Promise.resolve(null);
  return database.withTenant(tenantId, (tx) => channelInstanceIn(tx, tenantId, instanceId));
}

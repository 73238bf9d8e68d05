import type { Database } from '../../../../src/server/db/database';
import { TEST_PHONE_NUMBER_ID, TEST_WABA_ID } from '../../../helpers/cloud-api-fixtures';

/** A connected Cloud API connection with the fixtures' ids and the fake's token. */
export async function createCloudApiInstance(database: Database, tenantId: number, name = 'WhatsApp Oficial'): Promise<number> {
  const row = await database.withTenant(tenantId, (tx) =>
    tx
      .insertInto('instances')
      .values({
        tenant_id: tenantId,
        name,
        channel: 'cloud-api',
        is_official: true,
        activated: true,
        phone_number: '5511900000000',
        official_phone_id: TEST_PHONE_NUMBER_ID,
        waba_id: TEST_WABA_ID,
        official_token: 'TEST_TOKEN',
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  return row.id;
}

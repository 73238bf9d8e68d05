import { sql } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/database';

/** The platform-wide switches of SPEC §4 (not per tenant); values are strings, 'true' meaning on. */
export const PLATFORM_SETTING_KEYS = ['whatsapp_status', 'maintenance_status'] as const;
export type PlatformSettingKey = (typeof PLATFORM_SETTING_KEYS)[number];

export const isPlatformSettingKey = (key: string): key is PlatformSettingKey =>
  (PLATFORM_SETTING_KEYS as readonly string[]).includes(key);

export async function readPlatformSetting(database: Database, key: PlatformSettingKey): Promise<string | null> {
  const row = await database.db.selectFrom('platform_settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value ?? null;
}

/** Platform admins only (cli/platform-setting.ts): the app role may not write these. */
export async function writePlatformSetting(database: Database, key: PlatformSettingKey, value: string): Promise<void> {
  await database.asOwner((db) =>
    db
      .insertInto('platform_settings')
      .values({ key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: sql<Date>`now()` }))
      .execute(),
  );
}

/** Writes WHATSAPP_STATUS and MAINTENANCE_STATUS where no value exists yet; later changes win over them. */
export async function ensurePlatformDefaults(database: Database, config: Pick<Config, 'whatsappStatus' | 'maintenanceStatus'>): Promise<void> {
  await database.asOwner((db) =>
    db
      .insertInto('platform_settings')
      .values([
        { key: 'whatsapp_status', value: config.whatsappStatus },
        { key: 'maintenance_status', value: config.maintenanceStatus },
      ])
      .onConflict((oc) => oc.column('key').doNothing())
      .execute(),
  );
}

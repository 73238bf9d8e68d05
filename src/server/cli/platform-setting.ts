// Platform administrators switch the platform-wide flags (SPEC §4) that GET /api/settings/<key> answers:
//   npx tsx src/server/cli/platform-setting.ts whatsapp_status false      # the platform goes offline
//   npx tsx src/server/cli/platform-setting.ts maintenance_status true    # maintenance mode
//   npx tsx src/server/cli/platform-setting.ts maintenance_status         # prints the current value
// It uses the same DATABASE_URL / DATA_DIR as the server (with the embedded database, stop the server first).
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import {
  PLATFORM_SETTING_KEYS,
  ensurePlatformDefaults,
  isPlatformSettingKey,
  readPlatformSetting,
  writePlatformSetting,
} from '../modules/settings/platform-settings';

const [key, value] = process.argv.slice(2);
if (!key || !isPlatformSettingKey(key)) {
  console.error(`uso: platform-setting.ts <${PLATFORM_SETTING_KEYS.join('|')}> [valor]`);
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
try {
  await ensurePlatformDefaults(database, config);
  if (value !== undefined) await writePlatformSetting(database, key, value);
  console.log(`${key} = ${await readPlatformSetting(database, key)}`);
} finally {
  await database.close();
}

import { openDatabase } from './database';

/** A dump of a freshly migrated embedded database: tests copy it instead of migrating each time (~5 s). */
export async function migratedSnapshot(): Promise<Blob> {
  const database = await openDatabase({});
  try {
    return await database.engine!.dump();
  } finally {
    await database.close();
  }
}

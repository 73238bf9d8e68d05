import { addRxPlugin, createRxDatabase, type RxStorage } from 'rxdb';
import { RxDBLocalDocumentsPlugin } from 'rxdb/plugins/local-documents';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { ALL_COLLECTIONS, COLLECTION_CREATORS, type CollectionName, type PedbotDatabase } from '../schema';

/** RxDB names must be lower case: SPEC §3's 'PedBot' database is 'pedbot' here. */
export const DATABASE_NAME = 'pedbot';

export interface OpenDatabaseOptions {
  // RxDB's storages are typed by their internals, which callers never touch.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  storage: RxStorage<any, any>;
  name?: string;
  /** Tabs of one browser share the database; Node tests open isolated ones. */
  multiInstance?: boolean;
  /** Which collections to open; all by default (tests open fewer to fit several clients in one process). */
  collections?: readonly CollectionName[];
}

let pluginsAdded = false;

function addPlugins(): void {
  if (pluginsAdded) return;
  pluginsAdded = true;
  addRxPlugin(RxDBMigrationSchemaPlugin);
  addRxPlugin(RxDBLocalDocumentsPlugin);
}

export async function openPedbotDatabase(options: OpenDatabaseOptions): Promise<PedbotDatabase> {
  addPlugins();
  const database = await createRxDatabase<PedbotDatabase['collections']>({
    name: options.name ?? DATABASE_NAME,
    storage: options.storage,
    multiInstance: options.multiInstance ?? true,
    eventReduce: true,
    localDocuments: true,
    closeDuplicates: true,
  });
  const names = options.collections ?? ALL_COLLECTIONS;
  const creators = Object.fromEntries(names.map((name) => [name, COLLECTION_CREATORS[name]]));
  try {
    await database.addCollections(creators);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database as PedbotDatabase;
}

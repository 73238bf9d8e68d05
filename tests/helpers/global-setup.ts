import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { sql } from 'kysely';
import { templatePath } from './template-path';
import { openDatabase } from '../../src/server/db/database';
import { migratedSnapshot } from '../../src/server/db/snapshot';

/**
 * Builds the migrated templates once per migration set; every test database is a copy of one: a PGlite
 * dump, and on the PostgreSQL server of PEDBOT_TEST_DATABASE_URL a template database (cloning it takes
 * about a tenth of the second that migrating a new database takes).
 */
export default async function setup(): Promise<void> {
  const dir = new URL('../../src/server/db/migrations/', import.meta.url);
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const hash = createHash('sha256');
  for (const f of files) hash.update(f).update(await readFile(new URL(f, dir)));
  const key = hash.digest('hex').slice(0, 16);
  const path = templatePath(key);
  process.env.PEDBOT_TEST_TEMPLATE = path;
  const serverUrl = process.env.PEDBOT_TEST_DATABASE_URL;
  if (serverUrl) process.env.PEDBOT_TEST_PG_TEMPLATE = await serverTemplate(serverUrl, `pedbot_template_${key}`);
  if (await stat(path).catch(() => null)) return;
  await mkdir(new URL('.', `file://${path}`), { recursive: true });
  await writeFile(path, Buffer.from(await (await migratedSnapshot()).arrayBuffer()));
}

/** The template database `name`, migrated under another name and renamed when done, so no run ever clones a half-built one. */
async function serverTemplate(serverUrl: string, name: string): Promise<string> {
  const admin = await openDatabase({ databaseUrl: serverUrl, migrate: false });
  try {
    const exists = async () => (await admin.asOwner((db) => sql`select 1 from pg_database where datname = ${name}`.execute(db))).rows.length > 0;
    if (await exists()) return name;
    const building = `pedbot_building_${randomBytes(6).toString('hex')}`;
    await admin.asOwner((db) => sql.raw(`create database ${building}`).execute(db));
    const url = new URL(serverUrl);
    url.pathname = `/${building}`;
    await (await openDatabase({ databaseUrl: url.toString() })).close();
    // Another run may have published the same template meanwhile.
    await admin.asOwner((db) => sql.raw(`alter database ${building} rename to ${name}`).execute(db)).catch(async (error: unknown) => {
      if (!(await exists())) throw error;
      await admin.asOwner((db) => sql.raw(`drop database ${building} with (force)`).execute(db));
    });
    return name;
  } finally {
    await admin.close();
  }
}

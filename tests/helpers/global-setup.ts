import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { templatePath } from './template-path';
import { migratedSnapshot } from '../../src/server/db/snapshot';

/** Builds the migrated PGlite template once per migration set; every test database is a copy of it. */
export default async function setup(): Promise<void> {
  const dir = new URL('../../src/server/db/migrations/', import.meta.url);
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const hash = createHash('sha256');
  for (const f of files) hash.update(f).update(await readFile(new URL(f, dir)));
  const path = templatePath(hash.digest('hex').slice(0, 16));
  process.env.PEDBOT_TEST_TEMPLATE = path;
  if (await stat(path).catch(() => null)) return;
  await mkdir(new URL('.', `file://${path}`), { recursive: true });
  await writeFile(path, Buffer.from(await (await migratedSnapshot()).arrayBuffer()));
}

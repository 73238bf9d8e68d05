import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * A secret generated once into `dataDir/fileName` (mode 600) and read back on every start, so what it
 * signs or seals survives restarts when the environment does not give one.
 */
export async function dataDirSecret(dataDir: string, fileName: string, bytes: number): Promise<string> {
  const file = join(dataDir, fileName);
  const existing = await readFile(file, 'utf8').catch(() => '');
  if (existing.trim() !== '') return existing.trim();
  await mkdir(dataDir, { recursive: true });
  // 'wx' fails if a concurrently starting server wrote it first; then its secret is the one to use.
  await writeFile(file, randomBytes(bytes).toString('base64url'), { mode: 0o600, flag: 'wx' }).catch(() => undefined);
  return (await readFile(file, 'utf8')).trim();
}

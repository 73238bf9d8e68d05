import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../../config';

/** JWT_SECRET, or one generated once and kept in DATA_DIR/jwt-secret so tokens survive restarts. */
export async function resolveJwtSecret(config: Pick<Config, 'jwtSecret' | 'dataDir'>): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  const file = join(config.dataDir, 'jwt-secret');
  const existing = await readFile(file, 'utf8').catch(() => '');
  if (existing.trim() !== '') return existing.trim();
  await mkdir(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  // 'wx' fails if a concurrently starting server wrote it first; then its secret is the one to use.
  await writeFile(file, secret, { mode: 0o600, flag: 'wx' }).catch(() => undefined);
  return (await readFile(file, 'utf8')).trim();
}

import type { Config } from '../../config';
import { dataDirSecret } from '../../security/data-dir-secret';

/** JWT_SECRET, or one generated once and kept in DATA_DIR/jwt-secret so tokens survive restarts. */
export async function resolveJwtSecret(config: Pick<Config, 'jwtSecret' | 'dataDir'>): Promise<string> {
  return config.jwtSecret || dataDirSecret(config.dataDir, 'jwt-secret', 48);
}

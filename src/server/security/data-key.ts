import type { Config } from '../config';
import { dataDirSecret } from './data-dir-secret';
import { createSecretBox, type SecretBox } from './secret-box';

/** The box that seals stored secrets: DATA_ENCRYPTION_KEY, or a key generated once into DATA_DIR/data-encryption-key. */
export async function openSecretBox(config: Pick<Config, 'dataEncryptionKey' | 'dataDir'>): Promise<SecretBox> {
  return createSecretBox(config.dataEncryptionKey ?? (await dataDirSecret(config.dataDir, 'data-encryption-key', 32)));
}

import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets kept in the database (Cloud API tokens, TOTP secrets) are stored sealed with AES-256-GCM:
 * `enc:v1:<key id>:<base64url(iv | ciphertext | tag)>`. The version prefix tells a sealed value from a
 * plaintext one written before encryption existed; the key id tells "another key" from "damaged data".
 */
export const SEALED_PREFIX = 'enc:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** The shortest DATA_ENCRYPTION_KEY accepted: 32 characters (a generated key has 43). */
export const MIN_KEY_LENGTH = 32;

export const isSealed = (stored: string): boolean => stored.startsWith(SEALED_PREFIX);

/** The key id inside a sealed value, or null for a plaintext one. */
export function sealedKeyId(stored: string): string | null {
  if (!isSealed(stored)) return null;
  const end = stored.indexOf(':', SEALED_PREFIX.length);
  return end < 0 ? null : stored.slice(SEALED_PREFIX.length, end);
}

/** A sealed value that this server's key cannot open: another key sealed it, or it was altered. */
export class SecretKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretKeyError';
  }
}

export interface SecretBox {
  /** 8 hex characters naming the key (not secret: derived one-way), written into every sealed value. */
  readonly keyId: string;
  seal(plain: string): string;
  /** The plaintext of a sealed value; a plaintext value from before encryption is returned as is. */
  open(stored: string): string;
}

/** `keyMaterial` is DATA_ENCRYPTION_KEY or the generated key file's content; the AES key is derived from it. */
export function createSecretBox(keyMaterial: string): SecretBox {
  if (keyMaterial.length < MIN_KEY_LENGTH) {
    throw new SecretKeyError(`DATA_ENCRYPTION_KEY precisa de pelo menos ${MIN_KEY_LENGTH} caracteres / needs at least ${MIN_KEY_LENGTH} characters`);
  }
  const key = Buffer.from(hkdfSync('sha256', keyMaterial, 'pedbot', 'data-encryption-v1', 32));
  const keyId = createHmac('sha256', key).update('key-id').digest('hex').slice(0, 8);
  const head = `${SEALED_PREFIX}${keyId}:`;
  return {
    keyId,
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return head + Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
    },
    open(stored) {
      if (!isSealed(stored)) return stored;
      const storedKeyId = sealedKeyId(stored);
      if (storedKeyId !== keyId) {
        throw new SecretKeyError(
          `segredo gravado com outra chave (${storedKeyId ?? '?'}; a atual é ${keyId}): confira DATA_ENCRYPTION_KEY / ` +
            `secret sealed with another key (${storedKeyId ?? '?'}; current ${keyId}): check DATA_ENCRYPTION_KEY`,
        );
      }
      const bytes = Buffer.from(stored.slice(head.length), 'base64url');
      try {
        if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('short');
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
        decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
        return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretKeyError('segredo gravado danificado (não confere com a chave) / stored secret is damaged (fails authentication)');
      }
    },
  };
}

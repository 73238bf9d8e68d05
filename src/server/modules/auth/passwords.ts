import { argon2id, hash, verify, type HashOptions } from 'argon2';
import type { Config } from '../../config';

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** Spends the time of one verification, so unknown e-mails answer as slowly as wrong passwords. */
  verifyNothing(password: string): Promise<void>;
}

/** argon2id with OWASP's minimum (19 MiB, t=2, p=1) unless the config lowers it (tests). */
export function createPasswordHasher(config: Pick<Config, 'argon2MemoryKib' | 'argon2TimeCost'>): PasswordHasher {
  const options: HashOptions = { type: argon2id, memoryCost: config.argon2MemoryKib, timeCost: config.argon2TimeCost, parallelism: 1 };
  let decoy: Promise<string> | undefined;
  return {
    hash: (password) => hash(password, options),
    verify: async (stored, password) => {
      try {
        return await verify(stored, password);
      } catch {
        return false;
      }
    },
    verifyNothing: async (password) => {
      decoy ??= hash('pedbot-decoy-password', options);
      await verify(await decoy, password).catch(() => false);
    },
  };
}

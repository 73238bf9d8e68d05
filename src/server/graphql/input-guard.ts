import { findForbiddenInInput } from '../../shared/domain/forbidden-characters';
import { fieldTexts } from '../texts';
import { attack, validation } from './errors';

/** Passwords may hold any character: they are hashed, never shown. */
const PASSWORD_KEYS = ['password', 'new_password', 'old_password', 'current_password', 'password_confirmation'];

/** SPEC §5 forbidden characters, applied to every string of every operation's input: ATTACK (HTTP 400). */
export function assertSafeInput(args: unknown): void {
  const field = findForbiddenInInput(args, { ignoreKeys: PASSWORD_KEYS });
  if (field !== null) throw attack(field);
}

/** The path of the first string (or key) holding a NUL character, which no text column can store. */
export function findNulInInput(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNulInInput(value[i], path ? `${path}.${i}` : String(i));
      if (found !== null) return found;
    }
    return null;
  }
  if (value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    const keyPath = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return keyPath;
    const found = findNulInInput(child, keyPath);
    if (found !== null) return found;
  }
  return null;
}

/** A NUL anywhere in the input is refused as invalid data (HTTP 400) before it reaches the database. */
export function assertStorableInput(args: unknown): void {
  const field = findNulInInput(args);
  if (field !== null) throw validation(field, fieldTexts.nulCharacter, 400);
}

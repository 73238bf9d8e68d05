import { findForbiddenInInput } from '../../shared/domain/forbidden-characters';
import { attack } from './errors';

/** Passwords may hold any character: they are hashed, never shown. */
const PASSWORD_KEYS = ['password', 'new_password', 'old_password', 'current_password', 'password_confirmation'];

/** SPEC §5 forbidden characters, applied to every string of every operation's input: ATTACK (HTTP 400). */
export function assertSafeInput(args: unknown): void {
  const field = findForbiddenInInput(args, { ignoreKeys: PASSWORD_KEYS });
  if (field !== null) throw attack(field);
}

import { PASSWORD_MIN_LENGTH, passwordStrength } from '../../../../shared/domain/password';
import { auth } from '../../../../shared/i18n/pt-BR';
import { t } from '../texts';

export interface PasswordChangeValues {
  current: string;
  password: string;
  confirmation: string;
}

export type PasswordChangeErrors = Partial<Record<keyof PasswordChangeValues, string>>;

export const emptyPasswordChange: PasswordChangeValues = { current: '', password: '', confirmation: '' };

/**
 * The same rules the server applies (SPEC §5, §9), checked before sending: the current password,
 * at least 8 characters, not weak (score above 50), different from the current one, confirmed.
 */
export function validatePasswordChange(values: PasswordChangeValues): PasswordChangeErrors {
  const errors: PasswordChangeErrors = {};
  if (!values.current) errors.current = t.password.currentRequired;
  if (values.password.length < PASSWORD_MIN_LENGTH) errors.password = auth.passwordTooWeak;
  else if (passwordStrength(values.password) === 50) errors.password = t.password.weak;
  else if (values.password === values.current) errors.password = t.password.sameAsCurrent;
  if (values.confirmation !== values.password) errors.confirmation = t.password.mismatch;
  return errors;
}

export const hasErrors = (errors: PasswordChangeErrors): boolean => Object.keys(errors).length > 0;

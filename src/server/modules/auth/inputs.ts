import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, passwordStrength } from '../../../shared/domain/password';
import { auth } from '../../../shared/i18n/pt-BR';
import { fieldTexts as t } from '../../texts';

const optionalText = (max: number) => z.string().max(max, t.tooLong).nullish();
/** SPEC §5, §9: at least 8 characters and not weak (no runs like `aaa`, no sequences like `123`). */
export const newPassword = z
  .string(auth.passwordTooWeak)
  .min(PASSWORD_MIN_LENGTH, auth.passwordTooWeak)
  .max(1024, t.tooLong)
  .refine((password) => passwordStrength(password) > 50, t.passwordWeak);
const email = z.string(t.emailRequired).trim().toLowerCase().min(1, t.emailRequired).max(254, t.tooLong);

export const logInInput = z.object({
  email,
  password: z.string(t.passwordRequired).min(1, t.passwordRequired).max(1024, t.tooLong),
  remember: z.boolean().nullish(),
  ip: optionalText(64),
  recaptchaResponse: optionalText(4096),
  tokenTwoFactor: z.string().trim().max(12, t.codeInvalid).nullish(),
});

export const integrationLogInInput = z.object({ access_token: z.string().trim().min(1, t.tokenRequired).max(512, t.tooLong) });
export const refreshTokenInput = z.object({ refresh_token: z.string().trim().min(1, t.tokenRequired).max(512, t.tooLong) });
export const presenceInput = z.object({ ip: optionalText(64), refresh_token: z.string().max(512, t.tooLong).nullish() });
export const verifyPermissionInput = z.object({ route: z.string().trim().min(1, t.routeRequired).max(200, t.tooLong) });
export const twoFactorActivityInput = z.object({
  validate: z.string().trim().regex(/^\d{6}$/, t.codeInvalid).nullish(),
  // Checked only when turning off; a missing one answers like a wrong one (see two-factor.ts).
  current_password: z.string().max(1024, t.tooLong).nullish(),
});
export const forgotInput = z.object({ email: email.pipe(z.email(t.emailInvalid)) });
export const userIdInput = z.object({ user_id: z.coerce.number(t.idInvalid).int(t.idInvalid).positive(t.idInvalid) });
export const resetPasswordInput = z.object({
  token: z.string().trim().min(1, t.tokenRequired).max(512, t.tooLong),
  password: newPassword,
});

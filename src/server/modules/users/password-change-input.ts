import { z } from 'zod';
import { newPassword } from '../auth/inputs';
import { fieldTexts as t } from '../../texts';

/** pt-BR field messages of updateUserPassword (server-only; the client shows them as they come). */
export const passwordChangeTexts = {
  currentRequired: 'Informe a senha atual.',
  currentWrong: 'Senha atual incorreta.',
  sameAsCurrent: 'A nova senha deve ser diferente da atual.',
} as const;

export const updateUserPasswordInput = z
  .object({
    current_password: z.string(passwordChangeTexts.currentRequired).min(1, passwordChangeTexts.currentRequired).max(1024, t.tooLong),
    password: newPassword,
    refresh_token: z.string().trim().max(512, t.tooLong).nullish(),
  })
  .refine((input) => input.password !== input.current_password, { path: ['password'], message: passwordChangeTexts.sameAsCurrent });

export type UpdateUserPasswordInput = z.output<typeof updateUserPasswordInput>;

import { z } from 'zod';
import { fieldTexts as t } from '../../texts';
import { newPassword } from '../auth/inputs';
import { teamTexts } from './texts';

export const idInput = z.coerce.number(t.idInvalid).int(t.idInvalid).positive(t.idInvalid).max(Number.MAX_SAFE_INTEGER, t.idInvalid);
const idList = z.array(idInput).max(500);
const name = z.string(teamTexts.nameRequired).trim().min(1, teamTexts.nameRequired).max(120, t.tooLong);
const email = z.string(teamTexts.emailInvalid).trim().toLowerCase().max(254, t.tooLong).pipe(z.email(teamTexts.emailInvalid));
const username = z
  .string()
  .trim()
  .regex(/^[\p{L}\p{N}._-]{0,60}$/u, teamTexts.usernameInvalid)
  .nullish();
/** A photo: a `data:` URL of a PNG, JPEG or WebP image (2 MB in base64 is about 2.8 million characters). */
const image = z.string().trim().max(2_800_000, teamTexts.imageInvalid).nullish();

export const userStateInput = z.enum(['online', 'offline', 'blocked']);

export const usersInput = z.object({
  filters: z
    .object({
      search: z.string().trim().max(120, t.tooLong).nullish(),
      role_id: idInput.nullish(),
      user_department_id: idInput.nullish(),
      instance_id: idInput.nullish(),
      state: userStateInput.nullish(),
    })
    .nullish(),
  pagination_page: z.number().int().min(1).max(100_000).nullish(),
  pagination_limit: z.number().int().min(1).max(200).nullish(),
});

export const newUserInput = z.object({
  username,
  name,
  email,
  password: newPassword,
  role_id: idInput.pipe(z.number(teamTexts.roleRequired)),
  user_department_id: idInput.nullish(),
  chosen_instances: idList.nullish(),
});

export const updateUserInput = z.object({
  id: idInput,
  username,
  name: name.nullish(),
  email: email.nullish(),
  // Empty keeps the password (the edit form leaves it blank).
  password: z.union([z.literal(''), newPassword]).nullish(),
  role_id: idInput.nullish(),
  user_department_id: idInput.nullish(),
  chosen_instances: idList.nullish(),
  image,
});

export const userIdArg = z.object({ user_id: idInput });
export const idArg = z.object({ id: idInput });
export const disconnectUserInput = z.object({ user_id: idInput, ip: z.string().trim().max(64, t.tooLong).nullish() });

export type NewUserInput = z.output<typeof newUserInput>;
export type UpdateUserInput = z.output<typeof updateUserInput>;
export type UsersInput = z.output<typeof usersInput>;

import { z } from 'zod';
import { hasForbiddenCharacters } from './forbidden-characters';
import { PASSWORD_MIN_LENGTH, passwordStrength } from './password';
import { APP_ROUTES, SECTIONS, type AppRoute, type SectionId } from './routes';

/**
 * The team administration forms (issue 12: users, departments, roles) as zod schemas, so the
 * screens check what the server checks before sending (SPEC §5), with the messages the user sees.
 */
export const teamFormTexts = {
  nameRequired: 'Informe o nome.',
  nameTooLong: 'O nome pode ter no máximo 120 caracteres.',
  emailInvalid: 'Informe um e-mail válido.',
  usernameInvalid: 'O usuário pode ter letras, números, ponto, hífen e sublinhado (até 60).',
  passwordRequired: 'Informe a senha.',
  passwordShort: `A senha deve ter no mínimo ${PASSWORD_MIN_LENGTH} caracteres.`,
  passwordWeak: 'Senha fraca: evite sequências (123, abc) e repetições (aaa); misture letras, números e símbolos.',
  roleRequired: 'Escolha o perfil de acesso.',
  forbidden: 'O texto contém caracteres não permitidos (|, < ou >).',
  roleNameRequired: 'Informe o nome do perfil.',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const USERNAME = /^[\p{L}\p{N}._-]{1,60}$/u;

const personName = z
  .string()
  .trim()
  .min(1, teamFormTexts.nameRequired)
  .max(120, teamFormTexts.nameTooLong)
  .refine((value) => !hasForbiddenCharacters(value), teamFormTexts.forbidden);

/** SPEC §5: a password scoring 50 (short, runs like aaa, sequences like 123) is refused. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return teamFormTexts.passwordShort;
  if (passwordStrength(password) === 50) return teamFormTexts.passwordWeak;
  return null;
}

const userFields = {
  name: personName,
  email: z.string().trim().regex(EMAIL, teamFormTexts.emailInvalid),
  username: z.string().trim().refine((value) => value === '' || USERNAME.test(value), teamFormTexts.usernameInvalid),
  role_id: z.string({ error: teamFormTexts.roleRequired }).min(1, teamFormTexts.roleRequired),
  user_department_id: z.string().nullable(),
  chosen_instances: z.array(z.string()),
};

/** newUser: the password is required and must not be weak. */
export const newUserFormSchema = z.object({
  ...userFields,
  password: z.string().superRefine((value, ctx) => {
    const problem = value ? passwordProblem(value) : teamFormTexts.passwordRequired;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
});

/** updateUser: an empty password keeps the current one. */
export const editUserFormSchema = z.object({
  ...userFields,
  password: z.string().superRefine((value, ctx) => {
    const problem = value ? passwordProblem(value) : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
});

export type UserFormValues = z.infer<typeof newUserFormSchema>;

export const departmentFormSchema = z.object({ name: personName });
export type DepartmentFormValues = z.infer<typeof departmentFormSchema>;

export const roleFormSchema = z.object({
  display_name: z
    .string()
    .trim()
    .min(1, teamFormTexts.roleNameRequired)
    .max(120, teamFormTexts.nameTooLong)
    .refine((value) => !hasForbiddenCharacters(value), teamFormTexts.forbidden),
  has_permission_routes: z.array(z.string()),
});
export type RoleFormValues = z.infer<typeof roleFormSchema>;

export interface RoutePickerSection {
  id: SectionId;
  title: string;
  /** Routes a role may list (rule 'check'). */
  routes: AppRoute[];
  /** Routes every signed-in user opens anyway (rule 'all'): shown, not choosable. */
  always: AppRoute[];
}

/** The role editor's route picker: every route of the catalogue by menu section, in menu order. */
export function routePickerSections(): RoutePickerSection[] {
  return SECTIONS.map((section) => {
    const inSection = APP_ROUTES.filter((route) => route.section === section.id);
    return {
      id: section.id,
      title: section.title,
      routes: inSection.filter((route) => route.rule === 'check'),
      always: inSection.filter((route) => route.rule === 'all'),
    };
  }).filter((section) => section.routes.length + section.always.length > 0);
}

/** Select-all of one section: every choosable route of it on (or off), the others untouched. */
export function toggleSection(selected: readonly string[], section: RoutePickerSection, on: boolean): string[] {
  const names = new Set(section.routes.map((route) => route.name));
  const rest = selected.filter((name) => !names.has(name));
  return on ? [...rest, ...section.routes.map((route) => route.name)] : rest;
}

/** 'all', 'some' or 'none' of a section's choosable routes are selected. */
export function sectionState(selected: readonly string[], section: RoutePickerSection): 'all' | 'some' | 'none' {
  const count = section.routes.filter((route) => selected.includes(route.name)).length;
  if (count === 0) return 'none';
  return count === section.routes.length ? 'all' : 'some';
}

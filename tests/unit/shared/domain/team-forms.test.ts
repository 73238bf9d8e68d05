import { describe, expect, it } from 'vitest';
import { APP_ROUTES } from '../../../../src/shared/domain/routes';
import {
  editUserFormSchema,
  newUserFormSchema,
  passwordProblem,
  routePickerSections,
  sectionState,
  teamFormTexts,
  toggleSection,
} from '../../../../src/shared/domain/team-forms';

const user = {
  name: 'Carla Souza',
  email: 'carla@loja.com',
  username: '',
  password: 'Carla#Loja!9',
  role_id: '2',
  user_department_id: null,
  chosen_instances: ['1'],
};

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string; path: PropertyKey[] }> } }) =>
  result.error?.issues[0] && { path: result.error.issues[0].path.join('.'), message: result.error.issues[0].message };

describe('team forms (issue 12, SPEC §5)', () => {
  it('accepts a complete new user', () => {
    expect(newUserFormSchema.safeParse(user).success).toBe(true);
  });

  it('refuses a weak or missing password for a new user, with the field and its message', () => {
    expect(firstMessage(newUserFormSchema.safeParse({ ...user, password: '' }))).toEqual({ path: 'password', message: teamFormTexts.passwordRequired });
    expect(firstMessage(newUserFormSchema.safeParse({ ...user, password: 'Abc123!!' }))).toEqual({ path: 'password', message: teamFormTexts.passwordWeak });
    expect(firstMessage(newUserFormSchema.safeParse({ ...user, password: 'Ab!9' }))).toEqual({ path: 'password', message: teamFormTexts.passwordShort });
  });

  it('keeps the password when editing with it empty, but still refuses a weak new one', () => {
    expect(editUserFormSchema.safeParse({ ...user, password: '' }).success).toBe(true);
    expect(passwordProblem('aaaa1111')).toBe(teamFormTexts.passwordWeak);
    expect(editUserFormSchema.safeParse({ ...user, password: 'aaaa1111' }).success).toBe(false);
  });

  it('refuses a bad e-mail, a missing role and forbidden characters in the name', () => {
    expect(firstMessage(newUserFormSchema.safeParse({ ...user, email: 'carla@' }))?.message).toBe(teamFormTexts.emailInvalid);
    expect(firstMessage(newUserFormSchema.safeParse({ ...user, role_id: '' }))?.message).toBe(teamFormTexts.roleRequired);
    expect(firstMessage(newUserFormSchema.safeParse({ ...user, name: 'Carla <script>' }))?.message).toBe(teamFormTexts.forbidden);
  });
});

describe('role route picker', () => {
  const sections = routePickerSections();

  it('lists every route of the catalogue once, by section', () => {
    const listed = sections.flatMap((section) => [...section.routes, ...section.always].map((route) => route.name));
    expect(listed.sort()).toEqual(APP_ROUTES.map((route) => route.name).sort());
    expect(sections.find((section) => section.id === 'attendance')?.routes.map((route) => route.title)).toEqual(['Atendimentos']);
  });

  it('selects and clears a whole section without touching the others', () => {
    const admin = sections.find((section) => section.id === 'administration')!;
    const on = toggleSection(['chat-attendance'], admin, true);
    expect(on).toEqual(expect.arrayContaining(['chat-attendance', 'users-list', 'roles-edit']));
    expect(sectionState(on, admin)).toBe('all');
    expect(sectionState(['users-list'], admin)).toBe('some');
    expect(toggleSection(on, admin, false)).toEqual(['chat-attendance']);
    expect(sectionState([], admin)).toBe('none');
  });
});

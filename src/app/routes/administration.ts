import { lazyScreen } from './lazy-screen';
import { appRoute } from './signed-in';

const users = () => import('../features/team/users/users-page');
const departments = () => import('../features/team/departments/departments-page');
const roles = () => import('../features/team/roles/roles-page');
const roleEditor = () => import('../features/team/roles/role-editor-page');

/** Administração: users, departments, roles (issue 12). */
export const administrationRoutes = [
  appRoute('users-list', lazyScreen(users, 'UsersPage')),
  appRoute('user-departments-list', lazyScreen(departments, 'DepartmentsPage')),
  appRoute('roles-list', lazyScreen(roles, 'RolesPage')),
  appRoute('roles-add', lazyScreen(roleEditor, 'RoleAddPage')),
  appRoute('roles-edit', lazyScreen(roleEditor, 'RoleEditPage')),
];

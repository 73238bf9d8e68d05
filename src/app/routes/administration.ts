import { appRoute, placeholderScreen } from './signed-in';

/** Administração: users, departments, roles. */
export const administrationRoutes = [
  appRoute('users-list', placeholderScreen),
  appRoute('user-departments-list', placeholderScreen),
  appRoute('roles-list', placeholderScreen),
  appRoute('roles-add', placeholderScreen),
  appRoute('roles-edit', placeholderScreen),
];

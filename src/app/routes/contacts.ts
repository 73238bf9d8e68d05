import { appRoute, placeholderScreen } from './signed-in';

/** Contatos: contacts, blocked contacts, knowledge. */
export const contactRoutes = [
  appRoute('customers-list', placeholderScreen),
  appRoute('numbers-blacklist-list', placeholderScreen),
  appRoute('knowledge-add', placeholderScreen),
  appRoute('knowledge-edit', placeholderScreen),
];

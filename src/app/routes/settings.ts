import { appRoute, placeholderScreen } from './signed-in';

/** Configurações: store settings and messages. */
export const settingsRoutes = [
  appRoute('configs-contract-proposal-pdf', placeholderScreen),
  appRoute('configs-dynamic-settings', placeholderScreen),
  appRoute('configs-closing-messages', placeholderScreen),
  appRoute('configs-nps-messages', placeholderScreen),
  appRoute('configs-quick-answers', placeholderScreen),
  appRoute('configs-client-form', placeholderScreen),
];

import { lazyScreen } from './lazy-screen';
import { appRoute } from './signed-in';

const settings = () => import('../features/settings/screens');

/** Configurações: store settings and messages. */
export const settingsRoutes = [
  appRoute('configs-contract-proposal-pdf', lazyScreen(settings, 'TermsPage')),
  appRoute('configs-dynamic-settings', lazyScreen(settings, 'DynamicSettingsPage')),
  appRoute('configs-closing-messages', lazyScreen(settings, 'ClosingMessagesPage')),
  appRoute('configs-nps-messages', lazyScreen(settings, 'NpsMessagesPage')),
  appRoute('configs-quick-answers', lazyScreen(settings, 'QuickAnswersPage')),
  appRoute('configs-client-form', lazyScreen(settings, 'ClientFormPage')),
];

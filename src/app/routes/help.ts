import { lazyScreen } from './lazy-screen';
import { appRoute } from './signed-in';

const help = () => import('../features/help/screens');

/** Ajuda: help pages. */
export const helpRoutes = [
  appRoute('help-training-videos', lazyScreen(help, 'TrainingVideosPage')),
  appRoute('help-whatsapp-protocol', lazyScreen(help, 'ProtocolPage')),
  appRoute('help-support', lazyScreen(help, 'SupportPage')),
  appRoute('help-rules', lazyScreen(help, 'RulesPage')),
];

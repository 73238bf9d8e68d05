import { appRoute, placeholderScreen } from './signed-in';

/** Ajuda: help pages. */
export const helpRoutes = [
  appRoute('help-training-videos', placeholderScreen),
  appRoute('help-whatsapp-protocol', placeholderScreen),
  appRoute('help-support', placeholderScreen),
  appRoute('help-rules', placeholderScreen),
];

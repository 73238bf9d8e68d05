import { appRoute, placeholderScreen } from './signed-in';

/** Campanhas: messaging campaigns. */
export const campaignRoutes = [
  appRoute('whatsapp-campaigns', placeholderScreen),
  appRoute('whatsapp-campaigns-add', placeholderScreen),
  appRoute('whatsapp-campaigns-edit', placeholderScreen),
];

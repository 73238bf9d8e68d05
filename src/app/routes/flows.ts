import { appRoute, placeholderScreen } from './signed-in';

/** Fluxos de conversa: passive and active chat flows. */
export const flowRoutes = [
  appRoute('chat-flows-list', placeholderScreen),
  appRoute('chat-flows-active-list', placeholderScreen),
];

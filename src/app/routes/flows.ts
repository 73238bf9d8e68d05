import { lazyScreen } from './lazy-screen';
import { appRoute } from './signed-in';

const flows = () => import('../features/flows/flows-page');

/** Fluxos de conversa: passive and active chat flows (issue 16). */
export const flowRoutes = [appRoute('chat-flows-list', lazyScreen(flows, 'PassiveFlowsPage')), appRoute('chat-flows-active-list', lazyScreen(flows, 'ActiveFlowsPage'))];

import { lazyScreen } from './lazy-screen';
import { appRoute } from './signed-in';

/** Minha conta: the signed-in user. */
export const accountRoutes = [
  appRoute('user-settings', lazyScreen(() => import('../features/account/account-page'), 'AccountPage')),
];

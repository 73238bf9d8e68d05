import { lazyScreen } from './lazy-screen';
import { appRoute } from './signed-in';

/** Conexões: the connection chooser and connection set-up. */
export const connectionRoutes = [
  appRoute('instances-list', lazyScreen(() => import('../features/instances/choose/choose-instance-page'), 'ChooseInstancePage')),
  appRoute('instances-build', lazyScreen(() => import('../features/instances/build/build-instance-page'), 'BuildInstancePage')),
  appRoute('instances-edit', lazyScreen(() => import('../features/instances/edit/edit-instance-page'), 'EditInstancePage')),
];

import { createRoute, redirect } from '@tanstack/react-router';
import type { RouteComponent } from '@tanstack/react-router';
import { canOpenRoute } from '../../shared/domain/permissions';
import { routeByName } from '../../shared/domain/routes';
import { featureState } from '../state/features';
import { isSignedIn, sessionFor } from '../state/session';
import { lazyScreen } from './lazy-screen';
import { tenantRoute } from './tenant';

const connectionServices = () => import('../features/instances/signed-in-services');
const tabSocket = () => import('../data/live/tab-socket');

/** Every signed-in page sits in the main layout; without a session the user goes to login (SPEC §2). */
export const signedInRoute = createRoute({
  getParentRoute: () => tenantRoute,
  id: 'signed-in',
  beforeLoad: ({ params, location }) => {
    if (!isSignedIn(params.tenant)) {
      throw redirect({ to: '/$tenant/login', params, search: { redirect: location.href } });
    }
    // The remembered connection's local database opens while this navigation loads the layout's and
    // the page's code; onEnter only runs once they have loaded.
    void connectionServices().then((m) => m.resumeActiveConnection(params.tenant));
  },
  component: lazyScreen(() => import('./signed-in-frame'), 'SignedInFrame'),
  onEnter: ({ params }) => {
    // The tab's one socket (DESIGN §5a): replication, notices and admin changes ride on it.
    void tabSocket().then((m) => m.startTabSocket(params.tenant));
    void connectionServices().then((m) => m.startConnectionServices(params.tenant));
  },
  onLeave: () => {
    void connectionServices().then((m) => m.stopConnectionServices());
    void tabSocket().then((m) => m.stopTabSocket());
  },
});

/** The shared screen of pages whose real screen a later issue builds. */
export const placeholderScreen = lazyScreen(() => import('../ui/placeholder-page'), 'PlaceholderPage');

/**
 * One signed-in page of the catalogue (src/shared/domain/routes.ts): its path, title, section and
 * access rule come from there by name. A route the role may not open goes to not-authorized,
 * checked on every navigation (SPEC §2).
 */
export function appRoute(name: string, screen: RouteComponent) {
  const route = routeByName(name);
  if (!route) throw new Error(`Route "${name}" is not in the catalogue`);
  return createRoute({
    getParentRoute: () => signedInRoute,
    path: route.path,
    staticData: { appRoute: route },
    beforeLoad: ({ params }) => {
      if (!canOpenRoute(route, sessionFor(params.tenant)?.user.role, featureState.flags)) {
        throw redirect({ to: '/$tenant/not-authorized', params: { tenant: params.tenant }, replace: true });
      }
    },
    component: screen,
  });
}

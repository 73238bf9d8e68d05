import { Navigate, Outlet, createRootRoute, createRoute, redirect, useParams } from '@tanstack/react-router';
import { lastTenant, sessionState } from '../state/session';
import { lazyScreen } from './lazy-screen';

export const rootRoute = createRootRoute({ component: Outlet });

/**
 * SPEC §2: a bare / goes to the coming-soon page, which needs no tenant. A browser that has signed
 * in before opens its tenant instead: '/' is the installed app's start_url, and the tenant is not
 * known any other way.
 */
export const rootIndexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    const tenant = sessionState.current?.tenant ?? lastTenant();
    if (tenant) throw redirect({ to: '/$tenant', params: { tenant }, replace: true });
    throw redirect({ to: '/pages/comingsoon', replace: true });
  },
});

export const comingSoonRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'pages/comingsoon',
  component: lazyScreen(() => import('../features/pages/status-pages'), 'ComingSoonPage'),
});

/** SPEC §2: unknown paths go to the tenant's pages/error-404. */
export function NotFoundRedirect() {
  const { tenant } = useParams({ strict: false });
  return tenant ? (
    <Navigate to="/$tenant/pages/error-404" params={{ tenant }} replace />
  ) : (
    <Navigate to="/pages/comingsoon" replace />
  );
}

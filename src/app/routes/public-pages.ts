import { createRoute } from '@tanstack/react-router';
import { lazyScreen } from './lazy-screen';
import { tenantRoute } from './tenant';

const statusPages = () => import('../features/pages/status-pages');

/** Public status pages of a tenant (SPEC §2): no main layout, no sign-in. */
export const publicPageRoutes = [
  createRoute({
    getParentRoute: () => tenantRoute,
    path: 'pages/comingsoon',
    component: lazyScreen(statusPages, 'ComingSoonPage'),
  }),
  createRoute({
    getParentRoute: () => tenantRoute,
    path: 'pages/error-404',
    component: lazyScreen(statusPages, 'NotFoundPage'),
  }),
  createRoute({
    getParentRoute: () => tenantRoute,
    path: 'pages/error-500',
    component: lazyScreen(statusPages, 'ServerErrorPage'),
  }),
  createRoute({
    getParentRoute: () => tenantRoute,
    path: 'pages/tenant-invalid',
    component: lazyScreen(statusPages, 'TenantInvalidPage'),
  }),
  createRoute({
    getParentRoute: () => tenantRoute,
    path: 'not-authorized',
    component: lazyScreen(statusPages, 'NotAuthorizedPage'),
  }),
] as const;

import { createRouter } from '@tanstack/react-router';
import type { AppRoute } from '../shared/domain/routes';
import { accountRoutes } from './routes/account';
import { administrationRoutes } from './routes/administration';
import { attendanceRoutes } from './routes/attendance';
import { campaignRoutes } from './routes/campaigns';
import { connectionRoutes } from './routes/connections';
import { contactRoutes } from './routes/contacts';
import { crmRoutes } from './routes/crm';
import { dashboardRoutes } from './routes/dashboard';
import { flowRoutes } from './routes/flows';
import { helpRoutes } from './routes/help';
import { ordersRoutes } from './routes/orders';
import { publicPageRoutes } from './routes/public-pages';
import { NotFoundRedirect, comingSoonRoute, rootIndexRoute, rootRoute } from './routes/root';
import { settingsRoutes } from './routes/settings';
import { signInRoutes } from './routes/sign-in';
import { signedInRoute } from './routes/signed-in';
import { templateRoutes } from './routes/templates';
import { tenantIndexRoute, tenantRoute } from './routes/tenant';
import { RouteError } from './ui/route-error';

export const routeTree = rootRoute.addChildren([
  rootIndexRoute,
  comingSoonRoute,
  tenantRoute.addChildren([
    tenantIndexRoute,
    ...publicPageRoutes,
    ...signInRoutes,
    signedInRoute.addChildren([
      ...dashboardRoutes,
      ...attendanceRoutes,
      ...crmRoutes,
      ...ordersRoutes,
      ...campaignRoutes,
      ...connectionRoutes,
      ...contactRoutes,
      ...flowRoutes,
      ...templateRoutes,
      ...administrationRoutes,
      ...settingsRoutes,
      ...helpRoutes,
      ...accountRoutes,
    ]),
  ]),
]);

export const createAppRouter = () =>
  createRouter({
    routeTree,
    defaultPreload: 'intent',
    defaultNotFoundComponent: NotFoundRedirect,
    defaultErrorComponent: RouteError,
    scrollRestoration: true,
  });

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
  interface StaticDataRouteOption {
    /** The catalogue entry of a signed-in page: title, section and access rule. */
    appRoute?: AppRoute;
  }
}

import { Navigate, Outlet, createRoute, redirect, useLocation } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { HOME_PATH } from '../../shared/domain/routes';
import { tenantVerdicts, verifyTenant } from '../api/tenant-check';
import { sessionFor } from '../state/session';
import { rootRoute } from './root';

const INVALID_PAGE = 'pages/tenant-invalid';

/**
 * `/$tenant`, the parent of every page. An unknown tenant (the server says TENANT_INVALID) goes to
 * pages/tenant-invalid: before the page shows when nobody is signed in here, in the background
 * otherwise, so a signed-in (or offline) app never waits for the question.
 */
export const tenantRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$tenant',
  beforeLoad: async ({ params, location }) => {
    if (location.pathname.endsWith(`/${INVALID_PAGE}`)) return;
    const verdict = verifyTenant(params.tenant);
    if (sessionFor(params.tenant)) return;
    if ((await verdict) === 'invalid') throw redirect({ to: '/$tenant/pages/tenant-invalid', params, replace: true });
  },
  component: TenantGate,
});

function TenantGate() {
  const { tenant } = tenantRoute.useParams();
  const verdict = useSnapshot(tenantVerdicts)[tenant];
  const onInvalidPage = useLocation({ select: (location) => location.pathname.endsWith(`/${INVALID_PAGE}`) });
  if (verdict === 'invalid' && !onInvalidPage) {
    return <Navigate to="/$tenant/pages/tenant-invalid" params={{ tenant }} replace />;
  }
  return <Outlet />;
}

/** SPEC §2: /:tenant opens the connection chooser. */
export const tenantIndexRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: '/',
  beforeLoad: ({ params }) => {
    throw redirect({ href: `/${params.tenant}/${HOME_PATH}`, replace: true });
  },
});

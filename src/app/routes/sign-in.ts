import { createRoute, redirect } from '@tanstack/react-router';
import { HOME_PATH } from '../../shared/domain/routes';
import { isSignedIn } from '../state/session';
import { lazyScreen } from './lazy-screen';
import { tenantRoute } from './tenant';

const optionalString = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/** Sign-in pages (SPEC §2, §5): public, without the main layout. */
export const loginRoute = createRoute({
  getParentRoute: () => tenantRoute,
  path: 'login',
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => ({ redirect: optionalString(search.redirect) }),
  beforeLoad: ({ params }) => {
    if (isSignedIn(params.tenant)) throw redirect({ href: `/${params.tenant}/${HOME_PATH}`, replace: true });
  },
  component: lazyScreen(() => import('../features/auth/login-page'), 'LoginPage'),
});

export const signInRoutes = [
  loginRoute,
  createRoute({
    getParentRoute: () => tenantRoute,
    path: 'forgot',
    component: lazyScreen(() => import('../features/auth/forgot-page'), 'ForgotPage'),
  }),
  createRoute({
    getParentRoute: () => tenantRoute,
    path: 'forgot/$token',
    component: lazyScreen(() => import('../features/auth/reset-password-page'), 'ResetPasswordPage'),
  }),
  createRoute({
    getParentRoute: () => tenantRoute,
    path: 'redirect',
    validateSearch: (search: Record<string, unknown>): { token?: string } => ({ token: optionalString(search.token) }),
    component: lazyScreen(() => import('../features/auth/redirect-page'), 'RedirectPage'),
  }),
] as const;

import { notifications } from '@mantine/notifications';
import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { HOME_PATH } from '../../../shared/domain/routes';
import { auth } from '../../../shared/i18n/pt-BR';
import { announceConnected, grantOf } from '../../api/auth-operations';
import type { LoginPayload } from '../../api/auth-operations';
import { startSession } from '../../state/session';

/** Only a page of the same tenant may be the target after sign-in (no open redirect). */
export const signInTarget = (tenant: string, redirect: string | undefined): string =>
  redirect && redirect.startsWith(`/${tenant}/`) && !redirect.startsWith(`/${tenant}/login`)
    ? redirect
    : `/${tenant}/${HOME_PATH}`;

/** Starts the session of a completed sign-in and opens the page the user wanted; false if incomplete. */
export function useFinishSignIn(tenant: string) {
  const router = useRouter();
  return useCallback(
    (payload: LoginPayload, remember: boolean, redirect?: string): boolean => {
      const granted = grantOf(payload);
      if (!granted) return false;
      startSession(tenant, granted.grant, granted.user, remember);
      notifications.show({ color: 'green', title: auth.loginSuccessTitle, message: auth.loginSuccessMessage });
      void announceConnected(tenant);
      router.history.push(signInTarget(tenant, redirect));
      return true;
    },
    [router, tenant],
  );
}

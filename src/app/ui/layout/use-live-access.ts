import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { filter, merge } from 'rxjs';
import { useSnapshot } from 'valtio';
import { canOpenRoute } from '../../../shared/domain/permissions';
import type { AppRoute } from '../../../shared/domain/routes';
import { reloadSignedInUser } from '../../api/auth-operations';
import { tabSocketAuthCloses$ } from '../../data/live/tab-socket';
import { MISSED_CHANGES, tenantChanges$, type TenantChange } from '../../data/live/tenant-changes';
import { featureState } from '../../state/features';
import { sessionState } from '../../state/session';

/** Whether a tenant change may concern the signed-in user's own access. */
const concernsMe = (change: TenantChange, userId: string, roleId: string): boolean =>
  change.kind === MISSED_CHANGES.kind ||
  (change.kind === 'roles' && (change.id === null || change.id === roleId)) ||
  (change.kind === 'users' && (change.id === null || change.id === userId));

/**
 * An administrator's change reaches a signed-in user at once (issue 12 §4): on a change of their
 * role or of themselves, and whenever the server closes the socket for the credentials (its
 * revalidation, a disconnection), the user is read again; the menu follows the new role, and a
 * page the role no longer opens gives way to not-authorized. A disconnected user goes to login.
 */
export function useLiveAccess(tenant: string, current: AppRoute | undefined): void {
  const session = useSnapshot(sessionState).current;
  const userId = session ? String(session.user.id) : '';
  const roleId = session ? String(session.user.role.id) : '';
  const navigate = useNavigate();

  useEffect(() => {
    if (!userId) return;
    let reading = false;
    let again = false;
    const reload = async (): Promise<void> => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      try {
        await reloadSignedInUser(tenant);
      } catch {
        // Offline: the next change or reconnect reads again. Unauthorized already went to login.
      } finally {
        reading = false;
        if (again) {
          again = false;
          void reload();
        }
      }
    };
    const subscription = merge(
      tenantChanges$.pipe(filter((change) => concernsMe(change, userId, roleId))),
      tabSocketAuthCloses$,
    ).subscribe(() => void reload());
    return () => subscription.unsubscribe();
  }, [tenant, userId, roleId]);

  const role = session?.user.role;
  const { flags } = useSnapshot(featureState);
  useEffect(() => {
    if (current && role && !canOpenRoute(current, role, flags)) {
      void navigate({ to: '/$tenant/not-authorized', params: { tenant }, replace: true });
    }
  }, [current, role, flags, tenant, navigate]);
}

import { subscribe } from 'valtio';
import { getAccessToken, refreshAccessToken } from '../../api/graphql-client';
import { sessionState, type Session } from '../../state/session';
import { pedbotDexieStorage } from '../database/dexie-storage';
import { ACCESS_TOKEN_MESSAGE } from '../replication/outbox-contract';
import { createHttpTransport, type SyncTransport } from '../replication/transport';
import { currentDataSession, endDataSession, startDataSession, type DataSession } from './data-session';

/**
 * The data session bound to the app shell: the signed-in session gives the user and the tokens,
 * the connection chooser calls `selectConnection`, and signing out (or an 'Unauthorized' answer,
 * which ends the session) stops replication and removes that user's local data.
 */
function tellServiceWorker(token: string | null): void {
  if (token) globalThis.navigator?.serviceWorker?.controller?.postMessage({ type: ACCESS_TOKEN_MESSAGE, token });
}

export function appTransport(tenant: string): SyncTransport {
  return createHttpTransport({
    endpoint: () => `${globalThis.location.origin}/${encodeURIComponent(tenant)}/graphql`,
    getToken: async (forceRefresh) => {
      const token = forceRefresh ? await refreshAccessToken().catch(() => null) : await getAccessToken();
      tellServiceWorker(token);
      return token;
    },
  });
}

const userOf = (session: Session) => ({
  id: String(session.user.id),
  roleName: session.user.role.name,
  departmentId: session.user.userDepartment ? String(session.user.userDepartment.id) : null,
  image: session.user.image,
});

/** Starts replication for the chosen connection (after sign-in); another connection restarts it. */
export function selectConnection(instanceId: string): Promise<DataSession> {
  const session = sessionState.current;
  if (!session) return Promise.reject(new Error('not signed in'));
  return startDataSession({
    tenant: session.tenant,
    user: userOf(session),
    instanceId: String(instanceId),
    transport: appTransport(session.tenant),
    storage: pedbotDexieStorage(),
    multiTab: true,
    watchStorage: true,
  });
}

let bound = false;

/** Call once at start-up: ends the data session (and wipes it) when the user signs out. */
export function bindDataSessionToApp(): void {
  if (bound) return;
  bound = true;
  subscribe(sessionState, () => {
    const running = currentDataSession();
    const session = sessionState.current;
    if (running && (!session || session.tenant !== running.scope.tenant || String(session.user.id) !== running.user.id)) {
      void endDataSession({ wipe: true });
    }
  });
}

import { subscribe } from 'valtio';
import { sessionState, type Session } from '../../state/session';
import { pedbotDexieStorage } from '../database/dexie-storage';
import { sessionToken, shareTabSocket } from '../live/tab-socket';
import { createHttpTransport, type SyncTransport } from '../replication/transport';
import { currentDataSession, endDataSession, startDataSession, type DataSession } from './data-session';

/**
 * The data session bound to the app shell: the signed-in session gives the user and the tokens,
 * the connection chooser calls `selectConnection`, and signing out (or an 'Unauthorized' answer,
 * which ends the session) stops replication and removes that user's local data.
 */
export function appTransport(tenant: string): SyncTransport {
  return createHttpTransport({
    endpoint: () => `${globalThis.location.origin}/${encodeURIComponent(tenant)}/graphql`,
    getToken: sessionToken,
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
    // One socket per tab (DESIGN §5a): replication rides on the one the signed-in area opened.
    createSocket: () => shareTabSocket(session.tenant),
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

import { BehaviorSubject, type Observable } from 'rxjs';
import { syncTexts } from '../texts';

/**
 * Connection health for the navbar indicator: online, syncing, or offline since HH:mm. The
 * replicating tab computes it from its socket, its replications and the browser's online flag;
 * other tabs mirror it (see sync-engine). A valtio store can copy it with `syncState$.subscribe`.
 */
export type SyncStatus = 'online' | 'syncing' | 'offline';

export interface SyncState {
  status: SyncStatus;
  /** When the connection was lost (epoch ms); null while online or syncing. */
  offlineSince: number | null;
  /** Outgoing messages not yet confirmed by the server. */
  pendingSends: number;
  /**
   * While a fresh database takes in its history (after sign-in, the first pulls): how many
   * documents are stored so far; null otherwise.
   */
  initialReceived: number | null;
  /** The indicator's text, in pt-BR. */
  label: string;
}

export interface SyncSignals {
  socketConnected: boolean;
  browserOnline: boolean;
  /** Any pull, push or side-load running. */
  active: boolean;
  /** The last request failed for lack of network. */
  requestFailing: boolean;
  pendingSends: number;
  /** Documents stored by the first pulls of a fresh database, until they are done; null otherwise. */
  initialReceived?: number | null;
}

export const INITIAL_SYNC_STATE: SyncState = {
  status: 'syncing',
  offlineSince: null,
  pendingSends: 0,
  initialReceived: null,
  label: syncTexts.syncing,
};

export function nextSyncState(previous: SyncState, signals: SyncSignals, now: number): SyncState {
  const offline = !signals.browserOnline || !signals.socketConnected || signals.requestFailing;
  if (offline) {
    const since = previous.offlineSince ?? now;
    return {
      status: 'offline',
      offlineSince: since,
      pendingSends: signals.pendingSends,
      initialReceived: null,
      label: syncTexts.offlineSince(since),
    };
  }
  const initialReceived = signals.initialReceived ?? null;
  const status: SyncStatus = signals.active || signals.pendingSends > 0 || initialReceived !== null ? 'syncing' : 'online';
  return {
    status,
    offlineSince: null,
    pendingSends: signals.pendingSends,
    initialReceived,
    label: initialReceived !== null ? syncTexts.initialSync(initialReceived) : status === 'online' ? syncTexts.online : syncTexts.syncing,
  };
}

const subject = new BehaviorSubject<SyncState>(INITIAL_SYNC_STATE);

/** The health of this tab's view of the server (process-wide: one signed-in session per tab). */
export const syncState$: Observable<SyncState> = subject.asObservable();

export const currentSyncState = (): SyncState => subject.getValue();

export function publishSyncState(state: SyncState): void {
  const previous = subject.getValue();
  if (
    previous.status !== state.status ||
    previous.offlineSince !== state.offlineSince ||
    previous.pendingSends !== state.pendingSends ||
    previous.initialReceived !== state.initialReceived ||
    previous.label !== state.label
  ) {
    subject.next(state);
  }
}

import { currentSyncState, syncState$, type SyncState } from '../health/sync-state';
import { useObservable } from './use-observable';

/** Connection health for the navbar: online, syncing, or offline since HH:mm (pt-BR label). */
export const useSyncState = (): SyncState => useObservable(() => syncState$, currentSyncState(), []);

import { currentDataSession, dataSession$, dataSessionStarting$, isDataSessionStarting, type DataSession } from '../session/data-session';
import { useObservable } from './use-observable';

/** The running data session (signed-in user, connection, sync engine) or null. */
export const useDataSession = (): DataSession | null => useObservable(() => dataSession$, currentDataSession(), []);

/** Whether a connection's data session is starting (so a screen without one waits rather than asks). */
export const useDataSessionStarting = (): boolean => useObservable(() => dataSessionStarting$, isDataSessionStarting(), []);

import { dataSession$, type DataSession } from '../session/data-session';
import { useObservable } from './use-observable';

/** The running data session (signed-in user, connection, sync engine) or null. */
export const useDataSession = (): DataSession | null => useObservable(() => dataSession$, null, []);

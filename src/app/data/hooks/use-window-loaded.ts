import { windowLoaded$ } from '../session/local-scope';
import { useDatabase } from './use-database';
import { useObservable } from './use-observable';

/** Whether the first ticket lists of this connection (SPEC §9's initial window) are in the local database. */
export function useWindowLoaded(): boolean {
  const db = useDatabase();
  return useObservable<boolean>(() => (db ? windowLoaded$(db) : null), false, [db]);
}

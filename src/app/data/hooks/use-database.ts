import { localDatabase$ } from '../session/data-session';
import type { PedbotDatabase } from '../schema';
import { useObservable } from './use-observable';

/** The open local database, or null before sign-in (for the hooks of this folder). */
export const useDatabase = (): PedbotDatabase | null => useObservable(() => localDatabase$, null, []);

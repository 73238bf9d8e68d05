import { map } from 'rxjs';
import type { ReferenceDoc } from '../schema';
import type { ReferenceKind } from '../schema/reference';
import { useDatabase } from './use-database';
import { useObservable } from './use-observable';

// One empty set for every answer without documents, so such an answer does not render again.
const NONE: never[] = [];

/** A reference set (quick answers, templates, users for transfer...) in the server's order, offline too. */
export function useReferences<T = Record<string, unknown>>(kind: ReferenceKind): T[] {
  const db = useDatabase();
  return useObservable<T[]>(
    () =>
      db
        ? db.references
            .find({ selector: { kind }, sort: [{ position: 'asc' }] })
            .$.pipe(map((docs) => (docs.length ? docs.map((d) => (d.toJSON() as ReferenceDoc).data as T) : NONE)))
        : null,
    NONE,
    [db, kind],
  );
}

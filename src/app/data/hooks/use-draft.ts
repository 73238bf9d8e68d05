import { useCallback } from 'react';
import { map } from 'rxjs';
import { saveDraft } from '../actions';
import type { DraftDoc } from '../schema';
import { useDatabase } from './use-database';
import { useObservable } from './use-observable';

/** A ticket's composer draft (local only) and its setter; empty text clears it. */
export function useDraft(ticketId: string | null): [DraftDoc | null, (text: string, replyToId?: string | null) => Promise<void>] {
  const db = useDatabase();
  const draft = useObservable(
    () => (db && ticketId ? db.drafts.findOne(ticketId).$.pipe(map((d) => (d ? (d.toJSON() as DraftDoc) : null))) : null),
    null,
    [db, ticketId],
  );
  const save = useCallback(
    (text: string, replyToId?: string | null) => (ticketId ? saveDraft(ticketId, text, replyToId) : Promise.resolve()),
    [ticketId],
  );
  return [draft, save];
}

import { map, type Observable } from 'rxjs';
import type { PedbotDatabase } from '../schema';

/**
 * Whose data the local database holds: one user and one connection ("messages are stored only
 * for the selected connection", SPEC §4). Another user starts from an empty database; another
 * connection of the same user drops the replicated data but keeps the outbox and the drafts
 * (sync-scope.ts `leaveConnection`). The user's role and department are not compared here: the
 * session's copy of them dates from sign-in, so the replication asks the server instead and
 * rebuilds the replicated data, keeping the outbox, when they changed (replication/sync-scope.ts).
 */
export interface LocalScope {
  tenant: string;
  userId: string;
  instanceId: string;
}

interface StoredScope extends LocalScope {
  windowLoaded: boolean;
}

const SCOPE_DOC = 'scope';

export type ScopeChange = { kind: 'same' | 'user' | 'new' } | { kind: 'connection'; previous: LocalScope };

export async function compareScope(db: PedbotDatabase, scope: LocalScope): Promise<ScopeChange> {
  const stored = (await db.getLocal<StoredScope>(SCOPE_DOC))?.toJSON().data;
  if (!stored) return { kind: 'new' };
  if (stored.tenant !== scope.tenant || stored.userId !== scope.userId) return { kind: 'user' };
  if (stored.instanceId === scope.instanceId) return { kind: 'same' };
  return { kind: 'connection', previous: { tenant: stored.tenant, userId: stored.userId, instanceId: stored.instanceId } };
}

export async function writeScope(db: PedbotDatabase, scope: LocalScope): Promise<void> {
  await db.upsertLocal<StoredScope>(SCOPE_DOC, { ...scope, windowLoaded: false });
}

export async function isWindowLoaded(db: PedbotDatabase): Promise<boolean> {
  return (await db.getLocal<StoredScope>(SCOPE_DOC))?.toJSON().data.windowLoaded ?? false;
}

export async function markWindowLoaded(db: PedbotDatabase): Promise<void> {
  const doc = await db.getLocal<StoredScope>(SCOPE_DOC);
  if (doc) await doc.incrementalModify((data) => ({ ...data, windowLoaded: true }));
}

/** Whether SPEC §9's initial window is in, live: until then an empty list means "not loaded yet", not "no tickets". */
export const windowLoaded$ = (db: PedbotDatabase): Observable<boolean> =>
  db.getLocal$<StoredScope>(SCOPE_DOC).pipe(map((doc) => doc?.toJSON().data.windowLoaded ?? false));

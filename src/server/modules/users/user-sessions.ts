import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import type { RequestContext } from '../../graphql/context';
import { revalidateSessions } from '../auth/session-events';

/**
 * Ends every session of a user in the caller's transaction: refresh tokens revoked and the session
 * epoch raised, so every access token already issued is refused on its next request (users/viewer.ts).
 */
export async function endUserSessions(tx: Tx, userId: number): Promise<void> {
  await tx
    .updateTable('users')
    .set((eb) => ({ session_epoch: eb('session_epoch', '+', 1), is_connected: false }))
    .where('id', '=', userId)
    .execute();
  await tx.updateTable('refresh_tokens').set({ revoked_at: sql<Date>`now()` }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}

/** After the commit: the user's open sockets close (or restart with their new scope) now. */
export const closeUserSockets = (context: RequestContext, userId: number): Promise<void> => revalidateSessions(context, userId);

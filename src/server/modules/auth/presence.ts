import { sql } from 'kysely';
import type { RequestContext } from '../../graphql/context';
import { unauthorized } from '../../graphql/errors';
import { revokeFamilyOf } from './refresh';

async function setConnected(context: RequestContext, userId: number, connected: boolean): Promise<void> {
  await context.database.withTenant(context.tenant.id, (tx) =>
    tx.updateTable('users').set({ is_connected: connected, last_seen_at: sql<Date>`now()` }).where('id', '=', userId).execute(),
  );
}

/** connected: the signed-in user is online (SPEC §7). */
export const markConnected = (context: RequestContext, userId: number) => setConnected(context, userId, true);

/**
 * disconnected (logout): revokes the session's refresh token family and marks the user offline.
 * The refresh token alone suffices, so a client whose access token expired can still sign out.
 */
export async function signOut(context: RequestContext, refreshToken: string | null): Promise<void> {
  const { database, tenant, viewer } = context;
  const owner = refreshToken ? await database.withTenant(tenant.id, (tx) => revokeFamilyOf(tx, refreshToken)) : null;
  const userId = viewer?.userId ?? owner;
  if (userId == null) throw unauthorized();
  await setConnected(context, userId, false);
}

import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../db/database';
import type { RequestContext } from '../../graphql/context';
import { unauthorized } from '../../graphql/errors';
import { revokeFamily, revokeFamilyOf } from './refresh';
import { revalidateSessions } from './session-events';

/**
 * Presence (SPEC §7 onlineUsers): a user is online while a tab of theirs holds a websocket, which
 * refreshes last_seen_at every PRESENCE_BEAT_MS; a tab closed without signing out (or a server gone)
 * stops that, so the user is offline once last_seen_at is older than ONLINE_WINDOW_SECONDS.
 */
export const ONLINE_WINDOW_SECONDS = 60;
export const PRESENCE_BEAT_MS = 20_000;

/** The online test as SQL on a users alias. */
export const isOnlineSql = (alias = 'u'): RawBuilder<boolean> =>
  sql<boolean>`(${sql.ref(`${alias}.is_connected`)} and ${sql.ref(`${alias}.last_seen_at`)} > now() - make_interval(secs => ${ONLINE_WINDOW_SECONDS}))`;

/** Marks users of one tenant online (or offline) now. */
export async function setPresence(database: Database, tenantId: number, userIds: readonly number[], connected: boolean): Promise<void> {
  if (userIds.length === 0) return;
  await database.withTenant(tenantId, (tx) =>
    tx
      .updateTable('users')
      .set({ is_connected: connected, last_seen_at: sql<Date>`now()` })
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', [...userIds])
      .execute(),
  );
}

/** connected: the signed-in user is online (SPEC §7). */
export const markConnected = (context: RequestContext, userId: number) => setPresence(context.database, context.tenant.id, [userId], true);

/**
 * disconnected (logout): revokes the session's refresh token family, which also ends its access
 * token at once (users/viewer.ts), closes that session's sockets and marks the user offline.
 * The refresh token alone suffices, so a client whose access token expired can still sign out.
 */
export async function signOut(context: RequestContext, refreshToken: string | null): Promise<void> {
  const { database, tenant, viewer } = context;
  const owner = refreshToken ? await database.withTenant(tenant.id, (tx) => revokeFamilyOf(tx, refreshToken)) : null;
  const sessionId = viewer?.sessionId;
  if (sessionId !== undefined) await database.withTenant(tenant.id, (tx) => revokeFamily(tx, viewer?.userId ?? 0, sessionId));
  const userId = viewer?.userId ?? owner;
  if (userId == null) throw unauthorized();
  await setPresence(database, tenant.id, [userId], false);
  await revalidateSessions(context, userId);
}

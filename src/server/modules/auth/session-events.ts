import type { RequestContext } from '../../graphql/context';
import type { PubSub } from '../../pubsub';

/**
 * "Look at this user's open websockets again now": published after a session ends (logout,
 * disconnectUser, deletion, block) or what a user may see changes (role, department, connections).
 * Every server process closes or restarts the matching sockets at once instead of at its next
 * periodic check (http/websocket.ts).
 */
export const SESSION_CHANNEL = 'user-sessions';

export interface SessionEvent {
  tenantId: number;
  /** Null: every user of the tenant (a role edit reaches all who have it). */
  userId: number | null;
}

export const isSessionEvent = (value: unknown): value is SessionEvent =>
  typeof value === 'object' && value !== null && typeof (value as SessionEvent).tenantId === 'number';

export function publishSessionEvent(pubsub: PubSub, event: SessionEvent): Promise<void> {
  return pubsub.publish(SESSION_CHANNEL, event);
}

/** The same from a request; a server without the sync engine has no sockets to tell. */
export async function revalidateSessions(context: RequestContext, userId: number | null): Promise<void> {
  const pubsub = context.services.sync?.pubsub;
  if (pubsub) await publishSessionEvent(pubsub, { tenantId: context.tenant.id, userId });
}

import type { ContextDeps } from '../graphql/request-context';
import { PRESENCE_BEAT_MS, setPresence } from '../modules/auth/presence';

interface Present {
  tenantId: number;
  userId: number;
}

/**
 * Presence from the sockets of this process (modules/auth/presence.ts): a user is online from their
 * first socket, kept online by a beat while one is open, and offline when their last one here closes
 * (a socket of theirs on another server process sets them online again at its next beat).
 */
export function presenceOf(live: ReadonlySet<Present>, deps: ContextDeps) {
  const onError = (error: unknown) => deps.services.logger.error({ err: error }, 'presence');
  const beat = () => {
    const byTenant = new Map<number, Set<number>>();
    for (const c of live) byTenant.set(c.tenantId, (byTenant.get(c.tenantId) ?? new Set()).add(c.userId));
    for (const [tenantId, users] of byTenant) setPresence(deps.database, tenantId, [...users], true).catch(onError);
  };
  const timer = setInterval(beat, PRESENCE_BEAT_MS);
  timer.unref();
  const stillPresent = (p: Present) => [...live].some((c) => c.tenantId === p.tenantId && c.userId === p.userId);
  return {
    opened: (p: Present) => void setPresence(deps.database, p.tenantId, [p.userId], true).catch(onError),
    closed: (p: Present) => {
      if (!stillPresent(p)) setPresence(deps.database, p.tenantId, [p.userId], false).catch(onError);
    },
    stop: () => clearInterval(timer),
  };
}

import { useRouter, useSearch } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { switchConnection } from '../../../state/connection-switch';
import { attendanceActions } from '../state/attendance-store';
import type { AttendanceContext } from './use-attendance-context';

const idOf = (value: unknown): string | null => (typeof value === 'string' || typeof value === 'number' ? String(value) : null);

/**
 * A link to one ticket, `chat/attendance?ticket=ID&instance=ID` (customers/list's "Abrir conversa",
 * report lines): on another connection, that connection is chosen first; once the screen attends
 * through it, the ticket opens and the link's parameters leave the address, so a reload or
 * another ticket is not overridden by it.
 */
export function useTicketLink(ctx: Pick<AttendanceContext, 'tenant' | 'instanceId'>): void {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const router = useRouter();
  const ticket = idOf(search.ticket);
  const instance = idOf(search.instance);
  const switched = useRef<string | null>(null);
  useEffect(() => {
    if (!ticket) return;
    if (instance && instance !== ctx.instanceId) {
      if (switched.current !== instance) {
        switched.current = instance;
        switchConnection(ctx.tenant, instance);
      }
      return;
    }
    if (!ctx.instanceId) return;
    attendanceActions.select(ticket);
    router.history.replace(router.state.location.pathname);
  }, [ticket, instance, ctx.tenant, ctx.instanceId, router]);
}

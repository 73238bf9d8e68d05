import { useEffect } from 'react';
import { attendanceActions, attendanceUi } from './state/attendance-store';
import { COMPOSE_SLASH_EVENT, isTypingTarget, neighbourTicketId } from './model/keyboard';
import type { RecordId } from './model/types';

/**
 * DESIGN §6a keyboard: Alt+↑/↓ moves between tickets, Esc closes the side panel or the message
 * search, `/` outside a text field opens the quick answers in the composer.
 */
export function useAttendanceKeys(ticketIds: readonly RecordId[], wide: boolean): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey && !e.ctrlKey && !e.metaKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
        e.preventDefault();
        const next = neighbourTicketId(ticketIds, attendanceUi.selectedId, e.key === 'ArrowDown' ? 1 : -1);
        if (next) attendanceActions.select(next);
        return;
      }
      if (e.key === 'Escape' && !e.defaultPrevented) {
        // Below xl the panel is a Mantine Drawer, which closes itself on Esc.
        if (attendanceUi.panel && wide) attendanceActions.openPanel(null);
        else if (attendanceUi.messageSearch.open) attendanceActions.openMessageSearch(false);
        return;
      }
      if (e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !isTypingTarget(e.target) && attendanceUi.selectedId) {
        e.preventDefault();
        window.dispatchEvent(new Event(COMPOSE_SLASH_EVENT));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [ticketIds, wide]);
}

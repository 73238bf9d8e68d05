import { useEffect } from 'react';
import { notifications } from '@mantine/notifications';
import { subscribeOnTabSocket } from '../../../data/live/tab-socket';
import { noticeFor, type TransferEvent } from '../model/transfer-notices';
import { attendanceActions } from '../state/attendance-store';
import { t } from '../texts';

/** A ticket event as the server's `ticketEvents` subscription sends it (attendance.graphql). */
export interface TicketEventPayload {
  kind: string;
  ticket_id: string;
  instance_id: string;
  customer_name: string | null;
  previous_user_id: string | null;
  previous_user_name: string | null;
  next_user_id: string | null;
  next_user_name: string | null;
  trigger_user_id: string | null;
  trigger_user_name: string | null;
  attendant_removed: boolean;
}

const TICKET_EVENTS = `subscription ($instance_id: ID!) {
  ticketEvents(instance_id: $instance_id) {
    kind ticket_id instance_id customer_name previous_user_id previous_user_name next_user_id next_user_name
    trigger_user_id trigger_user_name attendant_removed
  }
}`;

export const toTransferEvent = (e: TicketEventPayload): TransferEvent => ({
  ticketId: e.ticket_id,
  customerName: e.customer_name ?? '',
  nextUserId: e.next_user_id,
  nextUserName: e.next_user_name,
  previousUserId: e.previous_user_id,
  previousUserName: e.previous_user_name,
  triggerUserId: e.trigger_user_id,
  triggerUserName: e.trigger_user_name,
  attendantRemoved: e.attendant_removed,
});

/** What an event means for this viewer: a transfer notice, a research-cancelled notice, or nothing. */
export function handleTicketEvent(event: TicketEventPayload, viewerId: string, now: number): void {
  if (event.kind === 'transferred') {
    const notice = noticeFor(toTransferEvent(event), viewerId, now);
    if (notice) attendanceActions.pushNotice(notice);
    return;
  }
  if (event.kind === 'research_canceled' && event.next_user_id === viewerId && event.trigger_user_id !== viewerId) {
    notifications.show({ color: 'grape', title: t.researchCanceledTitle, message: t.researchCanceledMessage });
  }
}

/**
 * Listens to the connection's ticket events on every signed-in page (SPEC §4 notices), on the
 * tab's one socket, which reconnects on its own; events missed while offline are not replayed, as
 * they are notices of the moment (the tickets themselves arrive by replication).
 */
export function useTicketEvents(instanceId: string | null, viewerId: string): void {
  useEffect(() => {
    if (!instanceId || !viewerId) return;
    return subscribeOnTabSocket<{ ticketEvents: TicketEventPayload }>(TICKET_EVENTS, { instance_id: instanceId }, {
      next: (data) => handleTicketEvent(data.ticketEvents, viewerId, Date.now()),
      error: () => undefined,
      complete: () => undefined,
    });
  }, [instanceId, viewerId]);
}

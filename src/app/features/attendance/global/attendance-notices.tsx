import { useNavigate, useParams } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { useDataSession } from '../../../data/hooks';
import { sessionState } from '../../../state/session';
import { useTicketEvents } from '../data/use-ticket-events';
import { TransferNoticesStack } from '../lifecycle/transfer-notices-stack';
import { attendanceActions, attendanceUi } from '../state/attendance-store';

/**
 * 'Atendimento Recebido' / 'Atendimento Transferido' on every signed-in page, not only on
 * chat/attendance (issue 12 §6): the ticket events of the chosen connection, heard on the tab's
 * socket; a click opens the ticket in Atendimentos.
 */
export function AttendanceNotices() {
  const { tenant } = useParams({ from: '/$tenant' });
  const navigate = useNavigate();
  const data = useDataSession();
  const viewerId = String(useSnapshot(sessionState).current?.user.id ?? '');
  const ui = useSnapshot(attendanceUi);
  useTicketEvents(data?.scope.instanceId ?? null, viewerId);
  return (
    <TransferNoticesStack
      notices={ui.notices}
      leaving={ui.leaving}
      onOpen={(id) => {
        attendanceActions.select(id);
        void navigate({ href: `/${tenant}/chat/attendance` });
      }}
      onClear={(id) => attendanceActions.clearNotice(id)}
    />
  );
}

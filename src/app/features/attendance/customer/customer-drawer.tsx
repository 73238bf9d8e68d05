import { Drawer } from '@mantine/core';
import { t } from '../texts';
import type { TicketView } from '../model/types';
import { attendanceActions, type SidePanel } from '../state/attendance-store';
import type { AttendanceContext } from '../data/use-attendance-context';
import { CustomerPanel } from './customer-panel';

/** The customer panel as a drawer, for windows too narrow to show it beside the conversation. */
export function CustomerDrawer({
  opened,
  ctx,
  ticket,
  panel,
  userName,
}: {
  opened: boolean;
  ctx: AttendanceContext;
  ticket: TicketView;
  panel: SidePanel;
  userName: (id: string | null | undefined) => string | null;
}) {
  return (
    <Drawer
      opened={opened}
      onClose={() => attendanceActions.openPanel(null)}
      position="right"
      size={380}
      withCloseButton={false}
      padding={0}
      title={undefined}
      aria-label={panel === 'customer' ? t.customerDetails : t.previousTickets}
      styles={{ body: { height: '100%', display: 'flex', flexDirection: 'column' } }}
    >
      {panel && <CustomerPanel ctx={ctx} ticket={ticket} panel={panel} userName={userName} />}
    </Drawer>
  );
}

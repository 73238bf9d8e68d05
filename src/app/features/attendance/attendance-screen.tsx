import './attendance.css';
import { useCallback, useDeferredValue, useEffect, useMemo } from 'react';
import { Drawer } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useSnapshot } from 'valtio';
import { t } from './texts';
import { attendanceActions, attendanceUi } from './state/attendance-store';
import { useAttendanceContext } from './data/use-attendance-context';
import { useTicketList } from './data/use-ticket-list';
import { useSelectedTicket } from './data/use-selected-ticket';
import { useReferencesView } from './data/use-references-view';
import { refreshAttendanceReferences } from './data/reference-refresh';
import { useTicketEvents } from './data/use-ticket-events';
import { TicketListPane } from './list/ticket-list-pane';
import { ConversationView } from './conversation/conversation-view';
import { CustomerPanel } from './customer/customer-panel';
import { TransferNoticesStack } from './lifecycle/transfer-notices-stack';
import { EmptyHint } from './ui/empty-hint';
import { useNow } from './ui/use-now';
import { useFillHeight } from './ui/use-fill-height';
import { useAttendanceKeys } from './use-attendance-keys';
import { isPickable } from '../../../shared/domain/tickets';

/**
 * chat/attendance (SPEC §2): ticket list, conversation and customer panel, all rendered from the
 * local database. Below md one pane shows at a time; up to xl the customer panel is a drawer.
 */
export function AttendanceScreen() {
  const ctx = useAttendanceContext();
  const ui = useSnapshot(attendanceUi);
  const now = useNow();
  const refs = useReferencesView();
  const search = useDeferredValue(ui.search);
  const list = useTicketList(ctx, { tab: ui.tab, isCampaign: ui.isCampaign, search }, refs.userName, now);
  const ticket = useSelectedTicket(list.tickets, ui.selectedId);
  const wide = useMediaQuery('(min-width: 75em)', true) ?? true;
  const [fillRef, height] = useFillHeight<HTMLDivElement>();
  useTicketEvents(ctx);

  const { tenant, instanceId, online } = ctx;
  const official = ctx.connection?.official === true;
  useEffect(() => {
    if (online && instanceId) void refreshAttendanceReferences({ tenant, instanceId, official });
  }, [tenant, instanceId, online, official]);

  const ids = useMemo(() => list.tickets.map((x) => x.id), [list.tickets]);
  useAttendanceKeys(ids, wide);
  const open = useCallback((id: string | number) => attendanceActions.select(String(id)), []);
  const panel = ticket ? ui.panel : null;

  return (
    <>
      <div
        ref={fillRef}
        className="pb-att-screen"
        style={{ height }}
        data-has-ticket={ticket ? true : undefined}
        data-panel-open={panel && wide ? true : undefined}
      >
        <TicketListPane
          tab={ui.tab}
          onTabChange={attendanceActions.setTab}
          isCampaign={ui.isCampaign}
          onKindChange={attendanceActions.setCampaign}
          tabCounts={list.tabCounts}
          kindCounts={list.kindCounts}
          search={ui.search}
          onSearchChange={attendanceActions.setSearch}
          tickets={list.tickets}
          rowOf={list.rowOf}
          selectedId={ui.selectedId}
          onOpen={open}
          loading={list.loading}
          onLoadMore={list.loadMore}
        />
        <section className="pb-att-conversation-pane" aria-label={t.messages}>
          {ticket ? (
            <ConversationView
              key={String(ticket.id)}
              ctx={ctx}
              ticket={ticket}
              now={now}
              pickable={isPickable(ticket, list.pickable)}
              userName={refs.userName}
              refs={refs}
            />
          ) : (
            <EmptyHint title={t.selectTicket} hint={t.selectTicketHint} icon="note" />
          )}
        </section>
        {panel && wide && ticket && (
          <aside className="pb-att-panel" aria-label={panel === 'customer' ? t.customerDetails : t.previousTickets}>
            <CustomerPanel ctx={ctx} ticket={ticket} panel={panel} userName={refs.userName} />
          </aside>
        )}
      </div>
      <Drawer
        opened={!!panel && !wide && !!ticket}
        onClose={() => attendanceActions.openPanel(null)}
        position="right"
        size={380}
        withCloseButton={false}
        padding={0}
        title={undefined}
        aria-label={panel === 'customer' ? t.customerDetails : t.previousTickets}
        styles={{ body: { height: '100%', display: 'flex', flexDirection: 'column' } }}
      >
        {panel && ticket && <CustomerPanel ctx={ctx} ticket={ticket} panel={panel} userName={refs.userName} />}
      </Drawer>
      <TransferNoticesStack
        notices={ui.notices}
        leaving={ui.leaving}
        onOpen={(id) => attendanceActions.select(id)}
        onClear={(id) => attendanceActions.clearNotice(id)}
      />
    </>
  );
}

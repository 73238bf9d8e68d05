import './attendance.css';
import { useCallback, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { Center, Loader } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useSnapshot } from 'valtio';
import { t } from './texts';
import { attendanceActions, attendanceUi } from './state/attendance-store';
import { useAttendanceContext, type AttendanceContext } from './data/use-attendance-context';
import { NoConnection } from './ui/no-connection';
import { FIRST_WINDOW, useTicketList } from './data/use-ticket-list';
import { OPENING_WINDOW } from './data/use-conversation';
import { useSelectedTicket } from './data/use-selected-ticket';
import { useTicketLink } from './data/use-ticket-link';
import { useReferencesView } from './data/use-references-view';
import { refreshAttendanceReferences } from './data/reference-refresh';
import { useLiveReferences } from './data/use-live-references';
import { TicketListPane } from './list/ticket-list-pane';
import { EmptyHint } from './ui/empty-hint';
import { useNow } from './ui/use-now';
import { useFillHeight } from './ui/use-fill-height';
import { useAttendanceKeys } from './use-attendance-keys';
import { useStoredScreen } from './data/use-stored-screen';
import { dismissStoredScreen } from '../../boot/stored-screen/overlay';
import { deferred } from './ui/deferred';
import { whenIdle } from './ui/when-idle';
import { isPickable } from '../../../shared/domain/tickets';
import { prefetchMessages, prefetchTickets } from '../../data/actions';
import { useDataSessionStarting, useReferences, useWindowLoaded } from '../../data/hooks';
import type { CategoryOption } from './list/category-filter';

const noTicketHint = <EmptyHint title={t.selectTicket} hint={t.selectTicketHint} icon="note" />;

const paneLoading = (
  <Center h="100%" role="status" aria-label={t.loadingMessages}>
    <Loader size="sm" />
  </Center>
);

// The conversation and the customer panel are their own chunks, so the ticket list paints without
// their code; they are fetched as soon as the list has painted, before an attendant opens a ticket.
const Conversation = deferred(() => import('./conversation/conversation-view').then((m) => m.ConversationView), paneLoading);
const Customer = deferred(() => import('./customer/customer-panel').then((m) => m.CustomerPanel), paneLoading);
const CustomerDrawer = deferred(() => import('./customer/customer-drawer').then((m) => m.CustomerDrawer));
const prefetch = () => void Promise.all([Conversation.preload(), Customer.preload(), CustomerDrawer.preload()]).catch(() => undefined);

// The list's first page is read as soon as the local database is open, while this screen renders.
prefetchTickets({ tab: attendanceUi.tab, isCampaign: attendanceUi.isCampaign, limit: FIRST_WINDOW });

/**
 * chat/attendance (SPEC §2): ticket list, conversation and customer panel, all rendered from the
 * local database. Below md one pane shows at a time; up to xl the customer panel is a drawer.
 */
export function AttendanceScreen() {
  const ctx = useAttendanceContext();
  const starting = useDataSessionStarting();
  useTicketLink(ctx);
  const noConnection = !ctx.instanceId && !starting;
  useLayoutEffect(() => {
    if (noConnection) dismissStoredScreen(document);
  }, [noConnection]);
  if (!ctx.instanceId) return <NoConnection tenant={ctx.tenant} starting={starting} />;
  return <Console ctx={ctx} />;
}

function Console({ ctx }: { ctx: AttendanceContext }) {
  const ui = useSnapshot(attendanceUi);
  const now = useNow();
  const refs = useReferencesView();
  const search = useDeferredValue(ui.search);
  const categories = useReferences<CategoryOption>('categories');
  // A category deleted meanwhile no longer narrows the list (its tickets were untagged).
  const chosen = ui.categoryIds;
  const categoryIds = useMemo(() => chosen.filter((id) => categories.some((c) => String(c.id) === id)), [chosen, categories]);
  const list = useTicketList(ctx, { tab: ui.tab, isCampaign: ui.isCampaign, search, categoryIds }, refs.userName, now);
  const ticket = useSelectedTicket(list.tickets, ui.selectedId);
  const wide = useMediaQuery('(min-width: 75em)', true) ?? true;
  const [fillRef, height] = useFillHeight<HTMLDivElement>();

  const { tenant, instanceId, online } = ctx;
  const official = ctx.connection?.official === true;
  useEffect(() => {
    if (online && instanceId) void refreshAttendanceReferences({ tenant, instanceId, official });
  }, [tenant, instanceId, online, official]);
  useLiveReferences(instanceId ? { tenant, instanceId, official } : null);

  const hasTickets = list.tickets.length > 0;
  // After sign-in an empty list says nothing until the first lists are in: it shows as loading, not as an empty Fila.
  const windowLoaded = useWindowLoaded();
  useEffect(() => {
    if (hasTickets) return whenIdle(prefetch, 500);
  }, [hasTickets]);

  const ids = useMemo(() => list.tickets.map((x) => x.id), [list.tickets]);
  useAttendanceKeys(ids, wide);
  // Opening a ticket starts reading its conversation before the conversation renders.
  const latest = useRef({ tickets: list.tickets, instanceId });
  useEffect(() => {
    latest.current = { tickets: list.tickets, instanceId };
  });
  const open = useCallback((id: string | number) => {
    const { tickets, instanceId: connection } = latest.current;
    const opening = tickets.find((x) => String(x.id) === String(id));
    if (opening && connection) prefetchMessages(String(opening.customer_id), connection, OPENING_WINDOW);
    attendanceActions.select(String(id));
  }, []);
  const panel = ticket ? ui.panel : null;
  const live = !list.loading && (windowLoaded || !!search.trim());
  const drawn = useMemo(() => [list.tickets, list.tabCounts, list.kindCounts, now, ticket], [list.tickets, list.tabCounts, list.kindCounts, now, ticket]);
  useStoredScreen({
    owner: { tenant, userId: ctx.viewer.userId },
    view: { tab: ui.tab, isCampaign: ui.isCampaign, selectedId: ui.selectedId },
    live,
    plain: !ui.search && ui.categoryIds.length === 0,
    drawn,
    onOpen: open,
  });

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
          categories={categories}
          categoryIds={categoryIds}
          onCategoriesChange={attendanceActions.setCategories}
          tickets={list.tickets}
          rowOf={list.rowOf}
          selectedId={ui.selectedId}
          onOpen={open}
          loading={!live}
          onLoadMore={list.loadMore}
        />
        <section className="pb-att-conversation-pane" aria-label={t.messages}>
          {ticket ? (
            <Conversation.Component
              key={String(ticket.id)}
              ctx={ctx}
              ticket={ticket}
              now={now}
              pickable={isPickable(ticket, list.pickable)}
              userName={refs.userName}
              refs={refs}
            />
          ) : (
            noTicketHint
          )}
        </section>
        {panel && wide && ticket && (
          <aside className="pb-att-panel" aria-label={panel === 'customer' ? t.customerDetails : t.previousTickets}>
            <Customer.Component ctx={ctx} ticket={ticket} panel={panel} userName={refs.userName} />
          </aside>
        )}
      </div>
      {ticket && <CustomerDrawer.Component opened={!!panel && !wide} ctx={ctx} ticket={ticket} panel={panel} userName={refs.userName} />}
    </>
  );
}

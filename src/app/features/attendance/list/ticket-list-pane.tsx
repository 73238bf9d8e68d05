import { memo, useCallback, type ReactNode } from 'react';
import { ActionIcon, Badge, Button, Center, Group, Loader, SegmentedControl, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { attendanceTexts } from '../../../../shared/i18n/pt-BR';
import { Icon } from '../ui/icons';
import { t } from '../texts';
import type { RecordId, TicketTab, TicketView } from '../model/types';
import { VirtualList } from './virtual-list';
import { TICKET_ROW_HEIGHT, TicketRow } from './ticket-row';
import type { TicketRowData } from './ticket-row-model';
import { EmptyHint } from '../ui/empty-hint';
import { useServerPages, type ServerPagingStatus } from './use-server-pages';
import { CategoryFilter, type CategoryOption } from './category-filter';

export const TAB_ORDER: readonly TicketTab[] = ['inbox', 'my_chats', 'opened', 'closed'];

export interface TicketListPaneProps {
  tab: TicketTab;
  onTabChange: (tab: TicketTab) => void;
  isCampaign: boolean;
  onKindChange: (isCampaign: boolean) => void;
  /** Counts per tab for the chosen kind; a tab without a count shows none. */
  tabCounts: Partial<Record<TicketTab, number>>;
  /** Counts of the current tab per kind. */
  kindCounts: { attendance?: number; campaign?: number };
  search: string;
  onSearchChange: (value: string) => void;
  /** The tenant's categories; the filter shows only when there are some. */
  categories: readonly CategoryOption[];
  categoryIds: readonly string[];
  onCategoriesChange: (ids: string[]) => void;
  tickets: readonly TicketView[];
  rowOf: (ticket: TicketView) => TicketRowData;
  selectedId: RecordId | null;
  onOpen: (id: RecordId) => void;
  loading: boolean;
  /** Grows the local window; past the local database the pane asks the server for the next page. */
  onLoadMore?: () => void;
}

const FOOTER_HEIGHT = 48;

/** The row after the last ticket: the next page loading, the end of the list, or why nothing more comes. */
export function ListFooter({ status, onRetry }: { status: ServerPagingStatus; onRetry: () => void }) {
  const line = (content: ReactNode, role?: 'status') => (
    <Center h={FOOTER_HEIGHT} px="sm" role={role} aria-live={role ? 'polite' : undefined} data-testid="ticket-list-footer" data-status={status}>
      {content}
    </Center>
  );
  switch (status) {
    case 'loading':
      return line(
        <Group gap={8} wrap="nowrap">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {t.loadingMore}
          </Text>
        </Group>,
        'status',
      );
    case 'ended':
      return line(
        <Text size="xs" c="dimmed">
          {attendanceTexts.listEnd}
        </Text>,
      );
    case 'offline':
      return line(
        <Text size="xs" c="dimmed" ta="center">
          {attendanceTexts.listOffline}
        </Text>,
      );
    case 'failed':
      return line(
        <Group gap={6} wrap="nowrap">
          <Text size="xs" c="red">
            {attendanceTexts.listLoadFailed}
          </Text>
          <Button size="compact-xs" variant="light" onClick={onRetry}>
            {t.retry}
          </Button>
        </Group>,
      );
    case 'more':
      return line(
        <Button size="compact-sm" variant="subtle" onClick={onRetry}>
          {attendanceTexts.listLoadMore}
        </Button>,
      );
    default:
      return line(null);
  }
}

const EMPTY: Record<TicketTab, { title: string; hint: string }> = {
  inbox: { title: t.emptyInbox, hint: t.emptyInboxHint },
  my_chats: { title: t.emptyMine, hint: t.emptyMineHint },
  opened: { title: t.emptyOpened, hint: t.emptyOpenedHint },
  closed: { title: t.emptyClosed, hint: t.emptyClosedHint },
};

const countBadge = (n: number | undefined, active: boolean) =>
  n === undefined || n === 0 ? null : (
    <Badge size="xs" variant={active ? 'white' : 'light'} circle={n < 10} aria-hidden="true" px={n < 10 ? 0 : 4}>
      {n > 999 ? '999+' : n}
    </Badge>
  );

/**
 * The tabs, the search and the list. Rendered again only when its own props change: the screen
 * around it also renders for the conversation, the references and the clock.
 */
export const TicketListPane = memo(function TicketListPane(props: TicketListPaneProps) {
  const { tab, isCampaign, tickets, rowOf, selectedId, onOpen, search, tabCounts, kindCounts, categoryIds } = props;
  const selectedIndex = selectedId === null ? -1 : tickets.findIndex((x) => String(x.id) === String(selectedId));
  const renderRow = useCallback(
    (index: number) => {
      const ticket = tickets[index];
      if (!ticket) return null;
      return <TicketRow row={rowOf(ticket)} selected={String(ticket.id) === String(selectedId)} onOpen={onOpen} />;
    },
    [tickets, rowOf, selectedId, onOpen],
  );
  const getKey = useCallback((index: number) => String(tickets[index]?.id ?? index), [tickets]);
  const empty = search.trim()
    ? { title: t.emptySearch, hint: t.emptySearchHint }
    : categoryIds.length
      ? { title: t.emptyCategories, hint: t.emptyCategoriesHint }
      : EMPTY[tab];
  const kindLabel = (label: string, n: number | undefined) => (n === undefined ? label : `${label} (${n})`);
  const paging = useServerPages({ tab, isCampaign, search, categories: categoryIds.join(','), count: tickets.length, onLoadLocal: props.onLoadMore });
  const searchingServer = search.trim() !== '' && paging.status === 'loading';

  return (
    <section className="pb-att-list-pane" aria-label={t.ticketList}>
      <Stack gap={8} p={10} pb={6}>
        <Tabs value={tab} onChange={(v) => v && props.onTabChange(v as TicketTab)} variant="pills" radius="md">
          <Tabs.List aria-label={t.tabsLabel} grow style={{ flexWrap: 'nowrap', gap: 2 }}>
            {TAB_ORDER.map((key) => (
              <Tabs.Tab
                key={key}
                value={key}
                px={6}
                py={6}
                styles={{ tabSection: { marginInlineStart: 4 } }}
                rightSection={countBadge(tabCounts[key], key === tab)}
                aria-label={tabCounts[key] === undefined ? t.tabs[key] : `${t.tabs[key]} (${tabCounts[key]})`}
              >
                <Text size="xs" fw={600} span>
                  {t.tabs[key]}
                </Text>
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <SegmentedControl
          size="xs"
          fullWidth
          aria-label={t.kindLabel}
          value={isCampaign ? 'campaign' : 'attendance'}
          onChange={(v) => props.onKindChange(v === 'campaign')}
          data={[
            { value: 'attendance', label: kindLabel(t.kindAttendance, kindCounts.attendance) },
            { value: 'campaign', label: kindLabel(t.kindCampaign, kindCounts.campaign) },
          ]}
        />
        <TextInput
          size="sm"
          type="search"
          aria-label={t.searchTickets}
          placeholder={t.searchTicketsPlaceholder}
          value={search}
          onChange={(e) => props.onSearchChange(e.currentTarget.value)}
          leftSection={<Icon name="search" size={16} />}
          rightSection={
            search ? (
              <ActionIcon variant="subtle" size="sm" aria-label={t.clearSearch} onClick={() => props.onSearchChange('')}>
                <Icon name="x" size={14} />
              </ActionIcon>
            ) : null
          }
        />
        {props.categories.length > 0 && <CategoryFilter categories={props.categories} value={categoryIds} onChange={props.onCategoriesChange} />}
      </Stack>
      <div className="pb-att-list-body">
        {(props.loading || searchingServer) && tickets.length === 0 ? (
          <Center h="100%" role="status" aria-live="polite">
            <Stack align="center" gap={6}>
              <Loader size="sm" />
              <Text size="sm" c="dimmed">
                {searchingServer ? attendanceTexts.searchingServer : t.loadingTickets}
              </Text>
            </Stack>
          </Center>
        ) : tickets.length === 0 ? (
          <EmptyHint title={empty.title} hint={empty.hint} icon={search.trim() ? 'search' : 'note'} />
        ) : (
          <VirtualList
            count={tickets.length}
            rowHeight={TICKET_ROW_HEIGHT}
            renderRow={renderRow}
            getKey={getKey}
            ariaLabel={`${t.tabs[tab]} · ${isCampaign ? t.kindCampaign : t.kindAttendance}`}
            activeIndex={selectedIndex}
            onNearEnd={paging.onNearEnd}
            footer={<ListFooter status={paging.status} onRetry={paging.retry} />}
            footerHeight={FOOTER_HEIGHT}
          />
        )}
      </div>
    </section>
  );
});

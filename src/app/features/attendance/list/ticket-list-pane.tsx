import { useCallback } from 'react';
import { ActionIcon, Badge, Center, Loader, SegmentedControl, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { Icon } from '../ui/icons';
import { t } from '../texts';
import type { RecordId, TicketTab, TicketView } from '../model/types';
import { VirtualList } from './virtual-list';
import { TICKET_ROW_HEIGHT, TicketRow } from './ticket-row';
import type { TicketRowData } from './ticket-row-model';
import { EmptyHint } from '../ui/empty-hint';

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
  tickets: readonly TicketView[];
  rowOf: (ticket: TicketView) => TicketRowData;
  selectedId: RecordId | null;
  onOpen: (id: RecordId) => void;
  loading: boolean;
  loadingMore?: boolean;
  onLoadMore?: () => void;
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

export function TicketListPane(props: TicketListPaneProps) {
  const { tab, isCampaign, tickets, rowOf, selectedId, onOpen, search, tabCounts, kindCounts } = props;
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
  const empty = search.trim() ? { title: t.emptySearch, hint: t.emptySearchHint } : EMPTY[tab];
  const kindLabel = (label: string, n: number | undefined) => (n === undefined ? label : `${label} (${n})`);

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
      </Stack>
      <div className="pb-att-list-body">
        {props.loading && tickets.length === 0 ? (
          <Center h="100%" role="status" aria-live="polite">
            <Stack align="center" gap={6}>
              <Loader size="sm" />
              <Text size="sm" c="dimmed">
                {t.loadingTickets}
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
            onNearEnd={props.onLoadMore}
          />
        )}
        {props.loadingMore && (
          <Center pos="absolute" bottom={8} left={0} right={0} role="status">
            <Badge variant="default" leftSection={<Loader size={10} />}>
              {t.loadingMore}
            </Badge>
          </Center>
        )}
      </div>
    </section>
  );
}

import { Paper, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { fetchTicketsBehind, type ReportFilter } from '../api/report-operations';
import { dateTime } from '../model/format';
import { dashboardTexts as t } from '../texts';
import { ConversationLink } from './conversation-link';
import { LoadState } from './load-state';

export interface DrillPoint {
  metric: string;
  day: string | null;
  hour: number | null;
  label: string;
}

/** The tickets behind a chart point: the same cells that made the number. */
export function TicketsBehind({ tenant, filter, point }: { tenant: string; filter: ReportFilter; point: DrillPoint | null }) {
  const tickets = useQuery({
    queryKey: ['reportTickets', tenant, filter, point],
    queryFn: ({ signal }) => fetchTicketsBehind(tenant, filter, point!.metric, point!.day, point!.hour, signal),
    enabled: point !== null,
  });
  return (
    <Paper withBorder radius="md" p="sm" aria-label={t.drillTitle}>
      <Title order={3} size="h5" mb="xs">
        {t.drillTitle}
        {point ? ` — ${point.label}` : ''}
      </Title>
      {point === null ? (
        <Text size="sm" c="dimmed">
          {t.drillHint}
        </Text>
      ) : (
        <LoadState loading={tickets.isPending} error={tickets.error} empty={tickets.data?.length === 0} emptyText={t.drillEmpty}>
          <DataTable
            withTableBorder
            striped
            fz="sm"
            records={tickets.data ?? []}
            idAccessor="id"
            columns={[
              { accessor: 'protocol', title: t.protocol, render: (r) => r.protocol ?? `#${r.id}` },
              { accessor: 'customer_name', title: t.customer },
              { accessor: 'user_name', title: t.attendant, render: (r) => r.user_name ?? '—' },
              { accessor: 'created_at', title: t.openedAt, render: (r) => dateTime(r.created_at) },
              { accessor: 'finished_at', title: t.closedAt, render: (r) => dateTime(r.finished_at) },
              {
                accessor: 'open',
                title: '',
                render: (r) => <ConversationLink tenant={tenant} ticketId={r.id} instanceId={r.instance_id} />,
              },
            ]}
          />
        </LoadState>
      )}
    </Paper>
  );
}

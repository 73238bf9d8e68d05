import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDuration } from '../../../../shared/domain/metrics';
import { fetchLiveQueue } from '../api/report-operations';
import { formatCount } from '../model/format';
import { dashboardTexts as t } from '../texts';
import { LoadState } from './load-state';

/** Read again every 5 s: the queue moves by the minute and managers watch it. */
const LIVE_INTERVAL_MS = 5_000;

export function LiveQueue({ tenant, instanceId }: { tenant: string; instanceId: string | null }) {
  const ids = instanceId ? [instanceId] : undefined;
  const live = useQuery({
    queryKey: ['reportLiveQueue', tenant, ids ?? null],
    queryFn: ({ signal }) => fetchLiveQueue(tenant, ids, signal),
    refetchInterval: LIVE_INTERVAL_MS,
    staleTime: 0,
  });
  const q = live.data;
  return (
    <Paper withBorder radius="md" p="sm" aria-label={t.liveQueue}>
      <Title order={3} size="h5" mb="xs">
        {t.liveQueue}
      </Title>
      <LoadState loading={live.isPending} error={live.error} onRetry={() => void live.refetch()}>
        {q && (
          <Stack gap="xs">
            <Group gap="xl">
              <Figure label={t.liveWaiting} value={formatCount(q.waiting)} testId="live-waiting" />
              <Figure label={t.liveLongest} value={q.longest_wait_seconds === null ? '—' : formatDuration(q.longest_wait_seconds * 1000)} testId="live-longest" />
              <Figure label={t.liveInService} value={formatCount(q.in_service)} testId="live-in-service" />
            </Group>
            {q.attendants.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t.liveNone}
              </Text>
            ) : (
              <Table striped withTableBorder fz="sm" aria-label={t.liveAttendants}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t.attendant}</Table.Th>
                    <Table.Th>{t.status}</Table.Th>
                    <Table.Th ta="right">{t.openTickets}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {q.attendants.map((a) => (
                    <Table.Tr key={a.id}>
                      <Table.Td>{a.name}</Table.Td>
                      <Table.Td>
                        <Badge size="sm" variant="light" color={a.online ? 'teal' : 'gray'}>
                          {a.online ? t.online : t.offline}
                        </Badge>
                      </Table.Td>
                      <Table.Td ta="right">{formatCount(a.open_tickets)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
        )}
      </LoadState>
    </Paper>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={22} fw={700} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

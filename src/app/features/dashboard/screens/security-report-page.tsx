import { BarChart } from '@mantine/charts';
import { Badge, Group, MultiSelect, Paper, SimpleGrid, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { AUDIT_ACTIONS, auditActionLabel } from '../../../../shared/domain/audit-actions';
import { exportMatrix } from '../../../../shared/domain/metrics';
import { fetchSecurityCounts, fetchSecurityEvents, type AuditEntry } from '../api/report-operations';
import { dateTime, formatCount } from '../model/format';
import { useReportFilter } from '../model/use-filter';
import { DashboardPage } from '../ui/dashboard-page';
import { ExportButtons } from '../ui/export-buttons';
import { LoadState } from '../ui/load-state';
import { PeriodFilter } from '../ui/period-filter';
import { EXPORT_NAMES, dashboardTexts as t } from '../texts';
import { CardTable } from '../ui/card-table';

const s = t.security;
const FAILURES = new Set(['sign_in_failed', 'locked']);

/** Counts per key (user or address), one column per action, most active first. */
function pivot(rows: Array<{ key: string; action: string; count: number }>) {
  const byKey = new Map<string, Record<string, number>>();
  for (const r of rows) byKey.set(r.key, { ...(byKey.get(r.key) ?? {}), [r.action]: r.count });
  return [...byKey.entries()]
    .map(([key, counts]) => ({ key, counts, total: Object.values(counts).reduce((a, b) => a + b, 0) }))
    .sort((a, b) => b.total - a.total);
}

/** dashboard/security-report: the audit log by user and address, with the client's claimed ip beside the server-seen one. */
export function SecurityReportPage() {
  const { tenant } = useParams({ strict: false }) as { tenant: string };
  const [state, update] = useReportFilter('7');
  const [actions, setActions] = useState<string[]>([]);
  const [ipText, setIpText] = useState('');
  const [ip] = useDebouncedValue(ipText.trim(), 400);
  const events = useQuery({
    queryKey: ['securityEvents', tenant, state.from, state.to, actions, ip],
    queryFn: ({ signal }) => fetchSecurityEvents(tenant, { from: state.from, to: state.to, actions, ip }, signal),
  });
  const byUser = useQuery({ queryKey: ['securityCounts', tenant, state.from, state.to, 'user'], queryFn: ({ signal }) => fetchSecurityCounts(tenant, state.from, state.to, 'user', signal) });
  const byIp = useQuery({ queryKey: ['securityCounts', tenant, state.from, state.to, 'ip'], queryFn: ({ signal }) => fetchSecurityCounts(tenant, state.from, state.to, 'ip', signal) });
  const perAction = useMemo(() => {
    const totals = new Map<string, number>();
    for (const r of byUser.data ?? []) totals.set(r.action, (totals.get(r.action) ?? 0) + r.count);
    return [...totals.entries()].map(([action, count]) => ({ action: auditActionLabel(action), count }));
  }, [byUser.data]);

  const countTable = (title: string, rows: ReturnType<typeof pivot>) => (
    <Paper withBorder radius="md" p="sm">
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      <CardTable
        noRecordsText={s.empty}
        records={rows}
        idAccessor="key"
        columns={[
          { accessor: 'key', title: title === s.byUser ? s.user : s.remoteIp },
          { accessor: 'sign_in', title: auditActionLabel('sign_in'), textAlign: 'right', render: (r) => formatCount(r.counts.sign_in ?? 0) },
          { accessor: 'sign_in_failed', title: auditActionLabel('sign_in_failed'), textAlign: 'right', render: (r) => formatCount(r.counts.sign_in_failed ?? 0) },
          { accessor: 'locked', title: auditActionLabel('locked'), textAlign: 'right', render: (r) => formatCount(r.counts.locked ?? 0) },
          { accessor: 'total', title: s.count, textAlign: 'right', render: (r) => formatCount(r.total) },
        ]}
      />
    </Paper>
  );

  return (
    <DashboardPage
      description="Entradas e falhas, bloqueios, desbloqueios, trocas de senha e de dois fatores, desconexões e mudanças de usuários e perfis. O IP informado pelo cliente pode ser falsificado; o IP visto pelo servidor aparece ao lado."
      tools={
        <ExportButtons
          screen={EXPORT_NAMES.security}
          period={state}
          filters={{ [s.actions]: actions.map(auditActionLabel).join(' ') || null, IP: ip || null }}
          disabled={!events.data}
          matrix={() =>
            exportMatrix(events.data?.items ?? [], [
              { header: s.at, cell: (e) => dateTime(e.at) },
              { header: s.action, cell: (e) => auditActionLabel(e.action) },
              { header: s.user, cell: (e) => e.user_name ?? e.email },
              { header: s.actor, cell: (e) => e.actor_name },
              { header: s.claimedIp, cell: (e) => e.claimed_ip },
              { header: s.remoteIp, cell: (e) => e.remote_ip },
              { header: s.detail, cell: (e) => e.detail },
            ])
          }
        />
      }
    >
      <Group gap="sm" align="flex-end" wrap="wrap">
        <PeriodFilter state={state} onChange={update} />
        <MultiSelect
          size="xs"
          w={260}
          label={s.actions}
          placeholder={t.all}
          clearable
          value={actions}
          onChange={setActions}
          data={Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label }))}
        />
        <TextInput size="xs" w={170} label={s.ipFilter} value={ipText} onChange={(e) => setIpText(e.currentTarget.value)} />
      </Group>
      {/* Five columns each: side by side only where both fit. */}
      <SimpleGrid cols={{ base: 1, xl: 2 }}>
        <LoadState loading={byUser.isPending} error={byUser.error}>
          {countTable(s.byUser, pivot(byUser.data ?? []))}
        </LoadState>
        <LoadState loading={byIp.isPending} error={byIp.error}>
          {countTable(s.byIp, pivot(byIp.data ?? []))}
        </LoadState>
      </SimpleGrid>
      {perAction.length > 0 && (
        <Paper withBorder radius="md" p="sm">
          <Title order={3} size="h5" mb="xs">
            {s.actions}
          </Title>
          <BarChart yAxisProps={{ allowDecimals: false }} h={200} data={perAction} dataKey="action" series={[{ name: 'count', label: s.count, color: 'blue.6' }]} valueFormatter={(v) => formatCount(v)} />
        </Paper>
      )}
      <Paper withBorder radius="md" p="sm">
        <Title order={3} size="h5" mb="xs">
          {s.events} {events.data ? `(${formatCount(events.data.total)})` : ''}
        </Title>
        <LoadState loading={events.isPending} error={events.error} onRetry={() => void events.refetch()}>
          <CardTable<AuditEntry>
            aria-label={s.events}
            noRecordsText={s.empty}
            records={events.data?.items ?? []}
            columns={[
              { accessor: 'at', title: s.at, render: (e) => dateTime(e.at) },
              {
                accessor: 'action',
                title: s.action,
                render: (e) => (
                  <Badge variant="light" color={FAILURES.has(e.action) ? 'red' : 'blue'}>
                    {auditActionLabel(e.action)}
                  </Badge>
                ),
              },
              { accessor: 'user_name', title: s.user, render: (e) => e.user_name ?? e.email ?? '—' },
              { accessor: 'actor_name', title: s.actor, render: (e) => e.actor_name ?? '—' },
              { accessor: 'claimed_ip', title: s.claimedIp, render: (e) => e.claimed_ip ?? '—' },
              { accessor: 'remote_ip', title: s.remoteIp, render: (e) => e.remote_ip ?? '—' },
              { accessor: 'detail', title: s.detail, render: (e) => e.detail ?? '' },
            ]}
          />
        </LoadState>
      </Paper>
    </DashboardPage>
  );
}

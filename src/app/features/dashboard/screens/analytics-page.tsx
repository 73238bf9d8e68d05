import { BarChart } from '@mantine/charts';
import { Group, Paper, SimpleGrid, Title } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { useMemo } from 'react';
import { exportMatrix, fillDays, metricValue, previousPeriod, reportRows, type MetricKey, type ReportRow } from '../../../../shared/domain/metrics';
import { toReportFilter } from '../model/filter';
import { exportCell, formatMetric, hourLabel, longDay, shortDay } from '../model/format';
import { useReportFilter } from '../model/use-filter';
import { useSums } from '../model/use-sums';
import { DashboardPage } from '../ui/dashboard-page';
import { DimensionFilters, filterLabels, useReportNames } from '../ui/dimension-filters';
import { ExportButtons } from '../ui/export-buttons';
import { LiveQueue } from '../ui/live-queue';
import { LoadState } from '../ui/load-state';
import { MetricCard } from '../ui/metric-card';
import { PeriodFilter } from '../ui/period-filter';
import { EXPORT_NAMES, METRIC_LABELS, dashboardTexts as t } from '../texts';

const CARDS: MetricKey[] = ['opened', 'picked', 'closed', 'transferred', 'unanswered', 'waiting', 'first_response', 'reply', 'resolution'];
const DAY_COLUMNS: MetricKey[] = ['opened', 'closed', 'transferred', 'unanswered', 'msg_in', 'msg_out', 'waiting', 'first_response', 'reply', 'resolution'];

/** dashboard/analytics: the period's cards with trend, tickets by day and by hour, the live queue. */
export function AnalyticsPage() {
  const { tenant } = useParams({ strict: false }) as { tenant: string };
  const [state, update] = useReportFilter('7');
  const filter = useMemo(() => toReportFilter(state), [state]);
  const previous = useMemo(() => toReportFilter(state, previousPeriod(state)), [state]);
  const names = useReportNames(tenant).data;
  const total = useSums(tenant, filter, []);
  const before = useSums(tenant, previous, []);
  const byDay = useSums(tenant, filter, ['day'], DAY_COLUMNS);
  const byHour = useSums(tenant, filter, ['hour'], ['opened', 'closed']);

  const dayRows: ReportRow[] = useMemo(() => {
    const rows = new Map(reportRows(byDay.data ?? [], DAY_COLUMNS).map((r) => [r.keys[0] ?? '', r]));
    return fillDays(state, rows, (day) => ({ keys: [day], values: {} }));
  }, [byDay.data, state]);
  const hourRows = useMemo(() => {
    const rows = new Map(reportRows(byHour.data ?? [], ['opened', 'closed']).map((r) => [Number(r.keys[0]), r]));
    return Array.from({ length: 24 }, (_, hour) => ({ hour: hourLabel(hour), opened: rows.get(hour)?.values.opened ?? 0, closed: rows.get(hour)?.values.closed ?? 0 }));
  }, [byHour.data]);

  const dimensions = ['instance', 'department'] as const;
  return (
    <DashboardPage
      description="Atendimentos do período com a tendência em relação ao período anterior, por dia e por hora, e a fila agora."
      tools={
        <ExportButtons
          screen={EXPORT_NAMES.analytics}
          period={state}
          filters={filterLabels(names, state, dimensions)}
          disabled={!byDay.data}
          matrix={() =>
            exportMatrix(dayRows, [
              { header: t.day, cell: (r) => longDay(r.keys[0] ?? '') },
              ...DAY_COLUMNS.map((m) => ({ header: METRIC_LABELS[m as keyof typeof METRIC_LABELS], cell: (r: ReportRow) => exportCell(m, r.values[m]) })),
            ])
          }
        />
      }
    >
      <Group gap="sm" align="flex-end" wrap="wrap">
        <PeriodFilter state={state} onChange={update} businessHours />
        <DimensionFilters tenant={tenant} state={state} onChange={update} dimensions={dimensions} />
      </Group>
      <LiveQueue tenant={tenant} instanceId={state.instance} />
      <LoadState loading={total.isPending} error={total.error} onRetry={() => void total.refetch()}>
        <Group gap="sm" wrap="wrap">
          {CARDS.map((metric) => (
            <MetricCard key={metric} metric={metric} value={metricValue(metric, total.data ?? [])} previous={before.data ? metricValue(metric, before.data) : undefined} />
          ))}
        </Group>
      </LoadState>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Paper withBorder radius="md" p="sm">
          <Title order={3} size="h5" mb="xs">
            {t.byDay}
          </Title>
          <LoadState loading={byDay.isPending} error={byDay.error}>
            <BarChart
              yAxisProps={{ allowDecimals: false }}
              h={240}
              data={dayRows.map((r) => ({ day: shortDay(r.keys[0] ?? ''), opened: r.values.opened ?? 0, closed: r.values.closed ?? 0 }))}
              dataKey="day"
              series={[
                { name: 'opened', label: METRIC_LABELS.opened, color: 'blue.6' },
                { name: 'closed', label: METRIC_LABELS.closed, color: 'teal.6' },
              ]}
              withLegend
              valueFormatter={(v) => formatMetric('opened', v)}
            />
          </LoadState>
        </Paper>
        <Paper withBorder radius="md" p="sm">
          <Title order={3} size="h5" mb="xs">
            {t.byHour}
          </Title>
          <LoadState loading={byHour.isPending} error={byHour.error}>
            <BarChart
              yAxisProps={{ allowDecimals: false }}
              h={240}
              data={hourRows}
              dataKey="hour"
              series={[
                { name: 'opened', label: METRIC_LABELS.opened, color: 'blue.6' },
                { name: 'closed', label: METRIC_LABELS.closed, color: 'teal.6' },
              ]}
              withLegend
              valueFormatter={(v) => formatMetric('opened', v)}
            />
          </LoadState>
        </Paper>
      </SimpleGrid>
    </DashboardPage>
  );
}

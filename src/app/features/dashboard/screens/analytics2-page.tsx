import { BarChart } from '@mantine/charts';
import { Group, Paper, Select, Stack, Title } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { METRIC_KEYS, exportMatrix, fillDays, metricValue, reportRows, type BaseMetricKey, type ReportRow } from '../../../../shared/domain/metrics';
import { DIMENSION_FILTERS, toReportFilter } from '../model/filter';
import { exportCell, formatMetric, longDay, shortDay } from '../model/format';
import { useReportFilter } from '../model/use-filter';
import { useSums } from '../model/use-sums';
import { DashboardPage } from '../ui/dashboard-page';
import { DimensionFilters, filterLabels, useReportNames } from '../ui/dimension-filters';
import { ExportButtons } from '../ui/export-buttons';
import { LoadState } from '../ui/load-state';
import { MetricCard } from '../ui/metric-card';
import { PeriodFilter } from '../ui/period-filter';
import { TicketsBehind, type DrillPoint } from '../ui/tickets-behind';
import { EXPORT_NAMES, METRIC_LABELS, dashboardTexts as t } from '../texts';

const isMetric = (value: unknown): value is BaseMetricKey => typeof value === 'string' && (METRIC_KEYS as readonly string[]).includes(value);

/** dashboard/analytics2: every metric with free filters, by day, and the tickets behind a bar. */
export function Analytics2Page() {
  const { tenant } = useParams({ strict: false }) as { tenant: string };
  const [state, update] = useReportFilter('30');
  const [metric, setMetric] = useState<BaseMetricKey>('opened');
  const [point, setPoint] = useState<DrillPoint | null>(null);
  const filter = useMemo(() => toReportFilter(state), [state]);
  const names = useReportNames(tenant).data;
  const total = useSums(tenant, filter, []);
  const byDay = useSums(tenant, filter, ['day']);
  const rows: ReportRow[] = useMemo(() => {
    const found = new Map(reportRows(byDay.data ?? [], [...METRIC_KEYS]).map((r) => [r.keys[0] ?? '', r]));
    return fillDays(state, found, (day) => ({ keys: [day], values: {} }));
  }, [byDay.data, state]);

  return (
    <DashboardPage
      description="Todas as métricas com filtros livres. Clique em uma barra para ver os atendimentos por trás dela."
      tools={
        <ExportButtons
          screen={EXPORT_NAMES.analytics2}
          period={state}
          filters={filterLabels(names, state, DIMENSION_FILTERS)}
          disabled={!byDay.data}
          matrix={() =>
            exportMatrix(rows, [
              { header: t.day, cell: (r) => longDay(r.keys[0] ?? '') },
              ...METRIC_KEYS.map((m) => ({ header: METRIC_LABELS[m], cell: (r: ReportRow) => exportCell(m, r.values[m]) })),
            ])
          }
        />
      }
    >
      <Stack gap="xs">
        <PeriodFilter state={state} onChange={update} businessHours />
        <DimensionFilters tenant={tenant} state={state} onChange={update} dimensions={DIMENSION_FILTERS} />
      </Stack>
      <LoadState loading={total.isPending} error={total.error} onRetry={() => void total.refetch()}>
        <Group gap="sm" wrap="wrap">
          {METRIC_KEYS.map((m) => (
            <MetricCard key={m} metric={m} value={metricValue(m, total.data ?? [])} />
          ))}
        </Group>
      </LoadState>
      <Paper withBorder radius="md" p="sm">
        <Group justify="space-between" mb="xs">
          <Title order={3} size="h5">
            {METRIC_LABELS[metric]} — {t.byDay.toLowerCase()}
          </Title>
          <Select
            size="xs"
            w={220}
            label={t.metric}
            value={metric}
            allowDeselect={false}
            data={METRIC_KEYS.map((m) => ({ value: m, label: METRIC_LABELS[m] }))}
            onChange={(value) => {
              if (isMetric(value)) setMetric(value);
              setPoint(null);
            }}
          />
        </Group>
        <LoadState loading={byDay.isPending} error={byDay.error}>
          <BarChart
              yAxisProps={{ allowDecimals: false }}
            h={260}
            data={rows.map((r) => ({ day: shortDay(r.keys[0] ?? ''), iso: r.keys[0] ?? '', value: r.values[metric] ?? 0 }))}
            dataKey="day"
            series={[{ name: 'value', label: METRIC_LABELS[metric], color: 'blue.6' }]}
            valueFormatter={(v) => formatMetric(metric, v)}
            barChartProps={{
              onClick: (event: { activeTooltipIndex?: number | string | null }) => {
                const index = Number(event?.activeTooltipIndex);
                const day = rows[index]?.keys[0];
                if (day) setPoint({ metric, day, hour: null, label: `${METRIC_LABELS[metric]}, ${longDay(day)}` });
              },
              style: { cursor: 'pointer' },
            }}
          />
        </LoadState>
      </Paper>
      <TicketsBehind tenant={tenant} filter={filter} point={point} />
    </DashboardPage>
  );
}

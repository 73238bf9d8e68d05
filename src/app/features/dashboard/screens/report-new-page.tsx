import { BarChart } from '@mantine/charts';
import { Button, Group, MultiSelect, Paper, Select, Stack, Table, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { METRIC_KEYS, exportMatrix, reportRows, type BaseMetricKey, type ReportRow } from '../../../../shared/domain/metrics';
import { confirmDanger } from '../../../ui/admin';
import { deleteSavedReport, fetchSavedReports, saveReport, type Dimension, type SavedReport } from '../api/report-operations';
import { BUSINESS_HOURS_PARAM, BUSINESS_HOURS_VALUE, DIMENSION_FILTERS, toReportFilter, type DimensionFilter, type FilterState } from '../model/filter';
import { exportCell, formatMetric, hourLabel, longDay } from '../model/format';
import { useReportFilter } from '../model/use-filter';
import { useSums } from '../model/use-sums';
import { DashboardPage } from '../ui/dashboard-page';
import { DimensionFilters, filterLabels, nameOf, useReportNames } from '../ui/dimension-filters';
import { ExportButtons } from '../ui/export-buttons';
import { LoadState } from '../ui/load-state';
import { PeriodFilter } from '../ui/period-filter';
import { EXPORT_NAMES, METRIC_LABELS, dashboardTexts as t } from '../texts';

const b = t.builder;
const DIMENSIONS: Dimension[] = ['day', 'hour', 'instance', 'department', 'user', 'campaign', 'category', 'reason'];

interface Definition {
  metric: BaseMetricKey;
  group_by: Dimension[];
  days: number;
  filter: Partial<Record<`${DimensionFilter}_ids`, string[]>> & { business_hours?: boolean };
}

const daysOf = (state: FilterState): number => Math.round((Date.parse(`${state.to}T12:00:00Z`) - Date.parse(`${state.from}T12:00:00Z`)) / 86_400_000) + 1;

/** dashboard/report-new: pick a metric, up to three groupings and filters; see a table and a chart; save it by name. */
export function ReportNewPage() {
  const { tenant } = useParams({ strict: false }) as { tenant: string };
  const [state, update] = useReportFilter('30');
  const [metric, setMetric] = useState<BaseMetricKey>('closed');
  const [groupBy, setGroupBy] = useState<Dimension[]>(['user']);
  const [name, setName] = useState('');
  const names = useReportNames(tenant).data;
  const filter = useMemo(() => toReportFilter(state), [state]);
  const sums = useSums(tenant, filter, groupBy, [metric]);
  const queryClient = useQueryClient();
  const saved = useQuery({ queryKey: ['savedReports', tenant], queryFn: ({ signal }) => fetchSavedReports(tenant, signal) });
  const invalidate = () => void queryClient.invalidateQueries({ queryKey: ['savedReports', tenant] });
  const save = useMutation({
    mutationFn: (definition: Definition) => saveReport(tenant, name.trim(), JSON.stringify(definition)),
    onSuccess: () => {
      notifications.show({ color: 'teal', message: b.saved });
      invalidate();
    },
  });
  const remove = useMutation({
    mutationFn: (report: SavedReport) => deleteSavedReport(tenant, report.id),
    onSuccess: () => {
      notifications.show({ color: 'teal', message: b.deleted });
      setName('');
      invalidate();
    },
  });
  const current = saved.data?.find((r) => r.name === name.trim()) ?? null;

  const label = (dimension: Dimension, key: string): string =>
    dimension === 'day' ? longDay(key) : dimension === 'hour' ? hourLabel(key) : nameOf(names, dimension as DimensionFilter, key);
  const rows: ReportRow[] = useMemo(() => reportRows(sums.data ?? [], [metric]), [sums.data, metric]);
  const rowLabel = (r: ReportRow) => r.keys.map((k, i) => label(groupBy[i] ?? 'day', k)).join(' · ') || METRIC_LABELS[metric];

  const open = (report: SavedReport) => {
    const d = JSON.parse(report.definition) as Definition;
    setName(report.name);
    if ((METRIC_KEYS as readonly string[]).includes(d.metric)) setMetric(d.metric);
    setGroupBy(d.group_by);
    update({
      preset: String(d.days),
      from: null,
      to: null,
      ...Object.fromEntries(DIMENSION_FILTERS.map((dim) => [dim, d.filter[`${dim}_ids`]?.[0] ?? null])),
      [BUSINESS_HOURS_PARAM]: d.filter.business_hours ? BUSINESS_HOURS_VALUE : null,
    });
  };
  const definition = (): Definition => ({
    metric,
    group_by: groupBy,
    days: Math.min(366, Math.max(1, daysOf(state))),
    filter: {
      ...Object.fromEntries(DIMENSION_FILTERS.filter((d) => state[d] !== null).map((d) => [`${d}_ids`, [state[d]]])),
      ...(state.businessHours ? { business_hours: true } : {}),
    },
  });

  return (
    <DashboardPage
      description="Escolha a métrica, os agrupamentos e os filtros; veja a tabela e o gráfico e salve o relatório com um nome para toda a loja."
      tools={
        <ExportButtons
          screen={`${EXPORT_NAMES.builder}-${name.trim() || METRIC_LABELS[metric]}`}
          period={state}
          filters={filterLabels(names, state, DIMENSION_FILTERS)}
          disabled={!sums.data}
          matrix={() =>
            exportMatrix(rows, [
              ...groupBy.map((d, i) => ({ header: t.dimensions[d] ?? d, cell: (r: ReportRow) => label(d, r.keys[i] ?? '') })),
              { header: METRIC_LABELS[metric], cell: (r: ReportRow) => exportCell(metric, r.values[metric]) },
            ])
          }
        />
      }
    >
      <Paper withBorder radius="md" p="sm">
        <Stack gap="xs">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Select
              size="xs"
              w={240}
              label={b.open}
              placeholder="—"
              clearable
              value={current?.id ?? null}
              data={(saved.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
              onChange={(id) => {
                const report = saved.data?.find((r) => r.id === id);
                if (report) open(report);
              }}
            />
            <TextInput size="xs" w={240} label={b.name} value={name} maxLength={80} onChange={(e) => setName(e.currentTarget.value)} />
            <Button size="xs" loading={save.isPending} disabled={!name.trim()} onClick={() => save.mutate(definition())}>
              {b.save}
            </Button>
            {current && (
              <Button
                size="xs"
                variant="light"
                color="red"
                loading={remove.isPending}
                onClick={() =>
                  void confirmDanger({ title: b.delete, message: `${b.delete} “${current.name}”?`, confirmLabel: b.delete }).then((ok) => ok && remove.mutate(current))
                }
              >
                {b.delete}
              </Button>
            )}
          </Group>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Select
              size="xs"
              w={220}
              label={t.metric}
              allowDeselect={false}
              value={metric}
              data={METRIC_KEYS.map((m) => ({ value: m, label: METRIC_LABELS[m] }))}
              onChange={(value) => value && (METRIC_KEYS as readonly string[]).includes(value) && setMetric(value as BaseMetricKey)}
            />
            <MultiSelect
              size="xs"
              w={320}
              label={t.groupBy}
              maxValues={3}
              value={groupBy}
              data={DIMENSIONS.map((d) => ({ value: d, label: t.dimensions[d] ?? d }))}
              onChange={(values) => setGroupBy(values as Dimension[])}
            />
          </Group>
          <PeriodFilter state={state} onChange={update} businessHours />
          <DimensionFilters tenant={tenant} state={state} onChange={update} dimensions={DIMENSION_FILTERS} />
        </Stack>
      </Paper>
      <LoadState loading={sums.isPending} error={sums.error} empty={rows.length === 0} onRetry={() => void sums.refetch()}>
        <Paper withBorder radius="md" p="sm">
          <Title order={3} size="h5" mb="xs">
            {METRIC_LABELS[metric]}
          </Title>
          {groupBy.length === 0 ? null : (
            <BarChart
              yAxisProps={{ allowDecimals: false }}
              h={240}
              data={rows.map((r) => ({ label: rowLabel(r), value: r.values[metric] ?? 0 }))}
              dataKey="label"
              series={[{ name: 'value', label: METRIC_LABELS[metric], color: 'blue.6' }]}
              valueFormatter={(v) => formatMetric(metric, v)}
            />
          )}
          <Table striped withTableBorder fz="sm" mt="sm" aria-label={b.title}>
            <Table.Thead>
              <Table.Tr>
                {groupBy.map((d) => (
                  <Table.Th key={d}>{t.dimensions[d]}</Table.Th>
                ))}
                <Table.Th ta="right">{METRIC_LABELS[metric]}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.keys.join('|')}>
                  {groupBy.map((d, i) => (
                    <Table.Td key={d}>{label(d, r.keys[i] ?? '')}</Table.Td>
                  ))}
                  <Table.Td ta="right">{formatMetric(metric, r.values[metric])}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      </LoadState>
    </DashboardPage>
  );
}

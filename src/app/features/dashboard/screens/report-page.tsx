import { Group, Paper } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useMemo, useState } from 'react';
import { exportMatrix, reportRows, type MetricKey } from '../../../../shared/domain/metrics';
import { toReportFilter } from '../model/filter';
import { exportCell, formatDecimal, formatMetric } from '../model/format';
import { useReportFilter } from '../model/use-filter';
import { useSums } from '../model/use-sums';
import { DashboardPage } from '../ui/dashboard-page';
import { DimensionFilters, filterLabels, nameOf, useReportNames } from '../ui/dimension-filters';
import { ExportButtons } from '../ui/export-buttons';
import { LoadState } from '../ui/load-state';
import { PeriodFilter } from '../ui/period-filter';
import { EXPORT_NAMES, METRIC_LABELS, dashboardTexts as t } from '../texts';

const COLUMNS: MetricKey[] = ['picked', 'closed', 'transferred', 'msg_out', 'first_response', 'reply', 'resolution', 'survey_answered'];

interface Line {
  id: string;
  attendant: string;
  values: Partial<Record<MetricKey, number | null>>;
  /** Mean grade of the surveys credited to the attendant. */
  satisfaction: number | null;
}

/** dashboard/report: attendant productivity, sortable by any column. */
export function ReportPage() {
  const { tenant } = useParams({ strict: false }) as { tenant: string };
  const [state, update] = useReportFilter('30');
  const filter = useMemo(() => toReportFilter(state), [state]);
  const names = useReportNames(tenant).data;
  const byUser = useSums(tenant, filter, ['user'], COLUMNS);
  const [sort, setSort] = useState<DataTableSortStatus<Line>>({ columnAccessor: 'closed', direction: 'desc' });

  const lines: Line[] = useMemo(() => {
    const rows = reportRows(byUser.data ?? [], COLUMNS).filter((r) => r.keys[0] !== '0');
    return rows.map((r) => {
      const answered = (byUser.data ?? []).find((s) => s.keys[0] === r.keys[0] && s.metric === 'survey_answered');
      return {
        id: r.keys[0] ?? '',
        attendant: nameOf(names, 'user', r.keys[0] ?? ''),
        values: r.values,
        satisfaction: answered && answered.count > 0 ? Math.round((answered.total / answered.count) * 10) / 10 : null,
      };
    });
  }, [byUser.data, names]);
  const sorted = useMemo(() => {
    const key = sort.columnAccessor as string;
    const read = (line: Line): number | string => (key === 'attendant' ? line.attendant : key === 'satisfaction' ? (line.satisfaction ?? -1) : (line.values[key as MetricKey] ?? -1));
    const list = [...lines].sort((a, b) => {
      const x = read(a);
      const y = read(b);
      return typeof x === 'string' || typeof y === 'string' ? String(x).localeCompare(String(y)) : x - y;
    });
    return sort.direction === 'desc' ? list.reverse() : list;
  }, [lines, sort]);

  return (
    <DashboardPage
      description="Produtividade de cada atendente no período: atendimentos, tempos e satisfação. Clique no título de uma coluna para ordenar."
      tools={
        <ExportButtons
          screen={EXPORT_NAMES.report}
          period={state}
          filters={filterLabels(names, state, ['instance', 'department'])}
          disabled={!byUser.data}
          matrix={() =>
            exportMatrix(sorted, [
              { header: t.attendant, cell: (l) => l.attendant },
              ...COLUMNS.map((m) => ({ header: METRIC_LABELS[m as keyof typeof METRIC_LABELS], cell: (l: Line) => exportCell(m, l.values[m]) })),
              { header: t.average, cell: (l) => l.satisfaction ?? '' },
            ])
          }
        />
      }
    >
      <Group gap="sm" align="flex-end" wrap="wrap">
        <PeriodFilter state={state} onChange={update} businessHours />
        <DimensionFilters tenant={tenant} state={state} onChange={update} dimensions={['instance', 'department']} />
      </Group>
      <Paper withBorder radius="md" p={0}>
        <LoadState loading={byUser.isPending} error={byUser.error} empty={lines.length === 0} onRetry={() => void byUser.refetch()}>
          <DataTable
            aria-label={t.productivityTitle}
            striped
            highlightOnHover
            fz="sm"
            records={sorted}
            sortStatus={sort}
            onSortStatusChange={setSort}
            columns={[
              { accessor: 'attendant', title: t.attendant, sortable: true },
              ...COLUMNS.map((m) => ({
                accessor: m,
                title: METRIC_LABELS[m as keyof typeof METRIC_LABELS],
                sortable: true,
                textAlign: 'right' as const,
                render: (l: Line) => formatMetric(m, l.values[m]),
              })),
              { accessor: 'satisfaction', title: t.average, sortable: true, textAlign: 'right' as const, render: (l: Line) => formatDecimal(l.satisfaction) },
            ]}
          />
        </LoadState>
      </Paper>
    </DashboardPage>
  );
}

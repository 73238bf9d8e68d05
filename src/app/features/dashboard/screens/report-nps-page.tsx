import { BarChart, LineChart } from '@mantine/charts';
import { Badge, Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useMemo } from 'react';
import {
  addDays,
  exportMatrix,
  fillDays,
  gradeBand,
  gradeDistribution,
  metricValue,
  parseNpsScale,
  satisfaction,
  scaleGrades,
  type GroupedSum,
  type NpsScale,
} from '../../../../shared/domain/metrics';
import { fetchNpsScale, fetchSurveyAnswers, type SurveyAnswer } from '../api/report-operations';
import { toReportFilter } from '../model/filter';
import { dateTime, formatCount, formatDecimal, formatPercent, shortDay } from '../model/format';
import { useReportFilter } from '../model/use-filter';
import { useSums } from '../model/use-sums';
import { ConversationLink } from '../ui/conversation-link';
import { DashboardPage } from '../ui/dashboard-page';
import { DimensionFilters, filterLabels, nameOf, useReportNames } from '../ui/dimension-filters';
import { ExportButtons } from '../ui/export-buttons';
import { LoadState } from '../ui/load-state';
import { PeriodFilter } from '../ui/period-filter';
import { EXPORT_NAMES, dashboardTexts as t } from '../texts';
import { CardTable } from '../ui/card-table';

const SURVEY_METRICS = ['survey_sent', 'survey_answered'];

/** Satisfaction of a group of sums: sent, answered, the distribution, NPS on 0–10. */
const satisfactionOf = (sums: readonly GroupedSum[], scale: NpsScale) => satisfaction(gradeDistribution(sums), metricValue('survey_sent', sums) ?? 0, scale);

function groupBy(sums: readonly GroupedSum[]): Map<string, GroupedSum[]> {
  const groups = new Map<string, GroupedSum[]>();
  for (const s of sums) groups.set(s.keys[0] ?? '', [...(groups.get(s.keys[0] ?? '') ?? []), s]);
  return groups;
}

/** dashboard/report-nps: NPS / satisfaction over time, by attendant and department, the answers and detractors. */
export function ReportNpsPage() {
  const { tenant } = useParams({ strict: false }) as { tenant: string };
  const [state, update] = useReportFilter('30');
  const filter = useMemo(() => toReportFilter(state), [state]);
  const names = useReportNames(tenant).data;
  const scaleQuery = useQuery({ queryKey: ['reportNpsScale', tenant], queryFn: ({ signal }) => fetchNpsScale(tenant, signal) });
  const scale = parseNpsScale(scaleQuery.data);
  const total = useSums(tenant, filter, [], SURVEY_METRICS);
  const byDay = useSums(tenant, filter, ['day'], SURVEY_METRICS);
  const byUser = useSums(tenant, filter, ['user'], SURVEY_METRICS);
  const byDepartment = useSums(tenant, filter, ['department'], SURVEY_METRICS);
  const answers = useQuery({ queryKey: ['reportSurveyAnswers', tenant, filter], queryFn: ({ signal }) => fetchSurveyAnswers(tenant, filter, null, signal) });

  const overall = satisfactionOf(total.data ?? [], scale);
  const headline = scale === '0-10' ? 'nps' : 'satisfiedPercent';
  const days = useMemo(() => {
    const groups = groupBy(byDay.data ?? []);
    return fillDays(state, groups, () => []).map((sums, i) => {
      const s = satisfaction(gradeDistribution(sums), metricValue('survey_sent', sums) ?? 0, scale);
      return { day: shortDay(addDays(state.from, i)), value: s[headline], average: s.average };
    });
  }, [byDay.data, state, scale, headline]);
  const distribution = scaleGrades(scale).map((grade) => ({ grade: String(grade), answers: gradeDistribution(total.data ?? []).get(grade) ?? 0 }));
  const table = (sums: GroupedSum[] | undefined, dimension: 'user' | 'department') =>
    [...groupBy(sums ?? [])].map(([id, list]) => ({ id, name: nameOf(names, dimension, id), ...satisfactionOf(list, scale) })).filter((r) => r.sent > 0 || r.answered > 0);
  const detractors = (answers.data ?? []).filter((a) => gradeBand(a.grade, scale) === 'detractor');

  const answerColumns = [
    { accessor: 'answered_at', title: t.security.at, render: (a: SurveyAnswer) => dateTime(a.answered_at) },
    { accessor: 'customer_name', title: t.customer },
    { accessor: 'user_name', title: t.attendant, render: (a: SurveyAnswer) => a.user_name ?? '—' },
    {
      accessor: 'grade',
      title: t.grade,
      render: (a: SurveyAnswer) => (
        <Badge variant="light" color={{ promoter: 'teal', passive: 'yellow', detractor: 'red' }[gradeBand(a.grade, scale)]}>
          {a.grade}
        </Badge>
      ),
    },
    { accessor: 'comment', title: t.comment, render: (a: SurveyAnswer) => a.comment ?? '—' },
    {
      accessor: 'open',
      title: '',
      render: (a: SurveyAnswer) => <ConversationLink tenant={tenant} ticketId={a.ticket_id} instanceId={a.instance_id} />,
    },
  ];

  return (
    <DashboardPage
      description="Respostas da pesquisa de satisfação: taxa de resposta, nota média, NPS na escala de 0 a 10, e os detratores para acompanhar."
      tools={
        <ExportButtons
          screen={EXPORT_NAMES.nps}
          period={state}
          filters={filterLabels(names, state, ['instance', 'department', 'user'])}
          disabled={!answers.data}
          matrix={() =>
            exportMatrix(answers.data ?? [], [
              { header: t.security.at, cell: (a) => dateTime(a.answered_at) },
              { header: t.customer, cell: (a) => a.customer_name },
              { header: t.attendant, cell: (a) => a.user_name },
              { header: t.grade, cell: (a) => a.grade },
              { header: t.comment, cell: (a) => a.comment },
            ])
          }
        />
      }
    >
      <Group gap="sm" align="flex-end" wrap="wrap">
        <PeriodFilter state={state} onChange={update} />
        <DimensionFilters tenant={tenant} state={state} onChange={update} dimensions={['instance', 'department', 'user']} />
        <Badge variant="outline">{t.scale(scale)}</Badge>
      </Group>
      <LoadState loading={total.isPending} error={total.error} onRetry={() => void total.refetch()}>
        <Group gap="sm" wrap="wrap">
          <Figure label={scale === '0-10' ? t.nps : t.satisfied} value={scale === '0-10' ? formatDecimal(overall.nps) : formatPercent(overall.satisfiedPercent)} testId="nps-headline" />
          <Figure label={t.average} value={formatDecimal(overall.average)} testId="nps-average" />
          <Figure label={t.responseRate} value={formatPercent(overall.responseRate)} testId="nps-response-rate" />
          <Figure label={t.answers} value={`${formatCount(overall.answered)} / ${formatCount(overall.sent)}`} testId="nps-answers" />
        </Group>
      </LoadState>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Paper withBorder radius="md" p="sm">
          <Title order={3} size="h5" mb="xs">
            {t.npsOverTime}
          </Title>
          <LineChart
            h={220}
            data={days}
            dataKey="day"
            connectNulls
            series={[{ name: 'value', label: scale === '0-10' ? t.nps : t.satisfied, color: 'teal.6' }]}
            valueFormatter={(v) => (scale === '0-10' ? formatDecimal(v) : formatPercent(v))}
          />
        </Paper>
        <Paper withBorder radius="md" p="sm">
          <Title order={3} size="h5" mb="xs">
            {t.distribution}
          </Title>
          <BarChart yAxisProps={{ allowDecimals: false }} h={220} data={distribution} dataKey="grade" series={[{ name: 'answers', label: t.answers, color: 'blue.6' }]} valueFormatter={(v) => formatCount(v)} />
        </Paper>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        {(['user', 'department'] as const).map((dimension) => (
          <Paper key={dimension} withBorder radius="md" p="sm">
            <Title order={3} size="h5" mb="xs">
              {dimension === 'user' ? t.byAttendant : t.byDepartment}
            </Title>
            <CardTable
              noRecordsText={t.noAnswers}
              records={table(dimension === 'user' ? byUser.data : byDepartment.data, dimension)}
              columns={[
                { accessor: 'name', title: dimension === 'user' ? t.attendant : t.filters.department },
                { accessor: 'answered', title: t.answers, textAlign: 'right', render: (r) => `${formatCount(r.answered)} / ${formatCount(r.sent)}` },
                { accessor: 'average', title: t.average, textAlign: 'right', render: (r) => formatDecimal(r.average) },
                { accessor: 'headline', title: scale === '0-10' ? t.nps : t.satisfied, textAlign: 'right', render: (r) => (scale === '0-10' ? formatDecimal(r.nps) : formatPercent(r.satisfiedPercent)) },
              ]}
            />
          </Paper>
        ))}
      </SimpleGrid>
      <Paper withBorder radius="md" p="sm">
        <Title order={3} size="h5" mb="xs">
          {t.detractors}
        </Title>
        <LoadState loading={answers.isPending} error={answers.error}>
          <CardTable noRecordsText={t.noAnswers} records={detractors} idAccessor="ticket_id" columns={answerColumns} />
        </LoadState>
      </Paper>
      <Paper withBorder radius="md" p="sm">
        <Title order={3} size="h5" mb="xs">
          {t.comments}
        </Title>
        <LoadState loading={answers.isPending} error={answers.error}>
          <CardTable noRecordsText={t.noAnswers} records={answers.data ?? []} idAccessor="ticket_id" columns={answerColumns} />
        </LoadState>
      </Paper>
    </DashboardPage>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder radius="md" p="sm" miw={150} style={{ flex: '1 1 150px' }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={22} fw={700} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

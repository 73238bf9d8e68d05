import { Badge, Group, Paper, Text } from '@mantine/core';
import { trendPercent, type MetricKey } from '../../../../shared/domain/metrics';
import { formatMetric, formatPercent } from '../model/format';
import { METRIC_LABELS, dashboardTexts as t } from '../texts';

/** Less is better for durations and for customers left waiting. */
const LOWER_IS_BETTER = new Set<MetricKey>(['waiting', 'first_response', 'reply', 'resolution', 'unanswered']);

/** A card: the figure of the period and its change against the previous period of the same length. */
export function MetricCard({ metric, value, previous, label }: { metric: MetricKey; value: number | null; previous?: number | null; label?: string }) {
  const trend = previous === undefined ? null : trendPercent(value, previous);
  const good = trend === null || trend === 0 ? null : (trend > 0) !== LOWER_IS_BETTER.has(metric);
  const name = label ?? METRIC_LABELS[metric as keyof typeof METRIC_LABELS] ?? metric;
  return (
    <Paper withBorder radius="md" p="sm" miw={150} style={{ flex: '1 1 150px' }} data-metric={metric} aria-label={name}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {name}
      </Text>
      <Text fz={22} fw={700} data-testid={`card-${metric}`}>
        {formatMetric(metric, value)}
      </Text>
      {previous !== undefined && (
        <Group gap={4}>
          <Badge size="sm" variant="light" color={good === null ? 'gray' : good ? 'teal' : 'red'}>
            {trend === null ? t.noTrend : `${trend > 0 ? '+' : ''}${formatPercent(trend)}`}
          </Badge>
          {trend !== null && (
            <Text size="xs" c="dimmed">
              {t.versusPrevious}
            </Text>
          )}
        </Group>
      )}
    </Paper>
  );
}

import { Group, Progress, Stack, Text } from '@mantine/core';
import type { CampaignCounts } from '../../../../shared/graphql/generated';
import { campaignProgress, STATUS_COLORS } from '../model/progress';
import { t } from '../texts';

/** The bar and "N de M" of a campaign; the bar is labelled with the campaign's name for screen readers. */
export function CampaignProgressBar({ name, status, counts }: { name: string; status: string; counts: CampaignCounts }) {
  const p = campaignProgress(counts);
  return (
    <Stack gap={4} miw={140}>
      <Progress
        value={p.percent}
        color={STATUS_COLORS[status] ?? 'blue'}
        striped={status === 'enviando'}
        animated={status === 'enviando'}
        aria-label={t.counts.progressLabel(name)}
        size="md"
      />
      <Text size="xs" c="dimmed" data-testid="campaign-progress-text">
        {t.counts.of(p.done, p.total)} · {p.percent}%
      </Text>
    </Stack>
  );
}

const COUNT_COLORS = { sent: 'blue', delivered: 'teal', read: 'grape', replied: 'green', failed: 'red' } as const;

/** The counts that matter while a campaign runs, compact enough for a table cell. */
export function CampaignCountsLine({ counts, withQueued = false }: { counts: CampaignCounts; withQueued?: boolean }) {
  const p = campaignProgress(counts);
  const items: Array<[string, number, string]> = [
    [t.counts.sent, p.reached, COUNT_COLORS.sent],
    [t.counts.delivered, counts.delivered + counts.read + counts.replied, COUNT_COLORS.delivered],
    [t.counts.read, counts.read + counts.replied, COUNT_COLORS.read],
    [t.counts.replied, counts.replied, COUNT_COLORS.replied],
    [t.counts.failed, counts.failed, COUNT_COLORS.failed],
  ];
  if (withQueued) items.push([t.counts.queued, counts.queued, 'gray'], [t.counts.canceled, counts.canceled, 'gray'], [t.counts.excluded, p.excluded, 'orange']);
  return (
    <Group gap="xs" wrap="wrap">
      {items.map(([label, value, color]) => (
        <Text key={label} size="xs" span>
          <Text span c={color} fw={700}>
            {value.toLocaleString('pt-BR')}
          </Text>{' '}
          {label.toLowerCase()}
        </Text>
      ))}
    </Group>
  );
}

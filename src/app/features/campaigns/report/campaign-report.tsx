import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { messagingLimitLabel, UNLIMITED } from '../../../../shared/domain/messaging-limit';
import type { Campaign } from '../../../../shared/graphql/generated';
import { adminKey, useGqlQuery, useTenant } from '../../../ui/admin';
import { CAMPAIGN_REPORT } from '../api/campaign-operations';
import { CampaignCountsLine, CampaignProgressBar } from '../list/campaign-progress';
import { CampaignStatusBadge } from '../list/campaigns-page';
import { useCampaignActions } from '../list/use-campaign-actions';
import { t } from '../texts';
import { RecipientsTable } from './recipients-table';

/**
 * A campaign once started (whatsapp/campaigns/edit/{id}): live bar and counts, pause / resume /
 * cancel, the counts over time, failures by reason, replies, and the recipients with a CSV export.
 * Every campaign change re-reads it through the tenant-change feed (kind "campaigns").
 */
export function CampaignReport({ campaign }: { campaign: Campaign }) {
  const tenant = useTenant();
  const navigate = useNavigate();
  const report = useGqlQuery(CAMPAIGN_REPORT, { key: adminKey('campaigns', 'report', campaign.id), variables: { id: campaign.id }, keepPrevious: true, select: (d) => d.campaignReport });
  const { actionsOf, pending } = useCampaignActions();
  // The report is the heavier read; the page's own campaign read may be fresher (a pause just made).
  const fromReport = report.data?.campaign;
  const c = fromReport && fromReport.updated_at >= campaign.updated_at ? fromReport : campaign;
  const timeline = report.data?.timeline ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={3}>{c.name}</Title>
            <CampaignStatusBadge status={c.status} />
          </Group>
          <Text size="sm" c="dimmed">
            {c.instance_name} · {t.form.pacing(c.throughput_per_second, c.messaging_limit && c.messaging_limit !== UNLIMITED ? messagingLimitLabel(c.messaging_limit) : null)}
          </Text>
        </Stack>
        <Group gap="xs">
          {actionsOf(c).map((action) => (
            <Button key={action.label} color={action.danger ? 'red' : undefined} variant={action.danger ? 'light' : 'filled'} onClick={action.onClick} disabled={pending}>
              {action.label}
            </Button>
          ))}
          <Button variant="subtle" onClick={() => void navigate({ href: `/${tenant}/whatsapp/campaigns` })}>
            {t.form.back}
          </Button>
        </Group>
      </Group>
      {c.warning && (
        <Alert color="yellow" title={t.report.warning}>
          {c.warning}
          {c.resumes_at ? ` ${t.report.resumesAt(c.resumes_at)}` : ''}
        </Alert>
      )}
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <CampaignProgressBar name={c.name} status={c.status} counts={c.counts} />
          <CampaignCountsLine counts={c.counts} withQueued />
        </Stack>
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <Paper withBorder p="md" radius="md" style={{ gridColumn: 'span 2' }}>
          <Title order={4} mb="xs">
            {t.report.timeline}
          </Title>
          {timeline.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t.report.timelineEmpty}
            </Text>
          ) : (
            <LineChart
              h={220}
              data={timeline.map((p) => ({ ...p, at: p.at.slice(11, 16) }))}
              dataKey="at"
              withLegend
              series={[
                { name: 'sent', label: t.counts.sent, color: 'blue.6' },
                { name: 'delivered', label: t.counts.delivered, color: 'teal.6' },
                { name: 'read', label: t.counts.read, color: 'grape.6' },
                { name: 'replied', label: t.counts.replied, color: 'green.6' },
                { name: 'failed', label: t.counts.failed, color: 'red.6' },
              ]}
            />
          )}
        </Paper>
        <Stack gap="md">
          <Paper withBorder p="md" radius="md">
            <Title order={4}>{t.report.replies}</Title>
            <Text size="xl" fw={700} data-testid="campaign-replies">
              {(report.data?.replies ?? c.counts.replied).toLocaleString('pt-BR')}
            </Text>
            <Text size="xs" c="dimmed">
              {(report.data?.tickets_opened ?? 0).toLocaleString('pt-BR')} {t.report.ticketsOpened}
            </Text>
          </Paper>
          <Paper withBorder p="md" radius="md">
            <Title order={4} mb="xs">
              {t.report.failures}
            </Title>
            {(report.data?.failures ?? []).length === 0 ? (
              <Text size="sm" c="dimmed">
                {t.report.failuresEmpty}
              </Text>
            ) : (
              <Table>
                <Table.Tbody>
                  {report.data!.failures.map((f) => (
                    <Table.Tr key={f.failure_code}>
                      <Table.Td>
                        <Text size="sm">{f.failure_reason}</Text>
                        <Text size="xs" c="dimmed">
                          {f.failure_code}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">{f.count.toLocaleString('pt-BR')}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Paper>
        </Stack>
      </SimpleGrid>
      <RecipientsTable campaignId={c.id} campaignName={c.name} />
    </Stack>
  );
}

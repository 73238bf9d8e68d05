import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { RECIPIENT_STATES, RECIPIENT_STATE_LABELS, type RecipientState } from '../../../../shared/domain/campaigns/campaign-states';
import type { CampaignRecipient } from '../../../../shared/graphql/generated';
import { ADMIN_PAGE_SIZE, AdminTable, adminKey, runGql, useGqlQuery, useListParams, useTenant } from '../../../ui/admin';
import { CAMPAIGN_RECIPIENTS, CAMPAIGN_RECIPIENTS_CSV } from '../api/campaign-operations';
import { t } from '../texts';

const FILTERS = ['state'] as const;
const STATE_COLORS: Record<string, string> = { queued: 'gray', sent: 'blue', delivered: 'teal', read: 'grape', replied: 'green', failed: 'red', canceled: 'gray' };

/** Hands a text to the browser as a file download. */
function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([`\uFEFF${text}`], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Every recipient with its state, paged on the server, and the CSV of them as filtered. */
export function RecipientsTable({ campaignId, campaignName }: { campaignId: string; campaignName: string }) {
  const tenant = useTenant();
  const params = useListParams(FILTERS);
  const filters = { state: params.filters.state, search: params.search || null };
  const recipients = useGqlQuery(CAMPAIGN_RECIPIENTS, {
    key: adminKey('campaigns', 'recipients', campaignId),
    variables: { campaign_id: campaignId, filters, pagination_page: params.page, pagination_limit: ADMIN_PAGE_SIZE },
    keepPrevious: true,
    select: (data) => data.campaignRecipients,
  });
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      const data = await runGql(tenant, CAMPAIGN_RECIPIENTS_CSV, { campaign_id: campaignId, filters });
      download(t.report.exportName(campaignName.replace(/[^\w-]+/g, '-').toLowerCase()), data.campaignRecipientsCsv);
    } catch {
      // The client showed the catalogue's notification.
    } finally {
      setExporting(false);
    }
  };
  const page = { ...recipients, data: recipients.data?.items };

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={4}>{t.report.recipients}</Title>
        <Button variant="default" onClick={() => void exportCsv()} loading={exporting}>
          {t.report.export}
        </Button>
      </Group>
      <AdminTable<CampaignRecipient, (typeof FILTERS)[number]>
        query={page}
        params={params}
        paging={{ mode: 'server', total: recipients.data?.total ?? 0 }}
        columns={[
          {
            accessor: 'customer_name',
            title: t.report.columns.contact,
            render: (r) => <Text size="sm">{r.customer_name ?? r.phone_number}</Text>,
          },
          { accessor: 'phone_number', title: t.report.columns.phone },
          {
            accessor: 'state',
            title: t.report.columns.state,
            render: (r) => (
              <Badge variant="light" color={STATE_COLORS[r.state] ?? 'gray'} style={{ overflow: 'visible' }}>
                {RECIPIENT_STATE_LABELS[r.state as RecipientState] ?? r.state}
              </Badge>
            ),
          },
          { accessor: 'sent_at', title: t.report.columns.sentAt, render: (r) => <Text size="xs">{r.sent_at ?? '—'}</Text> },
          { accessor: 'failure_reason', title: t.report.columns.reason, render: (r) => <Text size="xs" c="red">{r.failure_reason ?? ''}</Text> },
        ]}
        rowLabel={(r) => r.customer_name ?? r.phone_number}
        searchLabel={t.report.searchRecipient}
        filters={[{ name: 'state', label: t.report.state, placeholder: t.report.any, options: RECIPIENT_STATES.map((s) => ({ value: s, label: RECIPIENT_STATE_LABELS[s] })) }]}
        empty={{ title: t.report.emptyRecipients, hint: t.report.emptyRecipientsHint }}
        errorTitle={t.loadError}
      />
    </Stack>
  );
}

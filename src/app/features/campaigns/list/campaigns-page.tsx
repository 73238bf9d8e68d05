import { Alert, Badge, Button, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { CAMPAIGN_STATUSES, CAMPAIGN_STATUS_LABELS, isEditableCampaign, type CampaignStatus } from '../../../../shared/domain/campaigns/campaign-states';
import { AdminPage, AdminTable, adminKey, foldText, useGqlQuery, useListParams, useTenant } from '../../../ui/admin';
import { CAMPAIGNS, type CampaignRow } from '../api/campaign-operations';
import { STATUS_COLORS } from '../model/progress';
import { t } from '../texts';
import { CampaignCountsLine, CampaignProgressBar } from './campaign-progress';
import { useCampaignActions } from './use-campaign-actions';

const FILTERS = ['status'] as const;

export function CampaignStatusBadge({ status }: { status: string }) {
  return (
    <Badge variant="light" color={STATUS_COLORS[status] ?? 'gray'} style={{ overflow: 'visible' }}>
      {CAMPAIGN_STATUS_LABELS[status as CampaignStatus] ?? status}
    </Badge>
  );
}

/**
 * whatsapp/campaigns: every campaign with its state, bar and counts. The counts follow the sends
 * live: the server announces each campaign change on the tenant-change feed (kind "campaigns"),
 * which re-reads this list.
 */
export function CampaignsPage() {
  const tenant = useTenant();
  const navigate = useNavigate();
  const params = useListParams(FILTERS);
  const campaigns = useGqlQuery(CAMPAIGNS, { key: adminKey('campaigns', 'list'), select: (data) => data.campaigns });
  const { actionsOf } = useCampaignActions();
  const go = (path: string) => void navigate({ href: `/${tenant}/whatsapp/campaigns${path}` });
  const addButton = <Button onClick={() => go('/add')}>{t.list.add}</Button>;

  return (
    <AdminPage description={t.list.description} action={addButton}>
      <AdminTable<CampaignRow, (typeof FILTERS)[number]>
        query={campaigns}
        params={params}
        paging={{
          mode: 'client',
          matches: (c, search, filters) => foldText(c.name).includes(search) && (filters.status === null || c.status === filters.status),
        }}
        columns={[
          {
            accessor: 'name',
            title: t.list.columns.name,
            sortable: true,
            render: (c) => (
              <Stack gap={0}>
                <Text size="sm" fw={500}>
                  {c.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {c.instance_name}
                </Text>
              </Stack>
            ),
          },
          { accessor: 'status', title: t.list.columns.status, width: 120, render: (c) => <CampaignStatusBadge status={c.status} /> },
          {
            accessor: 'progress',
            title: t.list.columns.progress,
            width: 190,
            render: (c) => <CampaignProgressBar name={c.name} status={c.status} counts={c.counts} />,
          },
          {
            accessor: 'counts',
            title: t.list.columns.counts,
            render: (c) => (
              <Stack gap={2}>
                <CampaignCountsLine counts={c.counts} />
                {c.warning && (
                  <Alert variant="light" color="yellow" p={4}>
                    <Text size="xs">{c.warning}</Text>
                  </Alert>
                )}
              </Stack>
            ),
          },
          {
            accessor: 'started_at',
            title: t.list.columns.when,
            width: 150,
            sortable: true,
            render: (c) => (
              <Text size="xs">{c.started_at ?? (c.status === 'agendada' && c.send_at ? t.list.startsAt(c.send_at) : t.list.notStarted)}</Text>
            ),
          },
        ]}
        rowLabel={(c) => c.name}
        searchLabel={t.list.search}
        filters={[
          {
            name: 'status',
            label: t.list.filters.status,
            placeholder: t.list.filters.any,
            options: CAMPAIGN_STATUSES.map((status) => ({ value: status, label: CAMPAIGN_STATUS_LABELS[status] })),
          },
        ]}
        rowActions={(c) => [
          isEditableCampaign(c.status)
            ? { label: t.actions.edit, onClick: () => go(`/edit/${c.id}`) }
            : { label: t.actions.report, onClick: () => go(`/edit/${c.id}`) },
          ...actionsOf(c),
        ]}
        onRowClick={(c) => go(`/edit/${c.id}`)}
        empty={{ title: t.list.empty, hint: t.list.emptyHint, action: addButton }}
        errorTitle={t.loadError}
      />
    </AdminPage>
  );
}

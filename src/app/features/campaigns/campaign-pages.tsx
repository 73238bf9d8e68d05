import { Alert } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { isEditableCampaign } from '../../../shared/domain/campaigns/campaign-states';
import { adminKey, useGqlQuery } from '../../ui/admin';
import { ErrorState, LoadingState } from '../../ui/remote/load-states';
import { CAMPAIGN } from './api/campaign-operations';
import { CampaignForm } from './form/campaign-form-page';
import { CampaignReport } from './report/campaign-report';
import { t } from './texts';

export { CampaignsPage } from './list/campaigns-page';

/** whatsapp/campaigns/add */
export function CampaignAddPage() {
  return <CampaignForm campaign={null} />;
}

/**
 * whatsapp/campaigns/edit/{id}: the form while the campaign has not started (rascunho, agendada),
 * its live report once it has; SPEC §2 has no other route for a campaign.
 */
export function CampaignEditPage() {
  const { id = '' } = useParams({ strict: false }) as { id?: string };
  const campaign = useGqlQuery(CAMPAIGN, { key: adminKey('campaigns', 'one', id), variables: { id }, select: (d) => d.campaign });
  if (campaign.isLoading) return <LoadingState label={t.loading} />;
  if (campaign.error) return <ErrorState title={t.loadError} error={campaign.error} onRetry={() => void campaign.refetch()} />;
  if (!campaign.data) return <Alert color="yellow">{t.form.notFound}</Alert>;
  // The form is keyed by id so another campaign starts from its own values; a live refetch while
  // editing does not reset what is being typed (the form keeps its first values).
  return isEditableCampaign(campaign.data.status) ? <CampaignForm key={id} campaign={campaign.data} /> : <CampaignReport campaign={campaign.data} />;
}

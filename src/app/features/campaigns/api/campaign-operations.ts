import type {
  Campaign,
  CampaignAudienceInput,
  CampaignAudiencePreview,
  CampaignInput,
  CampaignRecipientFilters,
  CampaignRecipientPage,
  CampaignReport,
  WhatsappTemplate,
} from '../../../../shared/graphql/generated';
import { gqlOperation } from '../../../ui/admin';

/** The GraphQL operations of the campaign screens (campaigns.graphql); admin screens call them directly (DESIGN §4). */
const COUNTS = 'counts { total queued sent delivered read replied failed canceled excluded_blacklisted excluded_opted_out excluded_invalid }';
const CAMPAIGN_FIELDS = `id name instance_id instance_name is_official status message message_template_id template_name template_language
  template_variables { key field value } send_at audience { group_ids category_ids customer_ids csv_numbers } ${COUNTS}
  warning resumes_at throughput_per_second messaging_limit created_by_name created_at started_at finished_at updated_at`;

export type CampaignRow = Campaign;

export const CAMPAIGNS = gqlOperation<{ campaigns: CampaignRow[] }>(`query Campaigns { campaigns { ${CAMPAIGN_FIELDS} } }`);
export const CAMPAIGN = gqlOperation<{ campaign: CampaignRow | null }, { id: string }>(`query Campaign($id: ID!) { campaign(id: $id) { ${CAMPAIGN_FIELDS} } }`);

export const CREATE_CAMPAIGN = gqlOperation<{ createCampaign: CampaignRow }, { input: CampaignInput }>(
  `mutation CreateCampaign($input: CampaignInput!) { createCampaign(input: $input) { id status } }`,
);
export const UPDATE_CAMPAIGN = gqlOperation<{ updateCampaign: CampaignRow }, { id: string; input: CampaignInput }>(
  `mutation UpdateCampaign($id: ID!, $input: CampaignInput!) { updateCampaign(id: $id, input: $input) { id status } }`,
);
const lifecycle = (name: string) =>
  gqlOperation<Record<string, CampaignRow>, { id: string }>(`mutation ($id: ID!) { ${name}(id: $id) { id status } }`);
export const START_CAMPAIGN = lifecycle('startCampaign');
export const PAUSE_CAMPAIGN = lifecycle('pauseCampaign');
export const RESUME_CAMPAIGN = lifecycle('resumeCampaign');
export const CANCEL_CAMPAIGN = lifecycle('cancelCampaign');

export const AUDIENCE_PREVIEW = gqlOperation<{ campaignAudiencePreview: CampaignAudiencePreview }, { instance_id: string | null; audience: CampaignAudienceInput }>(
  `query CampaignAudiencePreview($instance_id: ID, $audience: CampaignAudienceInput!) {
    campaignAudiencePreview(instance_id: $instance_id, audience: $audience) { recipients excluded_blacklisted excluded_opted_out excluded_invalid }
  }`,
);

export const CAMPAIGN_REPORT = gqlOperation<{ campaignReport: CampaignReport }, { id: string }>(
  `query CampaignReport($id: ID!) { campaignReport(id: $id) {
    campaign { ${CAMPAIGN_FIELDS} } bucket_minutes timeline { at sent delivered read replied failed }
    failures { failure_code failure_reason count } replies tickets_opened
  } }`,
);
export const CAMPAIGN_RECIPIENTS = gqlOperation<
  { campaignRecipients: CampaignRecipientPage },
  { campaign_id: string; filters: CampaignRecipientFilters; pagination_page: number; pagination_limit: number }
>(
  `query CampaignRecipients($campaign_id: ID!, $filters: CampaignRecipientFilters, $pagination_page: Int, $pagination_limit: Int) {
    campaignRecipients(campaign_id: $campaign_id, filters: $filters, pagination_page: $pagination_page, pagination_limit: $pagination_limit) {
      total total_pages items { id customer_id customer_name phone_number state failure_code failure_reason sent_at delivered_at read_at replied_at failed_at chat_ticket_id }
    }
  }`,
);
export const CAMPAIGN_RECIPIENTS_CSV = gqlOperation<{ campaignRecipientsCsv: string }, { campaign_id: string; filters: CampaignRecipientFilters }>(
  'query CampaignRecipientsCsv($campaign_id: ID!, $filters: CampaignRecipientFilters) { campaignRecipientsCsv(campaign_id: $campaign_id, filters: $filters) }',
);

/** What the form picks from. */
export const CAMPAIGN_CONNECTIONS = gqlOperation<{ instances: Array<{ id: string; name: string; is_official: boolean; messaging_limit: string | null }> }>(
  'query CampaignConnections { instances { id name is_official messaging_limit } }',
);
export const CAMPAIGN_GROUPS = gqlOperation<{ customerGroups: Array<{ id: string; name: string; color_tag: string | null }> }>(
  'query CampaignGroups { customerGroups { id name color_tag } }',
);
export const CAMPAIGN_CATEGORIES = gqlOperation<{ categories: Array<{ id: string; name: string; color: string }> }>(
  'query CampaignCategories { categories { id name color } }',
);
export const QUICK_ANSWERS = gqlOperation<{ messageTemplates: Array<{ id: string; identifier: string; value: string }> }>(
  'query CampaignQuickAnswers { messageTemplates { id identifier value } }',
);
export const APPROVED_TEMPLATES = gqlOperation<{ whatsappTemplates: Array<Pick<WhatsappTemplate, 'id' | 'name' | 'language' | 'components'>> }, { instance_id: string }>(
  'query CampaignTemplates($instance_id: ID!) { whatsappTemplates(instance_id: $instance_id, status: "APPROVED", refresh: false) { id name language components } }',
);
export const CONTACT_SEARCH = gqlOperation<{ scheduleRecipients: Array<{ id: string; name: string | null; phone_number: string }> }, { search: string }>(
  'query CampaignContactSearch($search: String!) { scheduleRecipients(search: $search) { id name phone_number } }',
);

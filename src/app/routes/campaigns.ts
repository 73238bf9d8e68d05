import { lazyScreen } from './lazy-screen';
import { appRoute } from './signed-in';

const pages = () => import('../features/campaigns/campaign-pages');

/** Campanhas: WhatsApp campaigns (issue 15 §4); a started campaign's edit address shows its report. */
export const campaignRoutes = [
  appRoute('whatsapp-campaigns', lazyScreen(pages, 'CampaignsPage')),
  appRoute('whatsapp-campaigns-add', lazyScreen(pages, 'CampaignAddPage')),
  appRoute('whatsapp-campaigns-edit', lazyScreen(pages, 'CampaignEditPage')),
];

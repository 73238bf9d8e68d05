import { appRoute, placeholderScreen } from './signed-in';

/** CRM: attendance summaries, categories, scheduled messages. */
export const crmRoutes = [
  appRoute('crm-reasons', placeholderScreen),
  appRoute('crm-reasons-new', placeholderScreen),
  appRoute('crm-reasons-edit', placeholderScreen),
  appRoute('crm-category', placeholderScreen),
  appRoute('crm-category-add', placeholderScreen),
  appRoute('crm-category-edit', placeholderScreen),
  appRoute('crm-schedules', placeholderScreen),
];

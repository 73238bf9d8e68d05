import { lazyScreen } from './lazy-screen';
import { appRoute } from './signed-in';

const reasons = () => import('../features/crm/reasons/reasons-page');
const categories = () => import('../features/crm/categories/categories-page');
const schedules = () => import('../features/crm/schedules/schedules-page');

/** CRM: attendance summaries, categories, scheduled messages (issue 15). */
export const crmRoutes = [
  appRoute('crm-reasons', lazyScreen(reasons, 'ReasonsPage')),
  appRoute('crm-reasons-new', lazyScreen(reasons, 'ReasonNewPage')),
  appRoute('crm-reasons-edit', lazyScreen(reasons, 'ReasonEditPage')),
  appRoute('crm-category', lazyScreen(categories, 'CategoriesPage')),
  appRoute('crm-category-add', lazyScreen(categories, 'CategoryAddPage')),
  appRoute('crm-category-edit', lazyScreen(categories, 'CategoryEditPage')),
  appRoute('crm-schedules', lazyScreen(schedules, 'SchedulesPage')),
];

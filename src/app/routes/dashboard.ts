import { lazyScreen } from './lazy-screen';
import { appRoute } from './signed-in';

const screens = () => import('../features/dashboard/screens');

/** Painéis: dashboards and reports. */
export const dashboardRoutes = [
  appRoute('dashboard-analytics', lazyScreen(screens, 'AnalyticsPage')),
  appRoute('dashboard-analytics2', lazyScreen(screens, 'Analytics2Page')),
  appRoute('dashboard-report', lazyScreen(screens, 'ReportPage')),
  appRoute('dashboard-security-report', lazyScreen(screens, 'SecurityReportPage')),
  appRoute('dashboard-report-nps', lazyScreen(screens, 'ReportNpsPage')),
  appRoute('dashboard-report-new', lazyScreen(screens, 'ReportNewPage')),
];

import { appRoute, placeholderScreen } from './signed-in';

/** Painéis: dashboards and reports. */
export const dashboardRoutes = [
  appRoute('dashboard-analytics', placeholderScreen),
  appRoute('dashboard-analytics2', placeholderScreen),
  appRoute('dashboard-report', placeholderScreen),
  appRoute('dashboard-security-report', placeholderScreen),
  appRoute('dashboard-report-nps', placeholderScreen),
  appRoute('dashboard-report-new', placeholderScreen),
];

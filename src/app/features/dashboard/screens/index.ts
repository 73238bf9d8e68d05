export { AnalyticsPage } from './analytics-page';
export { Analytics2Page } from './analytics2-page';
export { ReportNewPage } from './report-new-page';
export { ReportNpsPage } from './report-nps-page';
export { ReportPage } from './report-page';
export { SecurityReportPage } from './security-report-page';

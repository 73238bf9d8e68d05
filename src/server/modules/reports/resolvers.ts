import { z } from 'zod';
import type { RequestContext } from '../../graphql/context';
import type { ModuleResolvers } from '../../graphql/resolver-types';
import { parseInput } from '../../graphql/validation';
import { rowId } from '../../sync/access';
import { reportSumsInput, reportTicketsInput, saveReportInput, surveyAnswersInput, type ReportFilterInput } from './inputs';
import { FIGURE_ROUTES, allowedInstances, requireReportRoute } from './report-access';
import { liveQueue, npsScale, reportNames, surveyAnswers, ticketsBehind } from './report-lookups';
import { reportSums, type ScopedFilter } from './report-sums';
import { refreshRollups } from './rollup-refresh';
import { deleteSavedReport, listSavedReports, saveReport } from './saved-reports';

const LIVE_ROUTES = ['dashboard-analytics', 'dashboard-analytics2'];
const NPS_ROUTES = ['dashboard-report-nps', 'dashboard-report-new', 'dashboard-analytics', 'dashboard-analytics2'];
const BUILDER_ROUTES = ['dashboard-report-new'];

function scoped(context: RequestContext, routes: readonly string[], filter: ReportFilterInput): ScopedFilter {
  const viewer = requireReportRoute(context, routes);
  return { ...filter, instances: allowedInstances(viewer, filter.instance_ids) };
}

export const reportsResolvers: ModuleResolvers = {
  Query: {
    reportSums: async (_, args, context) => {
      const input = parseInput(reportSumsInput, args);
      const filter = scoped(context, FIGURE_ROUTES, input.filter);
      return reportSums(context.database, context.tenant.id, filter, input.group_by, input.metrics ?? null);
    },
    reportNames: async (_, _args, context) => {
      const viewer = requireReportRoute(context, [...FIGURE_ROUTES, 'dashboard-security-report']);
      return reportNames(context.database, context.tenant.id, allowedInstances(viewer, null));
    },
    reportNpsScale: async (_, _args, context) => {
      requireReportRoute(context, NPS_ROUTES);
      return npsScale(context.database, context.tenant.id);
    },
    reportLiveQueue: async (_, args, context) => {
      const input = parseInput(z.object({ instance_ids: z.array(rowId).max(200).nullish() }), args);
      const viewer = requireReportRoute(context, LIVE_ROUTES);
      return liveQueue(context.database, context.tenant.id, allowedInstances(viewer, input.instance_ids));
    },
    reportTickets: async (_, args, context) => {
      const input = parseInput(reportTicketsInput, args);
      const filter = scoped(context, FIGURE_ROUTES, input.filter);
      await refreshRollups(context.database, context.tenant.id);
      return ticketsBehind(context.database, context.tenant.id, filter, input.metric, input.day ?? null, input.hour ?? null, input.limit ?? 100);
    },
    reportSurveyAnswers: async (_, args, context) => {
      const input = parseInput(surveyAnswersInput, args);
      const filter = scoped(context, NPS_ROUTES, input.filter);
      await refreshRollups(context.database, context.tenant.id);
      return surveyAnswers(context.database, context.tenant.id, filter, input.max_grade ?? null, input.limit ?? 200);
    },
    savedReports: async (_, _args, context) => {
      requireReportRoute(context, BUILDER_ROUTES);
      return listSavedReports(context.database, context.tenant.id);
    },
  },
  Mutation: {
    saveReport: async (_, args, context) => {
      const input = parseInput(saveReportInput, args);
      const viewer = requireReportRoute(context, BUILDER_ROUTES);
      return saveReport(context.database, context.tenant.id, viewer.userId, input.name, input.definition);
    },
    deleteSavedReport: async (_, args, context) => {
      const { id } = parseInput(z.object({ id: rowId }), args);
      requireReportRoute(context, BUILDER_ROUTES);
      await deleteSavedReport(context.database, context.tenant.id, id);
      return true;
    },
  },
};


import { z } from 'zod';
import type { ModuleResolvers } from '../../graphql/resolver-types';
import { parseInput } from '../../graphql/validation';
import { rowId } from '../../sync/access';
import { isAuditAction } from '../../../shared/domain/audit-actions';
import { periodInput } from '../reports/inputs';
import { requireReportRoute } from '../reports/report-access';
import { reportTexts } from '../reports/texts';
import { securityCounts, securityEvents } from './security-events';

const SECURITY_ROUTES = ['dashboard-security-report'];

const eventsInput = z.object({
  period: periodInput,
  actions: z.array(z.string().max(40).refine(isAuditAction)).max(20).nullish(),
  user_id: rowId.nullish(),
  ip: z.string().trim().max(64).nullish(),
  limit: z.number().int().min(1).max(1000).nullish(),
  offset: z.number().int().min(0).max(1_000_000).nullish(),
});

export const auditResolvers: ModuleResolvers = {
  Query: {
    securityEvents: async (_, args, context) => {
      const input = parseInput(eventsInput, { ...args, period: { from: args.from, to: args.to } });
      requireReportRoute(context, SECURITY_ROUTES);
      return securityEvents(context.database, context.tenant.id, {
        period: input.period,
        actions: input.actions ?? null,
        userId: input.user_id ?? null,
        ip: input.ip || null,
        limit: input.limit ?? 100,
        offset: input.offset ?? 0,
      });
    },
    securityCounts: async (_, args, context) => {
      const input = parseInput(z.object({ from: z.string(), to: z.string(), by: z.enum(['user', 'ip'], reportTexts.byInvalid) }), args);
      const period = parseInput(periodInput, { from: input.from, to: input.to });
      requireReportRoute(context, SECURITY_ROUTES);
      return securityCounts(context.database, context.tenant.id, period, input.by);
    },
  },
};

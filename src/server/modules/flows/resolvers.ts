import { z } from 'zod';
import { canSeeTicket } from '../../../shared/domain/tickets';
import type { ChatFlowSaveResult } from '../../../shared/graphql/generated';
import type { RequestContext } from '../../graphql/context';
import { forbidden, validation } from '../../graphql/errors';
import { requireRoute } from '../../graphql/guards';
import type { ModuleResolvers } from '../../graphql/resolver-types';
import { parseInput } from '../../graphql/validation';
import { rowId, syncViewerOf } from '../../sync/access';
import { assertUseInstance } from '../instances/instance-access';
import { publishTenantChange } from '../tenant-changes/tenant-changes';
import { startFlowForTicket } from './flow-engine';
import { flowEngineDeps } from './flow-job-module';
import {
  createFlow,
  deleteFlow,
  flowInputSchema,
  flowKindSchema,
  getFlow,
  listFlows,
  listVersions,
  publishFlow,
  requireFlow,
  restoreVersion,
  saveFlow,
  setInstanceFlow,
  versionDefinitionText,
  type FlowKind,
} from './flow-store';
import { checkFlow, type FlowProblem } from '../../../shared/domain/flows/flow-check';
import { flowTexts } from './texts';

const ROUTE_OF: Record<FlowKind, string> = { passive: 'chat-flows-list', active: 'chat-flows-active-list' };
const ANY_FLOW_ROUTE = Object.values(ROUTE_OF);

/** The flow screens of the flow's kind (SPEC §2 check rule). */
async function requireFlowOfRoute(context: RequestContext, id: number) {
  requireRoute(context, ...ANY_FLOW_ROUTE);
  const flow = await context.database.withTenant(context.tenant.id, (tx) => requireFlow(tx, context.tenant.id, id));
  requireRoute(context, ROUTE_OF[flow.kind as FlowKind]);
  return flow;
}

async function answer(context: RequestContext, id: number, problems: FlowProblem[]): Promise<ChatFlowSaveResult> {
  const flow = await context.database.withTenant(context.tenant.id, (tx) => requireFlow(tx, context.tenant.id, id));
  return { flow, problems: problems.map((p) => ({ node_id: p.node_id, message: p.message })) };
}

const announce = (context: RequestContext, id: number | null) =>
  publishTenantChange(flowEngineDeps(context).pubsub, context.tenant.id, { kind: 'flows', id });

const idArgs = z.object({ id: rowId });

export const flowsResolvers: ModuleResolvers = {
  Query: {
    chatFlows: async (_, args, context) => {
      const input = parseInput(z.object({ kind: flowKindSchema, search: z.string().trim().max(120).nullish() }), args);
      requireRoute(context, ROUTE_OF[input.kind]);
      return context.database.withTenant(context.tenant.id, (tx) => listFlows(tx, context.tenant.id, input.kind, input.search || null));
    },
    chatFlow: async (_, args, context) => {
      const { id } = parseInput(idArgs, args);
      requireRoute(context, ...ANY_FLOW_ROUTE);
      const flow = await context.database.withTenant(context.tenant.id, (tx) => getFlow(tx, context.tenant.id, id));
      if (flow) requireRoute(context, ROUTE_OF[flow.kind as FlowKind]);
      return flow;
    },
    chatFlowVersions: async (_, args, context) => {
      const { flow_id } = parseInput(z.object({ flow_id: rowId }), args);
      await requireFlowOfRoute(context, flow_id);
      return context.database.withTenant(context.tenant.id, (tx) => listVersions(tx, context.tenant.id, flow_id));
    },
    chatFlowVersion: async (_, args, context) => {
      const { id } = parseInput(idArgs, args);
      requireRoute(context, ...ANY_FLOW_ROUTE);
      return context.database.withTenant(context.tenant.id, (tx) => versionDefinitionText(tx, context.tenant.id, id));
    },
    startableChatFlows: async (_, __, context) => {
      requireRoute(context, 'chat-attendance');
      const flows = await context.database.withTenant(context.tenant.id, (tx) => listFlows(tx, context.tenant.id, null, null));
      return flows.filter((flow) => flow.published_version !== null);
    },
  },
  Mutation: {
    createChatFlow: async (_, args, context) => {
      const kind = parseInput(flowKindSchema, args.kind);
      const viewer = requireRoute(context, ROUTE_OF[kind]);
      const input = parseInput(flowInputSchema, args.input);
      const id = await context.database.withTenant(context.tenant.id, (tx) => createFlow(tx, context.tenant.id, viewer.userId, kind, input));
      await announce(context, id);
      return answer(context, id, checkFlow(input.draft, { kind }));
    },
    saveChatFlow: async (_, args, context) => {
      const { id } = parseInput(idArgs, { id: args.id });
      const flow = await requireFlowOfRoute(context, id);
      const input = parseInput(flowInputSchema, args.input);
      await context.database.withTenant(context.tenant.id, (tx) => saveFlow(tx, context.tenant.id, id, input));
      await announce(context, id);
      return answer(context, id, checkFlow(input.draft, { kind: flow.kind as FlowKind }));
    },
    publishChatFlow: async (_, args, context) => {
      const { id } = parseInput(idArgs, args);
      await requireFlowOfRoute(context, id);
      const viewer = requireRoute(context, ...ANY_FLOW_ROUTE);
      const problems = await context.database.withTenant(context.tenant.id, (tx) => publishFlow(tx, context.tenant.id, id, viewer.userId));
      await announce(context, id);
      return answer(context, id, problems);
    },
    restoreChatFlowVersion: async (_, args, context) => {
      const input = parseInput(z.object({ flow_id: rowId, version_id: rowId }), args);
      await requireFlowOfRoute(context, input.flow_id);
      const viewer = requireRoute(context, ...ANY_FLOW_ROUTE);
      const problems = await context.database.withTenant(context.tenant.id, (tx) => restoreVersion(tx, context.tenant.id, input.flow_id, input.version_id, viewer.userId));
      await announce(context, input.flow_id);
      return answer(context, input.flow_id, problems);
    },
    deleteChatFlow: async (_, args, context) => {
      const { id } = parseInput(idArgs, args);
      await requireFlowOfRoute(context, id);
      await context.database.withTenant(context.tenant.id, (tx) => deleteFlow(tx, context.tenant.id, id));
      await announce(context, id);
      return true;
    },
    setInstancePassiveFlow: async (_, args, context) => {
      const input = parseInput(z.object({ instance_id: rowId, flow_id: rowId.nullish() }), args);
      requireRoute(context, ROUTE_OF.passive);
      await context.database.withTenant(context.tenant.id, (tx) => setInstanceFlow(tx, context.tenant.id, input.instance_id, input.flow_id ?? null));
      await announce(context, input.flow_id ?? null);
      return true;
    },
    startChatFlow: async (_, args, context) => {
      const input = parseInput(z.object({ ticket_id: rowId, flow_id: rowId }), args);
      const viewer = requireRoute(context, 'chat-attendance');
      const ticket = await context.database.withTenant(context.tenant.id, (tx) =>
        tx
          .selectFrom('chat_tickets')
          .select(['id', 'instance_id', 'user_id', 'inbox', 'inbox_department_id', 'finished_ticket'])
          .where('tenant_id', '=', context.tenant.id)
          .where('id', '=', input.ticket_id)
          .executeTakeFirst(),
      );
      if (!ticket) throw validation('ticket_id', 'Atendimento não encontrado.');
      assertUseInstance(viewer, ticket.instance_id);
      if (!canSeeTicket(ticket, syncViewerOf(context))) throw forbidden();
      const outcome = await startFlowForTicket(flowEngineDeps(context), context.tenant.id, input.ticket_id, input.flow_id, viewer.userId);
      if (outcome === 'not_published') throw validation('flow_id', flowTexts.notPublished);
      if (outcome === 'closed') throw validation('ticket_id', flowTexts.ticketClosed);
      if (outcome === 'outside_window') throw validation('flow_id', flowTexts.outsideWindow);
      return true;
    },
  },
};

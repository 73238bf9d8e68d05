import { z } from 'zod';
import { categorySchema, crmReasonSchema } from '../../../shared/domain/crm';
import type { Category, CrmReason } from '../../../shared/graphql/generated';
import type { ModuleResolvers } from '../../graphql/resolver-types';
import { parseInput } from '../../graphql/validation';
import { requireViewer } from '../../graphql/guards';
import { forbidden } from '../../graphql/errors';
import { canOpenRoute } from '../../../shared/domain/permissions';
import { rowId } from '../../sync/access';
import { announce, assertSeesTicket, withRoute, withRouteChanges } from './access';
import { createCategory, deleteCategory, findCategory, listCategories, setTicketCategories, ticketCategories, updateCategory, type CategoryRecord } from './categories';
import { createReason, deleteReason, findReason, listReasons, updateReason, type CrmReasonRecord } from './reasons';

const REASONS_ROUTE = 'crm-reasons';
const CATEGORIES_ROUTE = 'crm-category';
const ATTENDANCE_ROUTE = 'chat-attendance';

const idArgs = z.object({ id: rowId });
const search = z.string().trim().max(80).nullish();

const reasonOut = (row: CrmReasonRecord): CrmReason => ({ ...row, id: String(row.id) });
const categoryOut = (row: CategoryRecord): Category => ({ ...row, id: String(row.id) });

export const crmResolvers: ModuleResolvers = {
  Query: {
    crmReasons: async (_, args, context) => {
      const filters = parseInput(z.object({ search, activated: z.boolean().nullish() }), args);
      return (await withRoute(context, REASONS_ROUTE, (tx, tenantId) => listReasons(tx, tenantId, filters))).map(reasonOut);
    },
    crmReason: async (_, args, context) => {
      const { id } = parseInput(idArgs, args);
      const row = await withRoute(context, REASONS_ROUTE, (tx, tenantId) => findReason(tx, tenantId, id));
      return row ? reasonOut(row) : null;
    },
    categories: async (_, args, context) => {
      const input = parseInput(z.object({ search }), args);
      // Attendants filter their lists by category; the CRM screen edits them.
      const viewer = requireViewer(context);
      const role = { name: viewer.roleName, has_permission_routes: viewer.routes };
      if (!canOpenRoute(CATEGORIES_ROUTE, role) && !canOpenRoute(ATTENDANCE_ROUTE, role)) throw forbidden();
      const rows = await context.database.withTenant(context.tenant.id, (tx) => listCategories(tx, context.tenant.id, input.search));
      return rows.map(categoryOut);
    },
    category: async (_, args, context) => {
      const { id } = parseInput(idArgs, args);
      const row = await withRoute(context, CATEGORIES_ROUTE, (tx, tenantId) => findCategory(tx, tenantId, id));
      return row ? categoryOut(row) : null;
    },
    ticketCategories: async (_, args, context) => {
      const { chat_ticket_id } = parseInput(z.object({ chat_ticket_id: rowId }), args);
      const rows = await withRoute(context, ATTENDANCE_ROUTE, async (tx, tenantId) => {
        await assertSeesTicket(tx, context, chat_ticket_id);
        return ticketCategories(tx, tenantId, chat_ticket_id);
      });
      return rows.map(categoryOut);
    },
  },
  Mutation: {
    createCrmReason: async (_, args, context) => {
      const input = parseInput(crmReasonSchema, args.input);
      const row = await withRoute(context, REASONS_ROUTE, (tx, tenantId) => createReason(tx, tenantId, input));
      await announce(context, 'crm_reasons', row.id);
      return reasonOut(row);
    },
    updateCrmReason: async (_, args, context) => {
      const { id } = parseInput(idArgs, { id: args.id });
      const input = parseInput(crmReasonSchema, args.input);
      const row = await withRoute(context, REASONS_ROUTE, (tx, tenantId) => updateReason(tx, tenantId, id, input));
      await announce(context, 'crm_reasons', row.id);
      return reasonOut(row);
    },
    deleteCrmReason: async (_, args, context) => {
      const { id } = parseInput(idArgs, args);
      await withRoute(context, REASONS_ROUTE, (tx, tenantId) => deleteReason(tx, tenantId, id));
      await announce(context, 'crm_reasons', id);
      return true;
    },
    createCategory: async (_, args, context) => {
      const input = parseInput(categorySchema, args.input);
      const row = await withRoute(context, CATEGORIES_ROUTE, (tx, tenantId) => createCategory(tx, tenantId, input));
      await announce(context, 'categories', row.id);
      return categoryOut(row);
    },
    updateCategory: async (_, args, context) => {
      const { id } = parseInput(idArgs, { id: args.id });
      const input = parseInput(categorySchema, args.input);
      const row = await withRoute(context, CATEGORIES_ROUTE, (tx, tenantId) => updateCategory(tx, tenantId, id, input));
      await announce(context, 'categories', row.id);
      return categoryOut(row);
    },
    deleteCategory: async (_, args, context) => {
      const { id } = parseInput(idArgs, args);
      await withRouteChanges(context, CATEGORIES_ROUTE, (tx, tenantId, changes) => deleteCategory(tx, changes, tenantId, id));
      await announce(context, 'categories', id);
      return true;
    },
    setTicketCategories: async (_, args, context) => {
      const input = parseInput(z.object({ chat_ticket_id: rowId, category_ids: z.array(rowId).max(50) }), args);
      const viewer = requireViewer(context);
      const rows = await withRouteChanges(context, ATTENDANCE_ROUTE, async (tx, tenantId, changes) => {
        await assertSeesTicket(tx, context, input.chat_ticket_id);
        return setTicketCategories(tx, changes, tenantId, input.chat_ticket_id, input.category_ids, viewer.userId);
      });
      return rows.map(categoryOut);
    },
  },
};

import { z } from 'zod';
import { SCHEDULE_STATUSES, scheduleAttachmentInputSchema, scheduleMessageSchema, scheduleTemplateSchema, sendAtSchema } from '../../../shared/domain/schedules';
import type { RequestContext } from '../../graphql/context';
import { requireViewer } from '../../graphql/guards';
import type { ModuleResolvers } from '../../graphql/resolver-types';
import { parseInput } from '../../graphql/validation';
import type { JobQueue } from '../../jobs/job-queue';
import { rowId } from '../../sync/access';
import { assertUseInstance } from '../instances/instance-access';
import { publishTenantChange } from '../tenant-changes/tenant-changes';
import { resolveScheduleContent } from './schedule-content';
import { cancelSchedule, createSchedule, ownerFilter, readSchedule, scheduleOut, updateSchedule, waitingSchedule } from './schedule-service';
import { listSchedules } from './schedule-store';

const filtersSchema = z
  .object({
    status: z.enum(SCHEDULE_STATUSES).nullish(),
    instance_id: rowId.nullish(),
    customer_id: rowId.nullish(),
    search: z.string().trim().max(100).nullish(),
  })
  .nullish();

function jobsOf(context: RequestContext): JobQueue {
  const jobs = context.services.jobs;
  if (!jobs) throw new Error('the job queue is not attached');
  return jobs;
}

async function announce(context: RequestContext, id: number): Promise<void> {
  const pubsub = context.services.sync?.pubsub;
  if (pubsub) await publishTenantChange(pubsub, context.tenant.id, { kind: 'schedules', id }).catch(() => undefined);
}

export const schedulesResolvers: ModuleResolvers = {
  Query: {
    scheduledMessages: async (_, args, context) => {
      const viewer = requireViewer(context);
      const filters = parseInput(filtersSchema, args.filters) ?? {};
      if (filters.instance_id != null) assertUseInstance(viewer, filters.instance_id);
      const rows = await context.database.withTenant(context.tenant.id, (tx) =>
        listSchedules(tx, context.tenant.id, {
          status: filters.status,
          instanceId: filters.instance_id,
          customerId: filters.customer_id,
          search: filters.search,
          userId: ownerFilter(viewer),
        }),
      );
      return rows.map(scheduleOut);
    },
    scheduleRecipients: async (_, args, context) => {
      requireViewer(context);
      const { search } = parseInput(z.object({ search: z.string().trim().min(1).max(80) }), args);
      const like = `%${search.replace(/[\\%_]/g, '\\$&')}%`;
      const digits = search.replace(/\D/g, '');
      const rows = await context.database.withTenant(context.tenant.id, (tx) =>
        tx
          .selectFrom('customers')
          .select(['id', 'name', 'phone_number'])
          .where('tenant_id', '=', context.tenant.id)
          .where((eb) => eb.or([eb('name', 'ilike', like), ...(digits ? [eb('phone_number', 'like', `%${digits}%`)] : [])]))
          .orderBy('name')
          .limit(20)
          .execute(),
      );
      return rows.map((row) => ({ ...row, id: String(row.id) }));
    },
  },
  Mutation: {
    createScheduledMessage: async (_, args, context) => {
      const viewer = requireViewer(context);
      const input = parseInput(
        z.object({
          instance_id: rowId,
          customer_id: rowId,
          message: scheduleMessageSchema.nullish(),
          send_at: sendAtSchema(Date.now()),
          cancel_on_reply: z.boolean().nullish(),
          template: scheduleTemplateSchema.nullish(),
          attachment: scheduleAttachmentInputSchema.nullish(),
        }),
        args,
      );
      assertUseInstance(viewer, input.instance_id);
      const content = await resolveScheduleContent(context, input.instance_id, {
        message: input.message ?? null,
        template: input.template ?? null,
        attachment: input.attachment ?? null,
      });
      const id = await createSchedule(context.database, jobsOf(context), viewer, {
        instanceId: input.instance_id,
        customerId: input.customer_id,
        content,
        sendAt: input.send_at,
        cancelOnReply: input.cancel_on_reply ?? false,
      });
      await announce(context, id);
      return readSchedule(context.database, viewer, id);
    },
    updateScheduledMessage: async (_, args, context) => {
      const viewer = requireViewer(context);
      const input = parseInput(
        z.object({
          id: rowId,
          message: scheduleMessageSchema.nullish(),
          send_at: sendAtSchema(Date.now()).nullish(),
          cancel_on_reply: z.boolean().nullish(),
          template: scheduleTemplateSchema.nullish(),
          attachment: scheduleAttachmentInputSchema.nullish(),
          remove_attachment: z.boolean().nullish(),
        }),
        args,
      );
      const changesContent = input.message != null || input.template != null || input.attachment != null || input.remove_attachment === true;
      let content;
      if (changesContent) {
        const row = await waitingSchedule(context.database, viewer, input.id);
        // A new text alone keeps the file; a template stays until text or a file replaces it.
        const keepsTemplate = input.message == null && input.attachment == null && input.remove_attachment !== true;
        content = await resolveScheduleContent(context, row.instance_id, {
          message: input.message ?? (row.template ? null : row.message),
          template: input.template ?? (keepsTemplate ? row.template : null),
          attachment: input.attachment ?? null,
          keptAttachment: input.remove_attachment ? null : row.attachment,
        });
      }
      await updateSchedule(context.database, jobsOf(context), viewer, input.id, {
        content,
        sendAt: input.send_at ?? undefined,
        cancelOnReply: input.cancel_on_reply ?? undefined,
      });
      await announce(context, input.id);
      return readSchedule(context.database, viewer, input.id);
    },
    cancelScheduledMessage: async (_, args, context) => {
      const viewer = requireViewer(context);
      const { id } = parseInput(z.object({ id: rowId }), args);
      await cancelSchedule(context.database, jobsOf(context), viewer, id);
      await announce(context, id);
      return readSchedule(context.database, viewer, id);
    },
  },
};

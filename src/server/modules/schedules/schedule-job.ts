import { GraphQLError } from 'graphql';
import { ADMIN_ROLE } from '../../../shared/domain/routes';
import { LATE_AFTER_MS, scheduleTexts } from '../../../shared/domain/schedules';
import type { ContextDeps } from '../../graphql/request-context';
import { defineJob, type JobRef } from '../../jobs/job-queue';
import { saveTemplateSend } from '../../channels/template-sends';
import { sendOutgoing, type OutgoingContent } from '../messages/outgoing';
import { publishTenantChange } from '../tenant-changes/tenant-changes';
import { claimSchedule, customerWroteSince, settleSchedule, type ScheduleRow } from './schedule-store';

export interface ScheduledMessageJobData {
  tenantId: number;
  id: number;
}

export const SCHEDULED_MESSAGE_JOB: JobRef<ScheduledMessageJobData> = { name: 'crm.scheduled-message' };

/** The message a schedule sends: its template, its file with the text as caption, or its text. */
function contentOf(row: ScheduleRow): OutgoingContent {
  if (row.template) return { type: 'template', message: row.message };
  const file = row.attachment;
  if (!file) return { type: 'text', message: row.message };
  return {
    type: file.kind,
    message: null,
    caption: file.kind === 'audio' ? null : row.message || null,
    mediaUrl: file.url,
    documentName: file.name,
    documentMimetype: file.mimetype,
  };
}

/** A refusal the attendant must read (24-hour window, a customer or connection gone): failed, not retried. */
const refusalOf = (error: unknown): string | null =>
  error instanceof GraphQLError ? String((error.extensions as { detail?: unknown }).detail ?? error.message) : null;

/**
 * Sends a scheduled message once (SPEC §2 crm/schedules). The send is `sendOutgoing` with the
 * deterministic hash `schedule:<tenant>:<id>`: the message, its ticket and its outbound queue entry
 * are one transaction, so a run repeated after a crash finds the message and sends nothing twice.
 */
export const scheduledMessageJob = (deps: ContextDeps) =>
  defineJob<ScheduledMessageJobData>({
    name: SCHEDULED_MESSAGE_JOB.name,
    retryLimit: 5,
    run: async ({ tenantId, id }, job) => {
      const { database } = deps;
      const messaging = deps.services.sync?.messaging;
      if (!messaging) throw new Error('sync services are not attached');
      const announce = () => deps.services.sync && publishTenantChange(deps.services.sync.pubsub, tenantId, { kind: 'schedules', id });
      const row = await claimSchedule(database, tenantId, id, job.id);
      if (!row) return;
      if (row.cancel_on_reply && (await database.withTenant(tenantId, (tx) => customerWroteSince(tx, tenantId, row)))) {
        await settleSchedule(database, tenantId, id, { status: 'cancelada', failure_reason: scheduleTexts.canceledByReply });
        await announce();
        return;
      }
      const late = Date.now() - row.send_at.getTime() > LATE_AFTER_MS;
      const user = await database.withTenant(tenantId, (tx) =>
        tx.selectFrom('users').select('user_department_id').where('tenant_id', '=', tenantId).where('id', '=', row.user_id).executeTakeFirst(),
      );
      const hash = `schedule:${tenantId}:${id}`;
      try {
        // Stored before the message is queued, so the dispatcher finds what to ask Meta for (a repeat keeps the first).
        if (row.template) await database.withTenant(tenantId, (tx) => saveTemplateSend(tx, tenantId, hash, row.template!));
        const { message } = await sendOutgoing(messaging, {
          tenantId,
          // The schedule was authorised when made; at send time the message goes into whichever
          // ticket the customer has open, still as the scheduling user's.
          viewer: { userId: row.user_id, roleName: ADMIN_ROLE, departmentId: user?.user_department_id ?? null },
          instanceId: row.instance_id,
          to: { customerId: row.customer_id },
          content: contentOf(row),
          hash,
          // A template is how a business writes first; text and files need the 24-hour window.
          freeForm: row.template === null,
        });
        await settleSchedule(database, tenantId, id, { status: 'enviada', customer_chat_id: message.id, late, sent_at: new Date() });
      } catch (error) {
        const refusal = refusalOf(error);
        if (refusal === null) throw error;
        await settleSchedule(database, tenantId, id, { status: 'falhou', failure_reason: refusal, late });
      }
      await announce();
    },
  });

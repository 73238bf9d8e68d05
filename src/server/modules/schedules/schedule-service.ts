import { formatTimestamp } from '../../../shared/domain/datetime';
import { scheduleTexts } from '../../../shared/domain/schedules';
import type { ScheduledMessage } from '../../../shared/graphql/generated';
import type { Database } from '../../db/database';
import type { Viewer } from '../../graphql/context';
import { validation } from '../../graphql/errors';
import type { JobQueue } from '../../jobs/job-queue';
import { SCHEDULED_MESSAGE_JOB } from './schedule-job';
import { listSchedules, type ScheduleListRow } from './schedule-store';
import { scheduleServerTexts as texts } from './texts';
import type { ScheduleStatus } from '../../../shared/domain/schedules';
import { ADMIN_ROLE } from '../../../shared/domain/routes';
import type { ScheduleContent } from './schedule-content';

const contentColumns = (content: ScheduleContent) => ({
  message: content.message,
  template: content.template && JSON.stringify(content.template),
  attachment: content.attachment && JSON.stringify(content.attachment),
});

export const scheduleOut = (row: ScheduleListRow & { shown: ScheduleStatus }): ScheduledMessage => ({
  id: String(row.id),
  instance_id: String(row.instance_id),
  instance_name: row.instance_name,
  customer_id: String(row.customer_id),
  customer_name: row.customer_name,
  phone_number: row.phone_number,
  user_id: String(row.user_id),
  user_name: row.user_name,
  message: row.message,
  send_at: formatTimestamp(row.send_at),
  cancel_on_reply: row.cancel_on_reply,
  status: row.shown,
  late: row.late,
  failure_reason: row.shown === 'falhou' ? (row.failure_reason ?? row.message_failure) : row.shown === 'cancelada' ? (row.failure_reason ?? scheduleTexts.canceledByReply) : null,
  sent_at: row.sent_at ? formatTimestamp(row.sent_at) : null,
  customer_chat_id: row.customer_chat_id === null ? null : String(row.customer_chat_id),
  template: row.template,
  attachment: row.attachment,
});

/** Whose schedules a viewer works with: an administrador's are everyone's. */
export const ownerFilter = (viewer: Viewer): number | null => (viewer.roleName === ADMIN_ROLE ? null : viewer.userId);

export async function readSchedule(database: Database, viewer: Viewer, id: number): Promise<ScheduledMessage> {
  const [row] = await database.withTenant(viewer.tenantId, (tx) => listSchedules(tx, viewer.tenantId, { id, userId: ownerFilter(viewer) }));
  if (!row) throw validation('id', texts.notFound);
  return scheduleOut(row);
}

export interface CreateSchedule {
  instanceId: number;
  customerId: number;
  content: ScheduleContent;
  sendAt: number;
  cancelOnReply: boolean;
}

export async function createSchedule(database: Database, jobs: JobQueue, viewer: Viewer, input: CreateSchedule): Promise<number> {
  const tenantId = viewer.tenantId;
  return database.withTenant(tenantId, async (tx) => {
    const customer = await tx.selectFrom('customers').select('id').where('tenant_id', '=', tenantId).where('id', '=', input.customerId).executeTakeFirst();
    if (!customer) throw validation('customer_id', texts.customerNotFound);
    const { id } = await tx
      .insertInto('scheduled_messages')
      .values({
        tenant_id: tenantId,
        instance_id: input.instanceId,
        customer_id: input.customerId,
        user_id: viewer.userId,
        ...contentColumns(input.content),
        send_at: new Date(input.sendAt),
        cancel_on_reply: input.cancelOnReply,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const jobId = await jobs.send(tx, SCHEDULED_MESSAGE_JOB, { tenantId, id }, { at: new Date(input.sendAt), key: `schedule:${tenantId}:${id}:0` });
    await tx.updateTable('scheduled_messages').set({ job_id: jobId }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
    return id;
  });
}

/** Changes a waiting schedule; a new time gets a new job and the old one is no longer allowed to send. */
export async function updateSchedule(
  database: Database,
  jobs: JobQueue,
  viewer: Viewer,
  id: number,
  patch: { content?: ScheduleContent; sendAt?: number; cancelOnReply?: boolean },
): Promise<void> {
  const tenantId = viewer.tenantId;
  await database.withTenant(tenantId, async (tx) => {
    const row = await lockWaiting(tx, viewer, id);
    let jobId = row.job_id;
    if (patch.sendAt !== undefined && patch.sendAt !== row.send_at.getTime()) {
      if (row.job_id) await jobs.cancel(tx, SCHEDULED_MESSAGE_JOB, row.job_id);
      jobId = await jobs.send(tx, SCHEDULED_MESSAGE_JOB, { tenantId, id }, { at: new Date(patch.sendAt), key: `schedule:${tenantId}:${id}:${patch.sendAt}` });
    }
    await tx
      .updateTable('scheduled_messages')
      .set({
        ...(patch.content !== undefined ? contentColumns(patch.content) : {}),
        ...(patch.sendAt !== undefined ? { send_at: new Date(patch.sendAt) } : {}),
        ...(patch.cancelOnReply !== undefined ? { cancel_on_reply: patch.cancelOnReply } : {}),
        job_id: jobId,
        updated_at: new Date(),
      })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
  });
}

export async function cancelSchedule(database: Database, jobs: JobQueue, viewer: Viewer, id: number): Promise<void> {
  await database.withTenant(viewer.tenantId, async (tx) => {
    const row = await lockWaiting(tx, viewer, id);
    if (row.job_id) await jobs.cancel(tx, SCHEDULED_MESSAGE_JOB, row.job_id);
    await tx
      .updateTable('scheduled_messages')
      .set({ status: 'cancelada', job_id: null, failure_reason: null, updated_at: new Date() })
      .where('tenant_id', '=', viewer.tenantId)
      .where('id', '=', id)
      .execute();
  });
}

/** The viewer's schedule while it still waits (what an edit starts from); refused otherwise. */
export async function waitingSchedule(database: Database, viewer: Viewer, id: number) {
  return database.withTenant(viewer.tenantId, (tx) => lockWaiting(tx, viewer, id));
}

/** The viewer's schedule, still waiting (the job has not claimed it), locked against the job's claim. */
async function lockWaiting(tx: Parameters<typeof listSchedules>[0], viewer: Viewer, id: number) {
  let query = tx.selectFrom('scheduled_messages').selectAll().where('tenant_id', '=', viewer.tenantId).where('id', '=', id);
  const owner = ownerFilter(viewer);
  if (owner !== null) query = query.where('user_id', '=', owner);
  const row = await query.forUpdate().executeTakeFirst();
  if (!row) throw validation('id', texts.notFound);
  if (row.status !== 'agendada') throw validation('id', scheduleTexts.notScheduled);
  return row;
}

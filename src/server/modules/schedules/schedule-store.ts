import { sql, type Selectable } from 'kysely';
import { ACK } from '../../../shared/domain/messages';
import { scheduleStatus, type ScheduleStatus } from '../../../shared/domain/schedules';
import type { Database, Tx } from '../../db/database';
import type { ScheduledMessagesTable } from '../../db/schema/crm';

export type ScheduleRow = Selectable<ScheduledMessagesTable>;

/** Did the customer write on the connection after the schedule was made (cancel on reply)? */
export async function customerWroteSince(tx: Tx, tenantId: number, row: Pick<ScheduleRow, 'instance_id' | 'customer_id' | 'created_at'>): Promise<boolean> {
  const found = await tx
    .selectFrom('customer_chats')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('customer_id', '=', row.customer_id)
    .where('instance_id', '=', row.instance_id)
    .where('from_me', '=', false)
    .where('sent_at', '>', row.created_at)
    .limit(1)
    .executeTakeFirst();
  return Boolean(found);
}

/**
 * The job's claim: the schedule moves to 'enviando' when `jobId` is still the job allowed to send
 * it; a claim already made by the same job (a run repeated after a crash) holds. Null: nothing to do.
 */
export async function claimSchedule(database: Database, tenantId: number, id: number, jobId: string): Promise<ScheduleRow | null> {
  return database.withTenant(tenantId, async (tx) => {
    const row = await tx
      .updateTable('scheduled_messages')
      .set({ status: 'enviando', updated_at: new Date() })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .where('job_id', '=', jobId)
      .where('status', 'in', ['agendada', 'enviando'])
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  });
}

export async function settleSchedule(
  database: Database,
  tenantId: number,
  id: number,
  outcome: Partial<Pick<ScheduleRow, 'status' | 'failure_reason' | 'customer_chat_id' | 'late' | 'sent_at'>>,
): Promise<void> {
  await database.withTenant(tenantId, (tx) =>
    tx.updateTable('scheduled_messages').set({ ...outcome, updated_at: new Date() }).where('tenant_id', '=', tenantId).where('id', '=', id).execute(),
  );
}

export interface ScheduleListRow extends ScheduleRow {
  customer_name: string | null;
  phone_number: string;
  user_name: string;
  instance_name: string;
  message_failed: boolean;
  message_failure: string | null;
  customer_wrote: boolean;
}

export interface ScheduleFilters {
  status?: ScheduleStatus | null;
  instanceId?: number | null;
  customerId?: number | null;
  /** Only this user's schedules (who is not administrador). */
  userId?: number | null;
  search?: string | null;
  id?: number | null;
}

/** Schedules with what the screen shows, newest time first; at most 500. */
export async function listSchedules(tx: Tx, tenantId: number, filters: ScheduleFilters): Promise<Array<ScheduleListRow & { shown: ScheduleStatus }>> {
  let query = tx
    .selectFrom('scheduled_messages as s')
    .innerJoin('customers as c', (j) => j.onRef('c.tenant_id', '=', 's.tenant_id').onRef('c.id', '=', 's.customer_id'))
    .innerJoin('users as u', (j) => j.onRef('u.tenant_id', '=', 's.tenant_id').onRef('u.id', '=', 's.user_id'))
    .innerJoin('instances as i', (j) => j.onRef('i.tenant_id', '=', 's.tenant_id').onRef('i.id', '=', 's.instance_id'))
    .leftJoin('customer_chats as m', (j) => j.onRef('m.tenant_id', '=', 's.tenant_id').onRef('m.id', '=', 's.customer_chat_id'))
    .selectAll('s')
    .select(['c.name as customer_name', 'c.phone_number', 'u.name as user_name', 'i.name as instance_name', 'm.failure_reason as message_failure'])
    .select(sql<boolean>`coalesce(m.ack = ${ACK.failed}, false)`.as('message_failed'))
    .select(
      sql<boolean>`(s.cancel_on_reply and s.status = 'agendada' and exists (
        select 1 from customer_chats r where r.tenant_id = s.tenant_id and r.customer_id = s.customer_id
          and r.instance_id = s.instance_id and not r.from_me and r.sent_at > s.created_at))`.as('customer_wrote'),
    )
    .where('s.tenant_id', '=', tenantId);
  if (filters.id != null) query = query.where('s.id', '=', filters.id);
  if (filters.instanceId != null) query = query.where('s.instance_id', '=', filters.instanceId);
  if (filters.customerId != null) query = query.where('s.customer_id', '=', filters.customerId);
  if (filters.userId != null) query = query.where('s.user_id', '=', filters.userId);
  if (filters.search) {
    const like = `%${filters.search.replace(/[\\%_]/g, '\\$&')}%`;
    query = query.where((eb) => eb.or([eb('s.message', 'ilike', like), eb('c.name', 'ilike', like), eb('c.phone_number', 'like', like)]));
  }
  const rows = await query.orderBy('s.send_at', 'desc').orderBy('s.id', 'desc').limit(500).execute();
  const shown = rows.map((row) => ({
    ...row,
    shown: scheduleStatus({ stored: row.status, messageFailed: row.message_failed, cancelOnReply: row.cancel_on_reply, customerWroteSince: row.customer_wrote }),
  }));
  return filters.status ? shown.filter((row) => row.shown === filters.status) : shown;
}

import { sql } from 'kysely';
import { isAck } from '../../shared/domain/messages';
import type { Database } from '../db/database';
import type { InstanceKey } from './channel';
import type { StatusRecord } from './inbound-sink';

/** A status for a message nobody sent is dropped after this long (it will never match). */
const PENDING_TTL_HOURS = 24;

/** Statuses waiting for their message's provider id (channel_pending_statuses, migration 0004). */
export class PendingStatuses {
  constructor(private readonly database: Database) {}

  hold(instance: InstanceKey, status: StatusRecord): Promise<void> {
    return this.database.withTenant(instance.tenantId, async (tx) => {
      // Statuses of messages sent by another app on the same number never match: expire them here.
      await tx
        .deleteFrom('channel_pending_statuses')
        .where('tenant_id', '=', instance.tenantId)
        .where('instance_id', '=', instance.id)
        .where('created_at', '<', sql<Date>`now() - make_interval(hours => ${PENDING_TTL_HOURS})`)
        .execute();
      await tx
        .insertInto('channel_pending_statuses')
        .values({
          tenant_id: instance.tenantId,
          instance_id: instance.id,
          provider_message_id: status.providerMessageId,
          ack: status.ack,
          error: status.reason,
        })
        .execute();
    });
  }

  /** Removes and returns the held statuses of one message, oldest first. */
  take(instance: InstanceKey, providerMessageId: string): Promise<StatusRecord[]> {
    return this.database.withTenant(instance.tenantId, async (tx) => {
      const rows = await tx
        .deleteFrom('channel_pending_statuses')
        .where('tenant_id', '=', instance.tenantId)
        .where('instance_id', '=', instance.id)
        .where('provider_message_id', '=', providerMessageId)
        .returning(['id', 'ack', 'error'])
        .execute();
      return rows
        .sort((a, b) => a.id - b.id)
        .flatMap((r) => (isAck(r.ack) ? [{ providerMessageId, ack: r.ack, reason: r.error }] : []));
    });
  }
}

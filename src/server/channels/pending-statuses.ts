import { sql } from 'kysely';
import { isAck } from '../../shared/domain/messages';
import type { Database } from '../db/database';
import { PREPARED } from '../db/prepared';
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
        .modifyEnd(PREPARED)
        .execute();
      return rows
        .sort((a, b) => a.id - b.id)
        .flatMap((r) => (isAck(r.ack) ? [{ providerMessageId, ack: r.ack, reason: r.error }] : []));
    });
  }

  /**
   * Held statuses whose message's provider id is recorded by now (all tenants): left behind when a
   * process died between recording the id and applying them. At most `limit` messages.
   */
  async recorded(limit = 100): Promise<Array<{ instance: InstanceKey; providerMessageId: string }>> {
    const { rows } = await this.database.asOwner((db) =>
      sql<{ tenant_id: number; instance_id: number; provider_message_id: string }>`
        select distinct p.tenant_id, p.instance_id, p.provider_message_id
        from channel_pending_statuses p
        join customer_chats m on m.tenant_id = p.tenant_id and m.instance_id = p.instance_id and m.whatsapp_message_id = p.provider_message_id
        limit ${limit}`.execute(db),
    );
    return rows.map((r) => ({ instance: { tenantId: Number(r.tenant_id), id: Number(r.instance_id) }, providerMessageId: r.provider_message_id }));
  }
}

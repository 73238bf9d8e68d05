import { sql } from 'kysely';
import { messagingLimitLabel, parseMessagingLimit, UNLIMITED } from '../../shared/domain/messaging-limit';
import { channelTexts } from '../../shared/i18n/pt-BR';
import type { Database } from '../db/database';
import type { InstanceKey } from './channel';
import { ChannelSendError } from './send-error';
import { SERVICE_WINDOW_MS } from './service-window';

/** Serializes the count-then-record of one connection across processes (with the connection id as second key). */
const LIMIT_LOCK = 727_275;
const WINDOW_HOURS = SERVICE_WINDOW_MS / 3_600_000;

/** A business-initiated conversation recorded for a send; released when that send fails. */
export interface ConversationReservation {
  tenantId: number;
  id: number;
}

/** A connection whose limit holds no send back (reserveBusinessConversation counts nothing for it). */
export const isUnlimited = (messagingLimit: string | null): boolean => {
  const limit = parseMessagingLimit(messagingLimit);
  return limit === UNLIMITED || limit === null;
};

/**
 * The daily messaging limit (SPEC §3 Instance.messaging_limit): at most N customers a day may
 * receive a conversation the business started. A send to someone with a conversation already open
 * (customer-initiated, i.e. inside the service window, or business-initiated within 24 h) is free;
 * any other one counts, and beyond the limit it fails with the pt-BR reason, not retried on its own
 * (the attendant retries it once the day's conversations expire). `phones` are the forms of the
 * customer's number, the addressed one first. Null: nothing was counted.
 */
export async function reserveBusinessConversation(database: Database, instance: InstanceKey, phones: readonly string[]): Promise<ConversationReservation | null> {
  if (phones.length === 0) return null;
  return database.withTenant(instance.tenantId, async (tx) => {
    const row = await tx.selectFrom('instances').select('messaging_limit').where('tenant_id', '=', instance.tenantId).where('id', '=', instance.id).executeTakeFirst();
    const limit = parseMessagingLimit(row?.messaging_limit ?? null);
    // An unreadable limit is the form's to refuse; sends are not held hostage by it.
    if (limit === UNLIMITED || limit === null) return null;
    await sql`select pg_advisory_xact_lock(${LIMIT_LOCK}, ${instance.id}::int)`.execute(tx);
    const { rows } = await sql<{ open: boolean; count: number }>`
      select
        coalesce(bool_or(phone in (${sql.join(phones)})), false) as "open",
        count(distinct phone)::int as "count"
      from business_conversations
      where tenant_id = ${instance.tenantId} and instance_id = ${instance.id}
        and opened_at > now() - make_interval(hours => ${WINDOW_HOURS})`.execute(tx);
    const recent = rows[0] ?? { open: false, count: 0 };
    if (recent.open) return null;
    if (recent.count >= limit) throw new ChannelSendError(channelTexts.messagingLimitReached(messagingLimitLabel(limit)), false, null, 'MESSAGING_LIMIT');
    const { rows: inserted } = await sql<{ id: number }>`
      insert into business_conversations (tenant_id, instance_id, phone)
      values (${instance.tenantId}, ${instance.id}, ${phones[0]})
      returning id`.execute(tx);
    return { tenantId: instance.tenantId, id: Number(inserted[0]!.id) };
  });
}

/** A send that failed opened no conversation: it no longer counts against the limit. */
export async function releaseBusinessConversation(database: Database, reservation: ConversationReservation): Promise<void> {
  await database.withTenant(reservation.tenantId, (tx) =>
    sql`delete from business_conversations where tenant_id = ${reservation.tenantId} and id = ${reservation.id}`.execute(tx),
  );
}

import { sql } from 'kysely';
import { parseSurveyGrade } from '../../../shared/domain/setting-keys';
import type { Tx } from '../../db/database';
import type { ChangeSet } from '../../sync/changes';
import { writeBotMessage } from '../flows/bot-messages';
import { effectiveValue } from '../store-settings/setting-rows';
import type { TicketRow } from '../tickets/ticket-document';
import { surveyThanks } from './closing-messages';

export interface IncomingText {
  customerId: number;
  text: string | null | undefined;
}

/**
 * Customers writing while their latest closed ticket awaits the survey (is_research) and no ticket
 * of theirs is open on the connection (SPEC §4): a customer whose only new message is a grade of
 * the tenant's scale (setting nps_scale: 1–5 or 0–10)
 * has it stored on that ticket, which they then write into instead of opening a new one; any
 * other message cancels the research, and the caller opens a new ticket as usual. Answers the
 * graded tickets by customer.
 */
export async function takeSurveyAnswers(tx: Tx, tenantId: number, instanceId: number, incoming: readonly IncomingText[]): Promise<Map<number, TicketRow>> {
  const graded = new Map<number, TicketRow>();
  const customerIds = [...new Set(incoming.map((m) => m.customerId))];
  if (customerIds.length === 0) return graded;
  const pending = await tx
    .selectFrom('chat_tickets as t')
    .selectAll('t')
    .where('t.tenant_id', '=', tenantId)
    .where('t.instance_id', '=', instanceId)
    .where('t.customer_id', 'in', customerIds)
    .where('t.finished_ticket', '=', true)
    .where('t.is_research', '=', true)
    .where('t.deleted_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('chat_tickets as o')
            .select('o.id')
            .whereRef('o.tenant_id', '=', 't.tenant_id')
            .whereRef('o.instance_id', '=', 't.instance_id')
            .whereRef('o.customer_id', '=', 't.customer_id')
            .where('o.finished_ticket', '=', false)
            .where('o.deleted_at', 'is', null),
        ),
      ),
    )
    .orderBy(sql`t.finished_at desc nulls last`)
    .forNoKeyUpdate()
    .execute();
  const latest = new Map<number, TicketRow>();
  for (const ticket of pending) if (!latest.has(ticket.customer_id)) latest.set(ticket.customer_id, ticket);
  const scale = latest.size > 0 ? await effectiveValue(tx, tenantId, null, 'nps_scale') : null;
  for (const [customerId, ticket] of latest) {
    const texts = incoming.filter((m) => m.customerId === customerId);
    const grade = texts.length === 1 ? parseSurveyGrade(texts[0]?.text, scale) : null;
    const updated = await tx
      .updateTable('chat_tickets')
      .set(grade === null ? { is_research: false } : { is_research: false, grade })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', ticket.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (grade !== null) graded.set(customerId, updated);
  }
  return graded;
}

/** One customer's message (receiveInbound): the closed ticket that took their grade, or null. */
export async function takeSurveyAnswer(tx: Tx, tenantId: number, instanceId: number, customerId: number, text: string | null | undefined): Promise<TicketRow | null> {
  return (await takeSurveyAnswers(tx, tenantId, instanceId, [{ customerId, text }])).get(customerId) ?? null;
}

/**
 * The thank-you of configs/nps-messages to each customer whose grade was just taken, written after
 * their answer in the same transaction (message + outbound queue entry, keyed by the ticket so a
 * redelivered answer thanks once). True when one was queued, so the caller nudges the dispatcher.
 */
export async function thankGraders(tx: Tx, tenantId: number, graded: ReadonlyMap<number, TicketRow>, changes: ChangeSet): Promise<boolean> {
  let queued = false;
  for (const ticket of graded.values()) {
    const text = await surveyThanks(tx, tenantId, ticket);
    if (text && (await writeBotMessage(tx, tenantId, ticket, `nps-thanks:${tenantId}:${ticket.id}`, { text }, changes))) queued = true;
  }
  return queued;
}

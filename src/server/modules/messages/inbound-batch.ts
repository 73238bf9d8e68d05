import { sql } from 'kysely';
import { brazilPhoneVariants, normalizePhone } from '../../../shared/domain/phone';
import type { Tx } from '../../db/database';
import { PREPARED, RESULT_UNREAD } from '../../db/prepared';
import { storeWithChanges, type ChangeSet } from '../../sync/changes';
import { takeSurveyAnswers, thankGraders } from '../attendance/survey';
import { connectionDefaultDepartment, newProtocol } from '../tickets/ticket-store';
import type { MessagingDeps } from './deps';
import { inboundHash, type InboundInput, type InboundResult } from './inbound';
import { previewOf } from './texts';

/**
 * receiveInbound for many messages of one connection in one transaction, with a fixed number of
 * set-based statements whatever the batch size (issue 4 benchmark: one commit and ~10 statements
 * per batch instead of per message). Same rules: deduplicated by provider id, customers found by
 * any phone form or created, a blocked customer's message stored without a ticket, the open
 * ticket found or an inbox ticket opened, unseen counters and last message moved, one change
 * announcement. Results are in input order; a provider id repeated within the batch is one message.
 */
export async function receiveInboundBatch(deps: MessagingDeps, tenantId: number, instanceId: number, inputs: readonly InboundInput[]): Promise<InboundResult[]> {
  const { results, announce } = await storeInboundBatch(deps, tenantId, instanceId, inputs);
  await announce();
  return results;
}

/**
 * receiveInboundBatch without the announcement: once this resolves the batch is committed, and
 * `announce` tells the stream hubs (storeWithChanges), after the caller answered the senders.
 */
export async function storeInboundBatch(
  deps: MessagingDeps,
  tenantId: number,
  instanceId: number,
  inputs: readonly InboundInput[],
): Promise<{ results: InboundResult[]; announce: () => Promise<void> }> {
  const prepared = inputs.map((input) => {
    const phone = normalizePhone(input.from);
    if (!phone) throw new Error('an inbound message needs the sender phone');
    const phones = [...new Set([phone, ...brazilPhoneVariants(phone).slice(1), ...(input.phoneVariants ?? []).map(normalizePhone)])].filter(Boolean);
    return { input, phone, phones };
  });
  let thanked = false;
  const { result: results, announce } = await storeWithChanges(deps.database, deps.pubsub, tenantId, storeInTransaction);
  if (thanked) deps.onQueued?.();
  return { results, announce };

  async function storeInTransaction(tx: Tx, changes: ChangeSet): Promise<InboundResult[]> {
    const results = new Map<string, InboundResult>();
    const ids = [...new Set(inputs.map((i) => i.providerMessageId))];
    for (const known of await storedByProviderId(tx, tenantId, instanceId, ids)) {
      results.set(known.whatsapp_message_id!, { duplicate: true, messageId: known.id, ticketId: known.chat_ticket_id, customerId: known.customer_id });
    }
    const seen = new Set(results.keys());
    const fresh = prepared.filter((p) => !seen.has(p.input.providerMessageId) && seen.add(p.input.providerMessageId));
    if (fresh.length === 0) return inputs.map((i) => results.get(i.providerMessageId)!);

    const { customerOf, written } = await customersFor(tx, tenantId, fresh);
    if (written) changes.add('customers', null);
    const attended = fresh.map((p) => ({ customerId: customerOf(p.phones).id, blocked: customerOf(p.phones).is_blacklisted, text: p.input.text })).filter((m) => !m.blocked);
    const ticketOf = await lockOpenTickets(tx, tenantId, instanceId, [...new Set(attended.map((m) => m.customerId))]);
    // A grade answering the satisfaction survey stays on the closed ticket (attendance/survey.ts). Only
    // a customer without an open ticket can be answering one, so the usual batch skips the look-up.
    const graded = await takeSurveyAnswers(tx, tenantId, instanceId, attended.filter((m) => !ticketOf.has(m.customerId)));
    const opened = await openInboxTickets(tx, tenantId, instanceId, ticketOf, [...new Set(attended.map((m) => m.customerId))].filter((id) => !graded.has(id)));
    if (opened) changes.add('customers', null);

    const replyIds = [...new Set(fresh.flatMap((p) => (p.input.replyToProviderId ? [p.input.replyToProviderId] : [])))];
    const parents = new Map((await storedByProviderId(tx, tenantId, instanceId, replyIds)).map((m) => [m.whatsapp_message_id!, m.id]));
    const rows = fresh.map(({ input, phones }) => {
      const customer = customerOf(phones);
      return {
        customerId: customer.id,
        // A blocked customer's message is kept, but opens no ticket and reaches no attendant.
        ticketId: customer.is_blacklisted ? null : (graded.get(customer.id)?.id ?? ticketOf.get(customer.id) ?? null),
        input,
        parentId: input.replyToProviderId ? (parents.get(input.replyToProviderId) ?? null) : null,
        sentAt: input.sentAt === undefined ? new Date() : new Date(input.sentAt),
      };
    });
    const inserted = await insertMessages(tx, tenantId, instanceId, rows);
    // Stamped with this transaction by the insert trigger: no statement needed to learn it.
    if (inserted[0]) changes.position = Number(inserted[0].position);
    for (const m of inserted) results.set(m.whatsapp_message_id!, { duplicate: false, messageId: m.id, ticketId: m.chat_ticket_id, customerId: m.customer_id });
    // Ids committed concurrently by another transaction, or quoted within this very batch.
    const missing = fresh.map((p) => p.input.providerMessageId).filter((id) => !results.has(id));
    for (const raced of await storedByProviderId(tx, tenantId, instanceId, missing)) {
      results.set(raced.whatsapp_message_id!, { duplicate: true, messageId: raced.id, ticketId: raced.chat_ticket_id, customerId: raced.customer_id });
    }
    await linkParentsWithinBatch(tx, tenantId, fresh.map((p) => p.input), results, parents);
    if (await recordOnTickets(tx, tenantId, inserted)) changes.add('chattickets', instanceId);
    // The thank-you follows the grade, so it is written after the customers' messages.
    thanked = await thankGraders(tx, tenantId, graded, changes);
    await deps.inboundStored?.(tx, tenantId, instanceId, inserted.map((m) => ({ messageId: m.id, ticketId: m.chat_ticket_id, customerId: m.customer_id, text: m.message })));
    changes.add('customerchats', instanceId);
    return inputs.map((i) => {
      const result = results.get(i.providerMessageId);
      if (!result) throw new Error('inbound message vanished while being stored');
      return result;
    });
  }
}

interface NewMessage {
  customerId: number;
  ticketId: number | null;
  parentId: number | null;
  sentAt: Date;
  input: InboundInput;
}

const column = <T>(rows: readonly NewMessage[], pick: (row: NewMessage) => T): T[] => rows.map(pick);

/**
 * One INSERT … SELECT FROM unnest(arrays): a parameter per column rather than per value, so the
 * statement stays small and cheap to build, send and plan whatever the batch size.
 */
async function insertMessages(tx: Tx, tenantId: number, instanceId: number, rows: readonly NewMessage[]): Promise<InsertedMessage[]> {
  const text = (pick: (input: InboundInput) => string | null | undefined) => column(rows, (r) => pick(r.input) ?? null);
  const { rows: inserted } = await sql<InsertedMessage & { whatsapp_message_id: string; customer_id: number }>`${PREPARED}
    insert into customer_chats (
      tenant_id, instance_id, customer_id, chat_ticket_id, hash, whatsapp_message_id, type, message, caption,
      media_url, document_name, document_mimetype, message_header, message_footer, message_buttons, parent_id,
      unseen_msg, from_me, sent_at)
    select ${tenantId}, ${instanceId}, v.customer_id, v.chat_ticket_id, v.hash, v.provider_id, v.type, v.message, v.caption,
      v.media_url, v.document_name, v.document_mimetype, v.message_header, v.message_footer, v.message_buttons, v.parent_id,
      true, false, v.sent_at
    from unnest(
      ${column(rows, (r) => r.customerId)}::bigint[], ${column(rows, (r) => r.ticketId)}::bigint[],
      ${column(rows, (r) => inboundHash(instanceId, r.input.providerMessageId))}::text[], ${column(rows, (r) => r.input.providerMessageId)}::text[],
      ${column(rows, (r) => r.input.type ?? 'text')}::text[], ${text((i) => i.text)}::text[], ${text((i) => i.caption)}::text[],
      ${text((i) => i.mediaUrl)}::text[], ${text((i) => i.fileName)}::text[], ${text((i) => i.mimeType)}::text[],
      ${text((i) => i.messageHeader)}::text[], ${text((i) => i.messageFooter)}::text[], ${text((i) => i.messageButtons)}::text[],
      ${column(rows, (r) => r.parentId)}::bigint[], ${column(rows, (r) => r.sentAt)}::timestamptz[]
    ) as v(customer_id, chat_ticket_id, hash, provider_id, type, message, caption, media_url, document_name, document_mimetype,
      message_header, message_footer, message_buttons, parent_id, sent_at)
    on conflict do nothing
    returning id, whatsapp_message_id, customer_id, chat_ticket_id, sent_at, type, message, caption, document_name, change_xid::text as position`.execute(tx);
  return inserted;
}

function storedByProviderId(tx: Tx, tenantId: number, instanceId: number, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .selectFrom('customer_chats')
    .select(['id', 'chat_ticket_id', 'customer_id', 'whatsapp_message_id'])
    .where('tenant_id', '=', tenantId)
    .where('instance_id', '=', instanceId)
    .where(sql<boolean>`whatsapp_message_id = any(${ids}::text[])`)
    .modifyEnd(PREPARED)
    .execute();
}

type Prepared = { input: InboundInput; phone: string; phones: string[] };

const CUSTOMER_COLUMNS = ['id', 'phone_number', 'name', 'is_blacklisted'] as const;
type CustomerRow = { id: number; phone_number: string; name: string | null; is_blacklisted: boolean };

/** Every sender's customer by any of its phone forms (lowest id wins, as receiveInbound); the missing ones created. */
async function customersFor(tx: Tx, tenantId: number, fresh: readonly Prepared[]) {
  const allPhones = [...new Set(fresh.flatMap((p) => p.phones))];
  const select = (phones: string[]) =>
    tx
      .selectFrom('customers')
      .select(CUSTOMER_COLUMNS)
      .where('tenant_id', '=', tenantId)
      .where(sql<boolean>`phone_number = any(${phones}::text[])`)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .modifyEnd(PREPARED)
      .execute();
  const byPhone = new Map<string, CustomerRow>();
  const remember = (rows: CustomerRow[]) => {
    for (const row of rows) if (!byPhone.has(row.phone_number)) byPhone.set(row.phone_number, row);
  };
  remember(await select(allPhones));
  const lookup = (phones: readonly string[]): CustomerRow | undefined => {
    const found = phones.map((p) => byPhone.get(p)).filter((c): c is CustomerRow => c !== undefined);
    return found.sort((a, b) => a.id - b.id)[0];
  };
  let written = false;
  const toCreate = new Map<string, string | null>();
  for (const p of fresh) if (!lookup(p.phones) && !toCreate.has(p.phone)) toCreate.set(p.phone, p.input.name?.trim() || null);
  if (toCreate.size > 0) {
    const created = await tx
      .insertInto('customers')
      // In phone order: a batch of another connection creating some of the same customers takes
      // their keys in the same order, so the two queue instead of deadlocking.
      .values([...toCreate].sort(([a], [b]) => (a < b ? -1 : 1)).map(([phone_number, name]) => ({ tenant_id: tenantId, phone_number, name })))
      .onConflict((oc) => oc.columns(['tenant_id', 'phone_number']).where('deleted_at', 'is', null).doNothing())
      .returning(CUSTOMER_COLUMNS)
      .execute();
    written = created.length > 0;
    remember(created);
    const raced = [...toCreate.keys()].filter((phone) => !byPhone.has(phone));
    if (raced.length > 0) remember(await select(raced));
  }
  // A customer first seen without a name takes the name the provider reports.
  const named = new Map<number, string>();
  for (const p of fresh) {
    const customer = lookup(p.phones);
    const name = p.input.name?.trim();
    if (customer && !customer.name && name && !named.has(customer.id)) named.set(customer.id, name);
  }
  for (const [id, name] of [...named].sort(([a], [b]) => a - b)) {
    const row = await tx.updateTable('customers').set({ name }).where('tenant_id', '=', tenantId).where('id', '=', id).returning(CUSTOMER_COLUMNS).executeTakeFirstOrThrow();
    for (const [phone, customer] of byPhone) if (customer.id === id) byPhone.set(phone, row);
    written = true;
  }
  return {
    written,
    customerOf: (phones: readonly string[]): CustomerRow => {
      const customer = lookup(phones);
      if (!customer) throw new Error('customer vanished while being created');
      return customer;
    },
  };
}

const selectOpenTickets = (tx: Tx, tenantId: number, instanceId: number, customerIds: readonly number[]) =>
  tx
    .selectFrom('chat_tickets')
    .select(['id', 'customer_id'])
    .where('tenant_id', '=', tenantId)
    .where('instance_id', '=', instanceId)
    .where(sql<boolean>`customer_id = any(${customerIds}::bigint[])`)
    // Literal, so that even a generic plan matches the one-open-ticket partial index.
    .where(sql<boolean>`not finished_ticket`)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    // Not FOR UPDATE: the tickets' keys stay, so rows that reference them (the report job's cells,
    // messages) are written meanwhile instead of waiting here or deadlocking with this batch.
    .forNoKeyUpdate()
    .modifyEnd(PREPARED)
    .execute();

/** The open ticket of each customer on the connection (by customer id), locked in id order. */
async function lockOpenTickets(tx: Tx, tenantId: number, instanceId: number, customerIds: readonly number[]): Promise<Map<number, number>> {
  const byCustomer = new Map<number, number>();
  if (customerIds.length === 0) return byCustomer;
  for (const t of await selectOpenTickets(tx, tenantId, instanceId, customerIds)) byCustomer.set(t.customer_id, t.id);
  return byCustomer;
}

/** Opens an inbox ticket for each of `customerIds` that has none in `byCustomer` (added to it); true when one was opened. */
async function openInboxTickets(tx: Tx, tenantId: number, instanceId: number, byCustomer: Map<number, number>, customerIds: readonly number[]): Promise<boolean> {
  const without = customerIds.filter((id) => !byCustomer.has(id));
  if (without.length === 0) return false;
  const now = new Date();
  const created = await tx
    .insertInto('chat_tickets')
    .values(
      without.map((customer_id) => ({
        tenant_id: tenantId,
        instance_id: instanceId,
        customer_id,
        user_id: null,
        inbox: true,
        inbox_department_id: connectionDefaultDepartment(tenantId, instanceId),
        protocol: newProtocol(now),
        started_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(['tenant_id', 'instance_id', 'customer_id']).where('finished_ticket', '=', false).where('deleted_at', 'is', null).doNothing())
    .returning(['id', 'customer_id'])
    .execute();
  for (const t of created) byCustomer.set(t.customer_id, t.id);
  const raced = without.filter((id) => !byCustomer.has(id));
  if (raced.length > 0) for (const t of await selectOpenTickets(tx, tenantId, instanceId, raced)) byCustomer.set(t.customer_id, t.id);
  return created.length > 0;
}

/** A reply to a message of the same batch could not know its parent's id before the insert. */
async function linkParentsWithinBatch(
  tx: Tx,
  tenantId: number,
  inputs: readonly InboundInput[],
  results: ReadonlyMap<string, InboundResult>,
  known: ReadonlyMap<string, number>,
): Promise<void> {
  for (const input of inputs) {
    const parentId = input.replyToProviderId;
    if (!parentId || known.has(parentId)) continue;
    const parent = results.get(parentId);
    const child = results.get(input.providerMessageId);
    if (!parent || !child || child.duplicate) continue;
    await tx.updateTable('customer_chats').set({ parent_id: parent.messageId }).where('tenant_id', '=', tenantId).where('id', '=', child.messageId).execute();
  }
}

interface InsertedMessage {
  id: number;
  position: string;
  whatsapp_message_id: string | null;
  customer_id: number;
  chat_ticket_id: number | null;
  sent_at: Date;
  type: string;
  message: string | null;
  caption: string | null;
  document_name: string | null;
}

/**
 * SPEC §4 on every ticket the batch wrote to, in one statement: unseen + the number of new
 * messages; last message time, preview and id moved to the batch's latest message unless the
 * stored one is newer; isNotResponded set when it moved.
 */
async function recordOnTickets(tx: Tx, tenantId: number, inserted: readonly InsertedMessage[]): Promise<boolean> {
  const perTicket = new Map<number, { count: number; latest: InsertedMessage }>();
  for (const m of inserted) {
    if (m.chat_ticket_id === null) continue;
    const entry = perTicket.get(m.chat_ticket_id);
    if (!entry) perTicket.set(m.chat_ticket_id, { count: 1, latest: m });
    else {
      entry.count += 1;
      const later = m.sent_at.getTime() > entry.latest.sent_at.getTime() || (m.sent_at.getTime() === entry.latest.sent_at.getTime() && m.id > entry.latest.id);
      if (later) entry.latest = m;
    }
  }
  if (perTicket.size === 0) return false;
  const entries = [...perTicket].sort(([a], [b]) => a - b);
  const ticketIds = entries.map(([id]) => id);
  const times = entries.map(([, e]) => e.latest.sent_at);
  const previews = entries.map(([, e]) => previewOf(e.latest));
  const messageIds = entries.map(([, e]) => e.latest.id);
  const counts = entries.map(([, e]) => e.count);
  await sql`${PREPARED} ${RESULT_UNREAD}
    update chat_tickets t set
      last_msg = case when t.last_msg is null or t.last_msg <= v.sent_at then v.sent_at else t.last_msg end,
      last_msg_preview = case when t.last_msg is null or t.last_msg <= v.sent_at then v.preview else t.last_msg_preview end,
      last_msg_id = case when t.last_msg is null or t.last_msg <= v.sent_at then v.message_id else t.last_msg_id end,
      is_not_responded = case when t.last_msg is null or t.last_msg <= v.sent_at then true else t.is_not_responded end,
      unseen_msg = t.unseen_msg + v.n
    from unnest(${ticketIds}::bigint[], ${times}::timestamptz[], ${previews}::text[], ${messageIds}::bigint[], ${counts}::int[])
      as v(id, sent_at, preview, message_id, n)
    where t.tenant_id = ${tenantId} and t.id = v.id`.execute(tx);
  return true;
}

import { sql } from 'kysely';
import { CAMPAIGN_FAILURES } from '../../../shared/domain/campaigns/campaign-states';
import { fillContactText, templateComponents, type TemplateVariable } from '../../../shared/domain/campaigns/campaign-audience';
import type { Tx } from '../../db/database';
import { saveTemplateSend } from '../../channels/template-sends';
import { renderTemplate } from '../instances/template-text';
import { findListedTemplate } from '../instances/listed-template';
import { openTicket } from '../tickets/ticket-store';
import type { CampaignsTable } from '../../db/schema/crm';
import type { Selectable } from 'kysely';

/** The deterministic hash of a recipient's message: the record that it was sent, whatever retries. */
export const campaignHash = (tenantId: number, campaignId: number, recipientId: number): string => `campaign:${tenantId}:${campaignId}:${recipientId}`;

export type CampaignRecord = Selectable<CampaignsTable>;

interface DueRecipient {
  id: number;
  customer_id: number;
  phone_number: string;
  name: string | null;
  address: string | null;
  document_register: string | null;
  open_field: string | null;
  group_name: string | null;
  is_blacklisted_campaign: boolean;
  campaign_opted_out_at: Date | null;
}

/** The next recipients not yet handed over, locked (a second runner skips them). */
export async function takeDueRecipients(tx: Tx, tenantId: number, campaignId: number, limit: number): Promise<DueRecipient[]> {
  const { rows } = await sql<DueRecipient>`
    select r.id, r.customer_id, r.phone_number, c.name, c.address, c.document_register, c.open_field, g.name as group_name,
      c.is_blacklisted_campaign, c.campaign_opted_out_at
    from campaign_recipients r
    join customers c on c.tenant_id = r.tenant_id and c.id = r.customer_id
    left join customer_groups g on g.tenant_id = c.tenant_id and g.id = c.group_of_customer_id
    where r.tenant_id = ${tenantId} and r.campaign_id = ${campaignId} and r.state = 'queued' and r.handed_at is null
    order by r.id
    limit ${limit}
    for update of r skip locked`.execute(tx);
  return rows.map((r) => ({ ...r, id: Number(r.id), customer_id: Number(r.customer_id) }));
}

/**
 * Recipients still queued: `toHand`, not yet handed to the outbound queue; `inQueue`, handed over
 * and waiting in the connection's queue (their message not yet sent or failed).
 */
export async function queuedCounts(tx: Tx, tenantId: number, campaignId: number): Promise<{ toHand: number; inQueue: number }> {
  const { rows } = await sql<{ to_hand: number; in_queue: number }>`
    select count(*) filter (where handed_at is null)::int as to_hand, count(*) filter (where handed_at is not null)::int as in_queue
    from campaign_recipients
    where tenant_id = ${tenantId} and campaign_id = ${campaignId} and state = 'queued'`.execute(tx);
  return { toHand: rows[0]?.to_hand ?? 0, inQueue: rows[0]?.in_queue ?? 0 };
}

/** The listed template's components (for the text shown in the conversation). */
export async function listedTemplate(tx: Tx, tenantId: number, campaign: CampaignRecord): Promise<unknown[]> {
  if (!campaign.template_name) return [];
  const row = await findListedTemplate(tx, tenantId, campaign.instance_id, campaign.template_name, campaign.template_language ?? '');
  return row?.components ?? [];
}

const refusalOf = (r: DueRecipient): 'opted_out' | 'blocked' | null => (r.campaign_opted_out_at ? 'opted_out' : r.is_blacklisted_campaign ? 'blocked' : null);

/** Recipients opted out or blocked since the campaign was saved: failed with the reason, never sent. */
async function refuse(tx: Tx, tenantId: number, recipients: readonly DueRecipient[]): Promise<void> {
  const now = new Date();
  for (const code of ['opted_out', 'blocked'] as const) {
    const ids = recipients.filter((r) => refusalOf(r) === code).map((r) => r.id);
    if (ids.length === 0) continue;
    await tx
      .updateTable('campaign_recipients')
      .set({ state: 'failed', failure_code: code, failure_reason: CAMPAIGN_FAILURES[code], failed_at: now, handed_at: now })
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', ids)
      .execute();
  }
}

/**
 * Hands recipients' messages to the outbound queue (the normal send path: dispatcher, router,
 * throughput and messaging limit), in the caller's transaction with each recipient's link to its
 * message, a few statements for the whole slice. A message has no ticket: the customer's reply
 * opens one (campaign tab) and takes it in. Answers how many were handed over (the others were
 * refused: opted out or blocked since the campaign was saved).
 */
export async function handOver(tx: Tx, tenantId: number, campaign: CampaignRecord, recipients: readonly DueRecipient[], listed: readonly unknown[]): Promise<number> {
  await refuse(tx, tenantId, recipients);
  const eligible = recipients.filter((r) => refusalOf(r) === null);
  if (eligible.length === 0) return 0;
  const now = new Date();
  const rows = [];
  for (const r of eligible) {
    const contact = { name: r.name, phone_number: r.phone_number, address: r.address, document_register: r.document_register, open_field: r.open_field, group: r.group_name };
    const hash = campaignHash(tenantId, campaign.id, r.id);
    let content: { type: string; message: string | null; message_header: string | null; message_footer: string | null };
    if (campaign.template_name) {
      const components = templateComponents((campaign.template_variables ?? []) as TemplateVariable[], contact);
      await saveTemplateSend(tx, tenantId, hash, { name: campaign.template_name, language: campaign.template_language ?? 'pt_BR', components });
      const text = renderTemplate(listed, components);
      content = { type: 'template', message: text.body ?? campaign.template_name, message_header: text.header, message_footer: text.footer };
    } else {
      content = { type: 'text', message: fillContactText(campaign.message ?? '', contact), message_header: null, message_footer: null };
    }
    rows.push({
      tenant_id: tenantId,
      instance_id: campaign.instance_id,
      customer_id: r.customer_id,
      chat_ticket_id: null,
      hash,
      ...content,
      user_sending_id: campaign.created_by,
      from_me: true,
      sent_at: now,
    });
  }
  const inserted = await tx
    .insertInto('customer_chats')
    .values(rows)
    .onConflict((oc) => oc.columns(['tenant_id', 'hash']).doNothing())
    .returning(['id', 'hash'])
    .execute();
  if (inserted.length > 0) {
    await tx
      .insertInto('outbound_messages')
      .values(inserted.map((m) => ({ tenant_id: tenantId, instance_id: campaign.instance_id, kind: 'message', customer_chat_id: m.id })))
      .execute();
  }
  // A message already stored under its hash (a run repeated after a crash) is linked, not sent again.
  const known = new Map(inserted.map((m) => [m.hash, m.id]));
  const missing = rows.map((r) => r.hash).filter((hash) => !known.has(hash));
  if (missing.length > 0) {
    const stored = await tx.selectFrom('customer_chats').select(['id', 'hash']).where('tenant_id', '=', tenantId).where('hash', 'in', missing).execute();
    for (const m of stored) known.set(m.hash, m.id);
  }
  await sql`
    update campaign_recipients r set customer_chat_id = v.message_id, handed_at = ${now}
    from unnest(${eligible.map((r) => r.id)}::bigint[], ${eligible.map((r) => known.get(campaignHash(tenantId, campaign.id, r.id)) ?? null)}::bigint[]) as v(id, message_id)
    where r.tenant_id = ${tenantId} and r.id = v.id`.execute(tx);
  return eligible.length;
}

/**
 * A flow campaign's recipient: a campaign ticket opened (in the caller's transaction) for the flow
 * to run in; the flow itself starts after commit (startFlowForTicket has its own transaction).
 */
export async function handOverToFlow(tx: Tx, tenantId: number, campaign: CampaignRecord, recipient: DueRecipient): Promise<number | null> {
  if (refusalOf(recipient) !== null) {
    await refuse(tx, tenantId, [recipient]);
    return null;
  }
  const { ticket } = await openTicket(tx, tenantId, { instanceId: campaign.instance_id, customerId: recipient.customer_id, userId: null });
  await tx.updateTable('chat_tickets').set({ is_campaign: true, campaign_id: campaign.id }).where('tenant_id', '=', tenantId).where('id', '=', ticket.id).execute();
  await tx
    .updateTable('campaign_recipients')
    .set({ reply_chat_ticket_id: ticket.id, handed_at: new Date() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', recipient.id)
    .execute();
  return ticket.id;
}

/** Flow recipients handed over whose flow start was not recorded (a crash in between). */
export async function unconfirmedFlowStarts(tx: Tx, tenantId: number, campaignId: number): Promise<Array<{ id: number; ticketId: number; started: boolean }>> {
  const { rows } = await sql<{ id: number; ticket_id: number; started: boolean }>`
    select r.id, r.reply_chat_ticket_id as ticket_id,
      exists (select 1 from chat_flow_sessions s where s.tenant_id = r.tenant_id and s.chat_ticket_id = r.reply_chat_ticket_id) as started
    from campaign_recipients r
    where r.tenant_id = ${tenantId} and r.campaign_id = ${campaignId} and r.state = 'queued' and r.handed_at is not null
      and r.reply_chat_ticket_id is not null`.execute(tx);
  return rows.map((r) => ({ id: Number(r.id), ticketId: Number(r.ticket_id), started: r.started }));
}

export async function settleFlowStart(tx: Tx, tenantId: number, recipientId: number, started: boolean): Promise<void> {
  const now = new Date();
  await tx
    .updateTable('campaign_recipients')
    .set(
      started
        ? { state: 'sent', sent_at: now }
        : { state: 'failed', failure_code: 'flow_not_started', failure_reason: CAMPAIGN_FAILURES.flow_not_started, failed_at: now },
    )
    .where('tenant_id', '=', tenantId)
    .where('id', '=', recipientId)
    .where('state', '=', 'queued')
    .execute();
}

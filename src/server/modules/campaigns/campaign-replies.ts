import { sql } from 'kysely';
import { isOptOutReply } from '../../../shared/domain/campaigns/campaign-states';
import type { Tx } from '../../db/database';
import { PREPARED } from '../../db/prepared';
import type { JobQueue, JobRef } from '../../jobs/job-queue';
import type { StoredInbound } from '../messages/deps';

/** A campaign message counts as answered by a customer's message within this time. */
const REPLY_WINDOW_DAYS = 7;

export interface CampaignAnnounceData {
  tenantId: number;
  id: number;
}

/** Announces a campaign's change after the transaction that made it (a reply) committed. */
export const CAMPAIGN_ANNOUNCE_JOB: JobRef<CampaignAnnounceData> = { name: 'campaigns.announce' };

/**
 * Customer messages that answer a campaign (issue 15 §4), inside the transaction that stored them:
 * the recipient becomes replied; a ticket the reply opened becomes the campaign's ticket (campaign
 * tab, is_campaign and campaign_id) and takes in the campaign message, so the attendant sees what
 * the customer answers; "SAIR" / "PARAR" blocks further campaigns to the customer.
 */
export async function recordCampaignReplies(
  tx: Tx,
  jobs: JobQueue | undefined,
  tenantId: number,
  instanceId: number,
  stored: readonly StoredInbound[],
): Promise<void> {
  if (stored.length === 0) return;
  await recordOptOuts(tx, tenantId, stored);
  const { rows } = await sql<{ message_id: number; ticket_id: number | null; customer_id: number; text: string | null; recipient_id: number; campaign_id: number; campaign_message_id: number; first_in_ticket: boolean }>`${PREPARED}
    select distinct on (m.customer_id) m.id as message_id, m.chat_ticket_id as ticket_id, m.customer_id, m.message as text,
      r.id as recipient_id, r.campaign_id, r.customer_chat_id as campaign_message_id,
      not exists (select 1 from customer_chats e where e.tenant_id = m.tenant_id and e.chat_ticket_id = m.chat_ticket_id and e.id < m.id) as first_in_ticket
    from customer_chats m
    join campaign_recipients r on r.tenant_id = m.tenant_id and r.customer_id = m.customer_id
      and r.customer_chat_id is not null and r.replied_at is null and r.state <> 'failed'
      and r.handed_at > now() - make_interval(days => ${REPLY_WINDOW_DAYS})
    join campaigns k on k.tenant_id = r.tenant_id and k.id = r.campaign_id and k.instance_id = ${instanceId}
    where m.tenant_id = ${tenantId} and m.id = any(${stored.map((s) => s.messageId)}::bigint[]) and not m.from_me
    order by m.customer_id, m.id, r.id desc`.execute(tx);
  for (const row of rows) {
    await tx
      .updateTable('campaign_recipients')
      .set({ state: 'replied', replied_at: new Date(), reply_chat_ticket_id: row.ticket_id })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', row.recipient_id)
      .execute();
    if (row.ticket_id !== null && row.first_in_ticket) {
      await tx.updateTable('chat_tickets').set({ is_campaign: true, campaign_id: row.campaign_id }).where('tenant_id', '=', tenantId).where('id', '=', row.ticket_id).execute();
      await tx
        .updateTable('customer_chats')
        .set({ chat_ticket_id: row.ticket_id })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', row.campaign_message_id)
        .where('chat_ticket_id', 'is', null)
        .execute();
    }
    if (jobs?.started) await jobs.send(tx, CAMPAIGN_ANNOUNCE_JOB, { tenantId, id: Number(row.campaign_id) }, { key: `announce:${tenantId}:${row.campaign_id}:${Math.floor(Date.now() / 1000)}` });
  }
}

/** "SAIR" / "PARAR" from a customer who received a campaign: no more campaigns to them. */
async function recordOptOuts(tx: Tx, tenantId: number, stored: readonly StoredInbound[]): Promise<void> {
  const customers = [...new Set(stored.filter((m) => isOptOutReply(m.text)).map((m) => m.customerId))];
  if (customers.length === 0) return;
  const now = new Date();
  await tx
    .updateTable('customers')
    .set({ is_blacklisted_campaign: true, blacklisted_campaign_at: now, campaign_opted_out_at: now })
    .where('tenant_id', '=', tenantId)
    .where('id', 'in', customers)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('campaign_recipients as r')
          .select('r.id')
          .whereRef('r.tenant_id', '=', 'customers.tenant_id')
          .whereRef('r.customer_id', '=', 'customers.id')
          .where('r.customer_chat_id', 'is not', null),
      ),
    )
    .execute();
}

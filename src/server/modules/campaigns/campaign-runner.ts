import { sql } from 'kysely';
import { pacingStep } from '../../../shared/domain/campaigns/campaign-pacing';
import { formatTimestamp } from '../../../shared/domain/datetime';
import { messagingLimitLabel, UNLIMITED } from '../../../shared/domain/messaging-limit';
import type { Config } from '../../config';
import type { Database, Tx } from '../../db/database';
import type { JobQueue, JobRef } from '../../jobs/job-queue';
import type { PubSub } from '../../pubsub';
import { startFlowForTicket, type FlowEngineDeps } from '../flows/flow-engine';
import { publishCampaignEvent, type CampaignEventName } from './campaign-events';
import { limitOf, throughputOf } from './campaign-pacing-source';
import { handOver, handOverToFlow, listedTemplate, queuedCounts, settleFlowStart, takeDueRecipients, unconfirmedFlowStarts, type CampaignRecord } from './campaign-send';
import { campaignTexts as texts } from './texts';

export interface CampaignRunData {
  tenantId: number;
  id: number;
  /** The campaign's run_seq this job was sent for: any other value means it was superseded. */
  seq: number;
}

export const CAMPAIGN_RUN_JOB: JobRef<CampaignRunData> = { name: 'campaigns.run' };

/** A job sends for this long, then hands over to the next job of the chain (short runs resume fast after a crash). */
const RUN_BUDGET_MS = 5000;
/** How often the last handed-over messages are looked at until they have left. */
const WATCH_MS = 250;
/** Progress events at most this often per campaign. */
const PROGRESS_EVERY_MS = 1000;

export interface CampaignRunnerDeps {
  database: Database;
  jobs: JobQueue;
  config: Pick<Config, 'cloudApiMessagesPerSecond'>;
  pubsub?: PubSub;
  /** Nudges the outbound dispatcher after sends were queued. */
  onQueued?: () => void;
  /** For flow campaigns. */
  flows?: FlowEngineDeps;
}

/** Sends the next job of the campaign's chain (same transaction as the run_seq it names). */
export async function sendRunJob(tx: Tx, jobs: JobQueue, tenantId: number, id: number, seq: number, at?: Date): Promise<void> {
  await jobs.send(tx, CAMPAIGN_RUN_JOB, { tenantId, id, seq }, { key: `run:${tenantId}:${id}:${seq}`, ...(at ? { at } : {}) });
}

async function lockCampaign(tx: Tx, tenantId: number, id: number): Promise<CampaignRecord | undefined> {
  return tx.selectFrom('campaigns').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * The customers the connection reached in the last 24 h and when (the latest time per number): the
 * conversations the router recorded, and every campaign send handed over, counted whether or not
 * it opened a conversation (a customer inside a service window costs nothing: counting it too stays
 * under the limit, never over it).
 */
async function conversationsOpened(tx: Tx, tenantId: number, instanceId: number): Promise<number[]> {
  const { rows } = await sql<{ at: number }>`
    select (extract(epoch from max(at)) * 1000)::float8 as at from (
      select r.phone_number as phone, r.handed_at as at from campaign_recipients r
      join campaigns k on k.tenant_id = r.tenant_id and k.id = r.campaign_id
      where r.tenant_id = ${tenantId} and k.instance_id = ${instanceId} and r.customer_chat_id is not null and r.handed_at > now() - interval '24 hours'
      union all
      select phone, opened_at from business_conversations
      where tenant_id = ${tenantId} and instance_id = ${instanceId} and opened_at > now() - interval '24 hours'
    ) reached group by phone`.execute(tx);
  return rows.map((r) => Number(r.at));
}

/** The connection's sends queued and not yet handed to the provider (any sender's). */
async function inFlight(tx: Tx, tenantId: number, instanceId: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from outbound_messages
    where tenant_id = ${tenantId} and instance_id = ${instanceId} and status in ('pending', 'sending')`.execute(tx);
  return rows[0]?.n ?? 0;
}

type SliceOutcome =
  | { kind: 'stop'; event?: CampaignEventName; warning?: string }
  | { kind: 'sent'; sent: number; flowTickets: Array<{ recipientId: number; ticketId: number }>; waitMs: number; event?: CampaignEventName };

/**
 * One slice of a campaign (at most a quarter second of sends), in one transaction with the
 * campaign row locked: a pause, resume or cancel committed before it is seen by it.
 */
async function runSlice(deps: CampaignRunnerDeps, data: CampaignRunData, recentSends: number[]): Promise<SliceOutcome> {
  const { tenantId, id, seq } = data;
  return deps.database.withTenant(tenantId, async (tx) => {
    const campaign = await lockCampaign(tx, tenantId, id);
    if (!campaign || campaign.run_seq !== seq) return { kind: 'stop' };
    let event: CampaignEventName | undefined;
    if (campaign.status === 'agendada') {
      await tx.updateTable('campaigns').set({ status: 'enviando', started_at: new Date(), updated_at: new Date() }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
      event = 'campaign updated';
    } else if (campaign.status !== 'enviando') return { kind: 'stop' };
    const instance = await tx
      .selectFrom('instances')
      .select(['channel', 'messaging_send', 'messaging_limit'])
      .where('tenant_id', '=', tenantId)
      .where('id', '=', campaign.instance_id)
      .executeTakeFirstOrThrow();
    const { toHand: pending, inQueue } = await queuedCounts(tx, tenantId, id);
    if (pending === 0) {
      // Done when every message has left, not when the last one is handed over: the screens count
      // a recipient as waiting until its message is sent, and would stop one short otherwise.
      if (inQueue > 0) return { kind: 'sent', sent: 0, flowTickets: [], waitMs: WATCH_MS, event };
      await tx
        .updateTable('campaigns')
        .set({ status: 'concluida', finished_at: new Date(), warning: null, resumes_at: null, updated_at: new Date() })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .execute();
      return { kind: 'stop', event: 'campaign updated' };
    }
    const now = Date.now();
    const limit = limitOf(instance);
    const plan = pacingStep({
      now,
      perSecond: throughputOf(instance, deps.config),
      limit,
      recentSends,
      conversationsOpened: limit === UNLIMITED ? [] : await conversationsOpened(tx, tenantId, campaign.instance_id),
      pending,
      inFlight: await inFlight(tx, tenantId, campaign.instance_id),
    });
    if (plan.limitedUntil !== null) {
      // The 24 h limit is used up: this chain ends and a job at the time it frees continues.
      const warning = texts.limitWarning(messagingLimitLabel(limit), formatTimestamp(plan.limitedUntil));
      await tx
        .updateTable('campaigns')
        .set({ warning, resumes_at: new Date(plan.limitedUntil), run_seq: seq + 1, updated_at: new Date() })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .execute();
      await sendRunJob(tx, deps.jobs, tenantId, id, seq + 1, new Date(plan.limitedUntil));
      return { kind: 'stop', event: 'campaign warning', warning };
    }
    if (campaign.warning !== null) {
      await tx.updateTable('campaigns').set({ warning: null, resumes_at: null, updated_at: new Date() }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
      event = 'campaign updated';
    }
    if (plan.send === 0) return { kind: 'sent', sent: 0, flowTickets: [], waitMs: plan.waitMs, event };
    const due = await takeDueRecipients(tx, tenantId, id, plan.send);
    const listed = campaign.flow_id === null ? await listedTemplate(tx, tenantId, campaign) : [];
    const flowTickets: Array<{ recipientId: number; ticketId: number }> = [];
    let sent = 0;
    if (campaign.flow_id !== null) {
      for (const recipient of due) {
        const ticketId = await handOverToFlow(tx, tenantId, campaign, recipient);
        if (ticketId !== null) flowTickets.push({ recipientId: recipient.id, ticketId });
      }
    } else sent = await handOver(tx, tenantId, campaign, due, listed);
    return { kind: 'sent', sent: sent + flowTickets.length, flowTickets, waitMs: due.length < plan.send ? plan.waitMs || 50 : plan.waitMs, event };
  });
}

/** Starts the flows of handed-over flow recipients (after the slice committed), recording each start. */
async function startFlows(deps: CampaignRunnerDeps, tenantId: number, campaign: { flow_id: number | null; created_by: number }, items: Array<{ recipientId: number; ticketId: number }>): Promise<void> {
  if (campaign.flow_id === null || !deps.flows) return;
  for (const item of items) {
    const outcome = await startFlowForTicket(deps.flows, tenantId, item.ticketId, campaign.flow_id, campaign.created_by);
    await deps.database.withTenant(tenantId, (tx) => settleFlowStart(tx, tenantId, item.recipientId, outcome === 'started'));
  }
}

/** Flow starts a crash interrupted: started ones are recorded, the others started now. */
async function recoverFlowStarts(deps: CampaignRunnerDeps, tenantId: number, id: number): Promise<void> {
  const campaign = await deps.database.withTenant(tenantId, (tx) =>
    tx.selectFrom('campaigns').select(['flow_id', 'created_by']).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirst(),
  );
  if (!campaign || campaign.flow_id === null) return;
  const open = await deps.database.withTenant(tenantId, (tx) => unconfirmedFlowStarts(tx, tenantId, id));
  for (const item of open.filter((o) => o.started)) await deps.database.withTenant(tenantId, (tx) => settleFlowStart(tx, tenantId, item.id, true));
  await startFlows(
    deps,
    tenantId,
    campaign,
    open.filter((o) => !o.started).map((o) => ({ recipientId: o.id, ticketId: o.ticketId })),
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A campaign's job (issue 15 §4): sends slice after slice at the connection's pace for a few
 * seconds, then queues the next job of the chain. Safe to run twice: a superseded job (run_seq moved
 * on) stops at its next slice, a locked recipient is skipped, and a recipient's message is its
 * deterministic hash, written with the recipient's link to it.
 */
export async function runCampaign(deps: CampaignRunnerDeps, data: CampaignRunData): Promise<void> {
  const { tenantId, id, seq } = data;
  const started = Date.now();
  const recentSends: number[] = [];
  let lastProgress = 0;
  await recoverFlowStarts(deps, tenantId, id);
  for (;;) {
    const outcome = await runSlice(deps, data, recentSends);
    if (outcome.kind === 'stop') {
      if (outcome.event) await publishCampaignEvent(deps.pubsub, tenantId, outcome.event, id, outcome.warning ?? null);
      return;
    }
    const now = Date.now();
    for (let i = 0; i < outcome.sent; i++) recentSends.push(now);
    recentSends.splice(0, Math.max(0, recentSends.length - 5000));
    if (outcome.sent > 0) deps.onQueued?.();
    if (outcome.flowTickets.length > 0) {
      const campaign = await deps.database.withTenant(tenantId, (tx) =>
        tx.selectFrom('campaigns').select(['flow_id', 'created_by']).where('tenant_id', '=', tenantId).where('id', '=', id).executeTakeFirstOrThrow(),
      );
      await startFlows(deps, tenantId, campaign, outcome.flowTickets);
    }
    if (outcome.event || now - lastProgress >= PROGRESS_EVERY_MS) {
      lastProgress = now;
      await publishCampaignEvent(deps.pubsub, tenantId, outcome.event ?? 'campaign updated', id);
    }
    if (now - started >= RUN_BUDGET_MS) {
      await deps.database.withTenant(tenantId, async (tx) => {
        const campaign = await lockCampaign(tx, tenantId, id);
        if (!campaign || campaign.run_seq !== seq || campaign.status !== 'enviando') return;
        await tx.updateTable('campaigns').set({ run_seq: seq + 1 }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
        await sendRunJob(tx, deps.jobs, tenantId, id, seq + 1);
      });
      return;
    }
    await sleep(outcome.waitMs);
  }
}

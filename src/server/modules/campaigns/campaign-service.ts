import { sql, type Updateable } from 'kysely';
import { isEditableCampaign } from '../../../shared/domain/campaigns/campaign-states';
import type { Database, Tx } from '../../db/database';
import type { CampaignsTable } from '../../db/schema/crm';
import type { Viewer } from '../../graphql/context';
import { validation } from '../../graphql/errors';
import type { JobQueue } from '../../jobs/job-queue';
import type { PubSub } from '../../pubsub';
import { transactWithChanges } from '../../sync/changes';
import { assertUseInstance } from '../instances/instance-access';
import { findListedTemplate } from '../instances/listed-template';
import { createNewContacts, resolveAudience } from './audience';
import { publishCampaignEvent } from './campaign-events';
import { MAX_RECIPIENTS, type CampaignInputArgs } from './campaign-input';
import { sendRunJob } from './campaign-runner';
import type { CampaignRecord } from './campaign-send';
import { campaignTexts as texts } from './texts';

export interface CampaignServiceDeps {
  database: Database;
  jobs: JobQueue;
  pubsub: PubSub;
}

/** What the campaign row stores of its message, checked against the connection's kind. */
async function messageOf(tx: Tx, tenantId: number, input: CampaignInputArgs) {
  const instance = await tx.selectFrom('instances').select(['id', 'channel']).where('tenant_id', '=', tenantId).where('id', '=', input.instance_id).executeTakeFirst();
  if (!instance) throw validation('instance_id', texts.instanceNotFound);
  const none = { message: null, message_template_id: null, template_name: null, template_language: null, template_variables: '[]', flow_id: null };
  if (input.flow_id != null) {
    const flow = await tx
      .selectFrom('chat_flows')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('id', '=', input.flow_id)
      .where('kind', '=', 'active')
      .where('deleted_at', 'is', null)
      .where('published_version_id', 'is not', null)
      .executeTakeFirst();
    if (!flow) throw validation('flow_id', texts.flowNotFound);
    return { ...none, flow_id: flow.id };
  }
  if (instance.channel === 'cloud-api') {
    if (!input.template_name || !input.template_language) throw validation('template_name', texts.templateRequired);
    const template = await findListedTemplate(tx, tenantId, instance.id, input.template_name, input.template_language);
    if (template?.status !== 'APPROVED') throw validation('template_name', texts.templateNotApproved);
    return { ...none, template_name: input.template_name, template_language: input.template_language, template_variables: JSON.stringify(input.template_variables ?? []) };
  }
  if (input.message_template_id != null) {
    const quick = await tx.selectFrom('message_templates').select(['id', 'value']).where('tenant_id', '=', tenantId).where('id', '=', input.message_template_id).executeTakeFirst();
    if (!quick) throw validation('message_template_id', texts.quickAnswerNotFound);
    return { ...none, message: quick.value, message_template_id: quick.id };
  }
  if (!input.message) throw validation('message', texts.messageRequired);
  return { ...none, message: input.message };
}

/** Resolves the audience (creating the CSV's new contacts) and writes the recipients. */
async function writeRecipients(tx: Tx, tenantId: number, campaignId: number, input: CampaignInputArgs) {
  const audience = await resolveAudience(tx, tenantId, input.audience);
  const total = audience.recipients.length + audience.newNumbers.length;
  if (total === 0) {
    const chosen = input.audience.group_ids?.length || input.audience.category_ids?.length || input.audience.customer_ids?.length || input.audience.csv?.trim();
    throw validation('audience', chosen ? texts.noRecipients : texts.audienceEmpty);
  }
  if (total > MAX_RECIPIENTS) throw validation('audience', texts.tooManyRecipients);
  const recipients = [...audience.recipients, ...(await createNewContacts(tx, tenantId, audience))];
  await sql`delete from campaign_recipients where tenant_id = ${tenantId} and campaign_id = ${campaignId}`.execute(tx);
  await sql`
    insert into campaign_recipients (tenant_id, campaign_id, customer_id, phone_number)
    select ${tenantId}, ${campaignId}, customer_id, phone
    from unnest(${recipients.map((r) => r.customerId)}::bigint[], ${recipients.map((r) => r.phone)}::text[]) with ordinality as v(customer_id, phone, n)
    order by n
    on conflict (tenant_id, campaign_id, customer_id) do nothing`.execute(tx);
  return {
    audience: JSON.stringify({
      group_ids: input.audience.group_ids ?? [],
      category_ids: input.audience.category_ids ?? [],
      customer_ids: input.audience.customer_ids ?? [],
      csv_numbers: audience.csvNumbers,
    }),
    excluded_blacklisted: audience.excludedBlacklisted,
    excluded_opted_out: audience.excludedOptedOut,
    excluded_invalid: audience.excludedInvalid,
    contactsCreated: recipients.length > audience.recipients.length,
  };
}

export async function createCampaign(deps: CampaignServiceDeps, viewer: Viewer, input: CampaignInputArgs): Promise<number> {
  assertUseInstance(viewer, input.instance_id);
  const tenantId = viewer.tenantId;
  const id = await transactWithChanges(deps.database, deps.pubsub, tenantId, async (tx, changes) => {
    const message = await messageOf(tx, tenantId, input);
    const { id } = await tx
      .insertInto('campaigns')
      .values({ tenant_id: tenantId, name: input.name, instance_id: input.instance_id, created_by: viewer.userId, send_at: input.send_at ? new Date(input.send_at) : null, ...message })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { contactsCreated, ...counts } = await writeRecipients(tx, tenantId, id, input);
    await tx.updateTable('campaigns').set(counts).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
    if (contactsCreated) changes.add('customers', null);
    return id;
  });
  await publishCampaignEvent(deps.pubsub, tenantId, 'campaign created', id);
  return id;
}

async function lockOwn(tx: Tx, tenantId: number, id: number): Promise<CampaignRecord> {
  const row = await tx.selectFrom('campaigns').selectAll().where('tenant_id', '=', tenantId).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw validation('id', texts.notFound);
  return row;
}

export async function updateCampaign(deps: CampaignServiceDeps, viewer: Viewer, id: number, input: CampaignInputArgs): Promise<void> {
  assertUseInstance(viewer, input.instance_id);
  const tenantId = viewer.tenantId;
  await transactWithChanges(deps.database, deps.pubsub, tenantId, async (tx, changes) => {
    const row = await lockOwn(tx, tenantId, id);
    if (!isEditableCampaign(row.status)) throw validation('id', texts.notEditable);
    const message = await messageOf(tx, tenantId, input);
    const { contactsCreated, ...counts } = await writeRecipients(tx, tenantId, id, input);
    const sendAt = input.send_at ? new Date(input.send_at) : null;
    let patch: { status?: 'rascunho' | 'agendada'; run_seq?: number } = {};
    if (row.status === 'agendada' && sendAt?.getTime() !== row.send_at?.getTime()) {
      // The waiting job no longer names the campaign's run; a new time gets its own.
      patch = sendAt ? { run_seq: row.run_seq + 1 } : { status: 'rascunho', run_seq: row.run_seq + 1 };
      if (sendAt) await sendRunJob(tx, deps.jobs, tenantId, id, row.run_seq + 1, sendAt);
    }
    await tx
      .updateTable('campaigns')
      .set({ name: input.name, instance_id: input.instance_id, send_at: sendAt, ...message, ...counts, ...patch, updated_at: new Date() })
      .where('tenant_id', '=', tenantId)
      .where('id', '=', id)
      .execute();
    if (contactsCreated) changes.add('customers', null);
  });
  await publishCampaignEvent(deps.pubsub, tenantId, 'campaign updated', id);
}

type Transition = 'start' | 'pause' | 'resume' | 'cancel';

/**
 * start: now, or at send_at when it is in the future (agendada); pause stops the chain (its next
 * slice sees the new run_seq); resume starts a new chain; cancel stops for good and cancels the
 * recipients not handed over yet.
 */
export async function transitionCampaign(deps: CampaignServiceDeps, viewer: Viewer, id: number, transition: Transition): Promise<void> {
  const tenantId = viewer.tenantId;
  await deps.database.withTenant(tenantId, async (tx) => {
    const row = await lockOwn(tx, tenantId, id);
    assertUseInstance(viewer, row.instance_id);
    const seq = row.run_seq + 1;
    const now = new Date();
    const set = (patch: Updateable<CampaignsTable>) =>
      tx
        .updateTable('campaigns')
        .set({ ...patch, run_seq: seq, updated_at: now })
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .execute();
    if (transition === 'start') {
      if (row.status !== 'rascunho') throw validation('id', texts.notStartable);
      const later = row.send_at && row.send_at.getTime() > now.getTime() ? row.send_at : null;
      await set(later ? { status: 'agendada' } : { status: 'enviando', started_at: now });
      await sendRunJob(tx, deps.jobs, tenantId, id, seq, later ?? undefined);
    } else if (transition === 'pause') {
      if (row.status !== 'enviando') throw validation('id', texts.notRunning);
      await set({ status: 'pausada' });
    } else if (transition === 'resume') {
      if (row.status !== 'pausada') throw validation('id', texts.notPaused);
      await set({ status: 'enviando', warning: null, resumes_at: null });
      await sendRunJob(tx, deps.jobs, tenantId, id, seq);
    } else {
      if (row.status === 'concluida' || row.status === 'cancelada') throw validation('id', texts.notCancelable);
      await set({ status: 'cancelada', finished_at: now, warning: null, resumes_at: null });
      await tx
        .updateTable('campaign_recipients')
        .set({ state: 'canceled' })
        .where('tenant_id', '=', tenantId)
        .where('campaign_id', '=', id)
        .where('state', '=', 'queued')
        .where('handed_at', 'is', null)
        .execute();
    }
  });
  await publishCampaignEvent(deps.pubsub, tenantId, 'campaign updated', id);
}

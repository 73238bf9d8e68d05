import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTimestamp } from '../../../src/shared/domain/datetime';
import { ACK } from '../../../src/shared/domain/messages';
import { openDatabase } from '../../../src/server/db/database';
import type { JobQueue } from '../../../src/server/jobs/job-queue';
import { applyAck } from '../../../src/server/modules/messages/acks';
import { testServerUrl } from '../../helpers/test-database';
import { openSyncFixture, type FixtureTenant, type SyncFixture } from './support/sync-fixture';

type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const CAMPAIGN = `id name status warning resumes_at throughput_per_second messaging_limit is_official
  counts { total queued sent delivered read replied failed canceled excluded_blacklisted excluded_opted_out excluded_invalid }`;
const CREATE = `mutation ($input: CampaignInput!) { createCampaign(input: $input) { ${CAMPAIGN} } }`;
const GET = `query ($id: ID!) { campaign(id: $id) { ${CAMPAIGN} } }`;
const PREVIEW = `query ($i: ID, $a: CampaignAudienceInput!) { campaignAudiencePreview(instance_id: $i, audience: $a) { recipients excluded_blacklisted excluded_opted_out excluded_invalid } }`;
const RECIPIENTS = `query ($id: ID!, $f: CampaignRecipientFilters, $p: Int, $l: Int) {
  campaignRecipients(campaign_id: $id, filters: $f, pagination_page: $p, pagination_limit: $l) { total total_pages items { id customer_id phone_number state failure_code failure_reason chat_ticket_id } }
}`;
const transition = (name: string) => `mutation ($id: ID!) { ${name}(id: $id) { ${CAMPAIGN} } }`;

describe('WhatsApp campaigns (whatsapp/campaigns) on the job queue', () => {
  let f: SyncFixture;
  let jobs: JobQueue;
  let phoneSeq = 0;

  const gql = (query: string, variables: Record<string, unknown> = {}, tenant?: FixtureTenant, person: 'admin' | 'ana' = 'admin') => f.gql<Data>(tenant ?? f.alpha, person, query, variables);
  const db = <T>(fn: Parameters<SyncFixture['database']['withTenant']>[1]) => f.database.withTenant(f.alpha.tenantId, fn) as Promise<T>;
  const newPhone = () => `5511966${String(++phoneSeq).padStart(6, '0')}`;
  /** Contacts of the alpha tenant, created by a first message (as customers arrive). */
  const contacts = async (n: number): Promise<Array<{ id: number; phone: string }>> => {
    const out = [];
    for (let i = 0; i < n; i++) {
      const phone = newPhone();
      const stored = await f.inbound(f.alpha, { from: phone, name: `Contato ${phone.slice(-4)}`, text: 'oi' });
      out.push({ id: stored.customerId, phone });
    }
    // Their first messages' tickets are closed: the campaign's replies open new ones.
    await db((tx) => tx.updateTable('chat_tickets').set({ finished_ticket: true }).where('tenant_id', '=', f.alpha.tenantId).execute());
    return out;
  };
  const create = async (input: Record<string, unknown>) => {
    const result = await gql(CREATE, { input: { name: 'Black Friday', instance_id: String(f.alpha.instanceId), message: 'Oferta para {{nome}}', ...input } });
    expect(result.errors).toBeUndefined();
    return result.data!.createCampaign as Data;
  };
  const get = async (id: string) => (await gql(GET, { id })).data!.campaign as Data;
  const run = async (name: string, id: string) => {
    const result = await gql(transition(name), { id });
    expect(result.errors).toBeUndefined();
    return result.data![name] as Data;
  };
  const waitFor = async (id: string, check: (c: Data) => boolean, timeoutMs = 15_000) => {
    let last: Data = {};
    await expect
      .poll(
        async () => {
          last = await get(id);
          return check(last);
        },
        { timeout: timeoutMs, interval: 100 },
      )
      .toBe(true);
    return last;
  };
  const campaignMessages = (id: string) =>
    db<Array<{ id: number; customer_id: number; hash: string; message: string; chat_ticket_id: number | null }>>((tx) =>
      tx.selectFrom('customer_chats').select(['id', 'customer_id', 'hash', 'message', 'chat_ticket_id']).where('tenant_id', '=', f.alpha.tenantId).where('hash', 'like', `campaign:${f.alpha.tenantId}:${id}:%`).execute(),
    );
  const setPace = (perSecond: number, limit: string | null = null, instanceId = f.alpha.instanceId) =>
    db((tx) => tx.updateTable('instances').set({ messaging_send: perSecond, messaging_limit: limit }).where('tenant_id', '=', f.alpha.tenantId).where('id', '=', instanceId).execute());

  beforeAll(async () => {
    f = await openSyncFixture();
    jobs = f.server.app.deps.services.jobs!;
    await jobs.start();
  });
  afterAll(async () => {
    await jobs?.stop();
    await f?.close();
  });

  it('builds the audience from groups, categories, picked contacts and a CSV, removing and counting blocked and opted-out numbers', async () => {
    const people = await contacts(6);
    const group = await db<{ id: number }>((tx) => tx.insertInto('customer_groups').values({ tenant_id: f.alpha.tenantId, name: 'VIP' }).returning('id').executeTakeFirstOrThrow());
    await db((tx) =>
      tx
        .updateTable('customers')
        .set({ group_of_customer_id: group.id })
        .where('id', 'in', people.slice(0, 4).map((p) => p.id))
        .execute(),
    );
    await db((tx) => tx.updateTable('customers').set({ is_blacklisted_campaign: true }).where('id', '=', people[0]!.id).execute());
    await db((tx) => tx.updateTable('customers').set({ is_blacklisted_campaign: true, campaign_opted_out_at: new Date() }).where('id', '=', people[1]!.id).execute());
    const category = await db<{ id: number }>((tx) => tx.insertInto('categories').values({ tenant_id: f.alpha.tenantId, name: 'Comprou', color: '#00aa00' }).returning('id').executeTakeFirstOrThrow());
    const ticket = await db<{ id: number }>((tx) => tx.selectFrom('chat_tickets').select('id').where('customer_id', '=', people[4]!.id).executeTakeFirstOrThrow());
    await db((tx) => tx.insertInto('ticket_categories').values({ tenant_id: f.alpha.tenantId, chat_ticket_id: ticket.id, category_id: category.id }).execute());
    const fresh = newPhone();
    const csv = `nome;telefone\nNovo Cliente;${fresh}\nRepetido;${people[5]!.phone}\nRuim;123\n`;
    const audience = { group_ids: [String(group.id)], category_ids: [String(category.id)], customer_ids: [String(people[5]!.id), String(people[2]!.id)], csv };
    const preview = await gql(PREVIEW, { i: String(f.alpha.instanceId), a: audience });
    expect(preview.data!.campaignAudiencePreview).toEqual({ recipients: 5, excluded_blacklisted: 1, excluded_opted_out: 1, excluded_invalid: 1 });
    const campaign = await create({ audience });
    expect(campaign).toMatchObject({ status: 'rascunho', is_official: false, counts: { total: 5, queued: 5, excluded_blacklisted: 1, excluded_opted_out: 1, excluded_invalid: 1 } });
    const page = (await gql(RECIPIENTS, { id: campaign.id, l: 10 })).data!.campaignRecipients;
    expect(page.items.map((r: Data) => r.phone_number).sort()).toEqual([people[2]!.phone, people[3]!.phone, people[4]!.phone, people[5]!.phone, fresh].sort());
    // The CSV's new number is a contact now, named from the file.
    const created = await db<{ name: string | null }>((tx) => tx.selectFrom('customers').select('name').where('phone_number', '=', fresh).executeTakeFirstOrThrow());
    expect(created.name).toBe('Novo Cliente');
    const empty = await gql(CREATE, { input: { name: 'Vazia', instance_id: String(f.alpha.instanceId), message: 'x', audience: { customer_ids: [String(people[0]!.id)] } } });
    expect(JSON.stringify(empty.errors)).toContain('Nenhum contato do público escolhido pode receber campanhas.');
    const noMessage = await gql(CREATE, { input: { name: 'Sem texto', instance_id: String(f.alpha.instanceId), audience } });
    expect(JSON.stringify(noMessage.errors)).toContain('Escreva a mensagem ou escolha um modelo de mensagem.');
  });

  it('sends each recipient exactly one message through the outbound queue, and follows delivered and read', async () => {
    await setPace(50);
    const people = await contacts(8);
    const campaign = await create({ audience: { customer_ids: people.map((p) => String(p.id)) } });
    const started = await run('startCampaign', campaign.id);
    expect(started.status).toBe('enviando');
    await waitFor(campaign.id, (c) => c.status === 'concluida');
    await f.sync.dispatcher.drain();
    const messages = await campaignMessages(campaign.id);
    expect(messages).toHaveLength(8);
    expect(new Set(messages.map((m) => m.customer_id)).size).toBe(8);
    expect(messages.every((m) => m.chat_ticket_id === null && m.message.startsWith('Oferta para Contato '))).toBe(true);
    const handed = f.sender.sent.filter((item) => messages.some((m) => m.id === item.message?.id));
    expect(handed).toHaveLength(8);
    const done = await waitFor(campaign.id, (c) => c.counts.sent === 8);
    expect(done.counts).toMatchObject({ total: 8, queued: 0, sent: 8 });
    // Statuses from the channel move the recipients on.
    const deps = f.sync.messaging;
    await applyAck(deps, { tenantId: f.alpha.tenantId, instanceId: f.alpha.instanceId, hash: messages[0]!.hash, ack: ACK.delivered });
    await applyAck(deps, { tenantId: f.alpha.tenantId, instanceId: f.alpha.instanceId, hash: messages[1]!.hash, ack: ACK.read });
    await applyAck(deps, { tenantId: f.alpha.tenantId, instanceId: f.alpha.instanceId, hash: messages[2]!.hash, ack: ACK.failed, reason: 'O WhatsApp recusou a mensagem: (#131049) This message was not delivered to maintain healthy ecosystem engagement.' });
    expect((await get(campaign.id)).counts).toMatchObject({ sent: 5, delivered: 1, read: 1, failed: 1 });
    const failed = (await gql(RECIPIENTS, { id: campaign.id, f: { state: 'failed' } })).data!.campaignRecipients.items;
    expect(failed).toEqual([expect.objectContaining({ failure_code: '131049', customer_id: String(messages[2]!.customer_id) })]);
    // 131049 is not retried: the queue entry failed for good, and it does not block the customer.
    const customer = await db<{ is_blacklisted_campaign: boolean }>((tx) => tx.selectFrom('customers').select('is_blacklisted_campaign').where('id', '=', messages[2]!.customer_id).executeTakeFirstOrThrow());
    expect(customer.is_blacklisted_campaign).toBe(false);
    // The CSV export lists everyone with their state.
    const csv = (await gql(`query ($id: ID!) { campaignRecipientsCsv(campaign_id: $id) }`, { id: campaign.id })).data!.campaignRecipientsCsv as string;
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(9);
    expect(csv).toContain('Lida');
    expect(csv).toContain('131049');
    const report = (await gql(`query ($id: ID!) { campaignReport(id: $id) { bucket_minutes replies failures { failure_code count } timeline { sent read failed } } }`, { id: campaign.id })).data!.campaignReport;
    expect(report.failures).toEqual([{ failure_code: '131049', count: 1 }]);
    expect(report.timeline.at(-1)).toMatchObject({ sent: 8, read: 1, failed: 1 });
  });

  it('a reply opens a ticket in the campaign tab with the campaign message; SAIR and 131050 stop further campaigns', async () => {
    await setPace(50);
    const people = await contacts(4);
    const campaign = await create({ name: 'Resposta passiva', audience: { customer_ids: people.map((p) => String(p.id)) } });
    await run('startCampaign', campaign.id);
    await waitFor(campaign.id, (c) => c.status === 'concluida');
    await f.sync.dispatcher.drain();
    const reply = await f.inbound(f.alpha, { from: people[0]!.phone, text: 'Quero saber mais' });
    const ticket = await db<Data>((tx) => tx.selectFrom('chat_tickets').selectAll().where('id', '=', reply.ticketId).executeTakeFirstOrThrow());
    expect(ticket).toMatchObject({ is_campaign: true, campaign_id: Number(campaign.id), finished_ticket: false });
    const inTicket = await db<Data[]>((tx) => tx.selectFrom('customer_chats').select(['hash', 'from_me']).where('chat_ticket_id', '=', reply.ticketId).orderBy('id').execute());
    expect(inTicket.map((m) => m.from_me)).toEqual([true, false]);
    // The ticket names its campaign (SPEC §9 'Resposta passiva' counts as attendance).
    const listed = await gql(`query ($i: ID!) { chatTickets(instance_id: $i, is_campaign: true, all_users: true) { items { id campaign { id name } } } }`, { i: String(f.alpha.instanceId) });
    expect(listed.data!.chatTickets.items).toContainEqual({ id: String(reply.ticketId), campaign: { id: campaign.id, name: 'Resposta passiva' } });
    await f.inbound(f.alpha, { from: people[1]!.phone, text: ' sair ' });
    const messages = await campaignMessages(campaign.id);
    const third = messages.find((m) => m.customer_id === people[2]!.id)!;
    await applyAck(f.sync.messaging, { tenantId: f.alpha.tenantId, instanceId: f.alpha.instanceId, hash: third.hash, ack: ACK.failed, reason: 'O WhatsApp recusou a mensagem: (#131050) Unable to deliver the message. This recipient has chosen to stop receiving marketing messages on WhatsApp from your business' });
    const after = await get(campaign.id);
    expect(after.counts).toMatchObject({ replied: 2, failed: 1 });
    const blocked = await db<Data[]>((tx) =>
      tx.selectFrom('customers').select(['id', 'is_blacklisted_campaign', 'campaign_opted_out_at']).where('id', 'in', people.map((p) => p.id)).orderBy('id').execute(),
    );
    expect(blocked.map((c) => [c.is_blacklisted_campaign, c.campaign_opted_out_at !== null])).toEqual([
      [false, false],
      [true, true],
      [true, true],
      [false, false],
    ]);
    const next = await gql(PREVIEW, { a: { customer_ids: people.map((p) => String(p.id)) } });
    expect(next.data!.campaignAudiencePreview).toMatchObject({ recipients: 2, excluded_opted_out: 2 });
    const report = (await gql(`query ($id: ID!) { campaignReport(id: $id) { replies tickets_opened } }`, { id: campaign.id })).data!.campaignReport;
    expect(report).toEqual({ replies: 2, tickets_opened: 2 });
  });

  it('pauses, resumes and cancels within a second', async () => {
    await setPace(4);
    const people = await contacts(24);
    const campaign = await create({ audience: { customer_ids: people.map((p) => String(p.id)) } });
    await run('startCampaign', campaign.id);
    await waitFor(campaign.id, (c) => c.counts.total - c.counts.queued >= 2 || (c.counts.sent ?? 0) >= 2);
    const paused = await run('pauseCampaign', campaign.id);
    expect(paused.status).toBe('pausada');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const frozen = (await campaignMessages(campaign.id)).length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await campaignMessages(campaign.id)).length).toBe(frozen);
    expect(frozen).toBeLessThan(24);
    expect(JSON.stringify((await gql(transition('pauseCampaign'), { id: campaign.id })).errors)).toContain('A campanha não está em andamento.');
    await run('resumeCampaign', campaign.id);
    await expect.poll(async () => (await campaignMessages(campaign.id)).length, { timeout: 5000, interval: 100 }).toBeGreaterThan(frozen);
    const canceled = await run('cancelCampaign', campaign.id);
    expect(canceled.status).toBe('cancelada');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const final = (await campaignMessages(campaign.id)).length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await campaignMessages(campaign.id)).length).toBe(final);
    const counts = (await get(campaign.id)).counts;
    expect(counts.canceled).toBe(24 - final);
    expect(counts.canceled).toBeGreaterThan(0);
    expect(JSON.stringify((await gql(transition('resumeCampaign'), { id: campaign.id })).errors)).toContain('A campanha não está pausada.');
  });

  it('stops at the connection’s 24-hour messaging limit and says when it continues by itself', async () => {
    // The second connection has reached nobody yet today.
    await setPace(50, '3', f.alpha.otherInstanceId);
    const people = await contacts(5);
    const campaign = await create({ instance_id: String(f.alpha.otherInstanceId), audience: { customer_ids: people.map((p) => String(p.id)) } });
    await run('startCampaign', campaign.id);
    const limited = await waitFor(campaign.id, (c) => c.warning !== null);
    expect(limited.status).toBe('enviando');
    expect(limited.warning).toContain('Limite de 3 conversas em 24 horas');
    expect(await campaignMessages(campaign.id)).toHaveLength(3);
    // The continuation waits on the job queue for the time the window frees.
    const resumesAt = Date.parse(`${limited.resumes_at.replace(' ', 'T')}-03:00`);
    expect(resumesAt).toBeGreaterThan(Date.now() + 23 * 3600_000);
    const { rows } = await f.database.asOwner((owner) =>
      sql<{ start_after: Date }>`select start_after from pgboss.job where name = 'campaigns.run' and state = 'created' and data->>'id' = ${campaign.id}`.execute(owner),
    );
    expect(rows).toHaveLength(1);
    expect(Math.abs(new Date(rows[0]!.start_after).getTime() - resumesAt)).toBeLessThan(1000);
    await run('cancelCampaign', campaign.id);
    expect((await get(campaign.id)).counts.canceled).toBe(2);
  });

  it('starts at a time when asked', async () => {
    const people = await contacts(2);
    const campaign = await create({ send_at: formatTimestamp(Date.now() + 2000), audience: { customer_ids: people.map((p) => String(p.id)) } });
    expect((await run('startCampaign', campaign.id)).status).toBe('agendada');
    expect(await campaignMessages(campaign.id)).toHaveLength(0);
    await waitFor(campaign.id, (c) => c.status === 'concluida', 8000);
    expect(await campaignMessages(campaign.id)).toHaveLength(2);
  });

  it('starts a published active chat flow per recipient instead of a message, in a campaign ticket', async () => {
    await setPace(50);
    const at = { x: 0, y: 0 };
    // An active flow opens with an approved template (issue 16: the business writes first).
    const draft = JSON.stringify({
      nodes: [
        { id: 's', type: 'start', position: at, data: { trigger: 'manual' } },
        { id: 't', type: 'template', position: at, data: { name: 'novidades', language: 'pt_BR', parameters: [] } },
        { id: 'm', type: 'message', position: at, data: { text: 'Olá! Temos novidades para você.', buttons: [] } },
        { id: 'e', type: 'end', position: at, data: {} },
      ],
      edges: [
        { id: '1', source: 's', target: 't' },
        { id: '2', source: 't', target: 'm' },
        { id: '3', source: 'm', target: 'e' },
      ],
    });
    const flow = (await gql(`mutation ($input: ChatFlowInput!) { createChatFlow(kind: "active", input: $input) { flow { id } } }`, { input: { name: 'Novidades', draft } })).data!.createChatFlow.flow;
    const unpublished = await gql(CREATE, { input: { name: 'Fluxo', instance_id: String(f.alpha.instanceId), flow_id: flow.id, audience: { customer_ids: ['1'] } } });
    expect(JSON.stringify(unpublished.errors)).toContain('Fluxo ativo não encontrado ou sem versão publicada.');
    const published = await gql(`mutation ($id: ID!) { publishChatFlow(id: $id) { flow { id } problems { message } } }`, { id: flow.id });
    expect(published.data?.publishChatFlow.problems).toEqual([]);
    const people = await contacts(3);
    const campaign = await create({ name: 'Fluxo', message: null, flow_id: flow.id, audience: { customer_ids: people.map((p) => String(p.id)) } });
    await run('startCampaign', campaign.id);
    const done = await waitFor(campaign.id, (c) => c.status === 'concluida' && c.counts.sent === 3);
    expect(done.counts).toMatchObject({ total: 3, sent: 3, failed: 0 });
    const tickets = await db<Data[]>((tx) =>
      tx.selectFrom('chat_tickets').select(['id', 'customer_id', 'is_campaign', 'campaign_id']).where('campaign_id', '=', Number(campaign.id)).execute(),
    );
    expect(tickets.map((t) => t.customer_id).sort()).toEqual(people.map((p) => p.id).sort());
    expect(tickets.every((t) => t.is_campaign)).toBe(true);
    await expect
      .poll(
        async () =>
          (await db<Data[]>((tx) => tx.selectFrom('customer_chats').select('chat_ticket_id').where('message', '=', 'Olá! Temos novidades para você.').where('chat_ticket_id', 'in', tickets.map((t) => t.id)).execute())).length,
        { timeout: 5000, interval: 100 },
      )
      .toBe(3);
    expect(await campaignMessages(campaign.id)).toHaveLength(0);
  });

  it('gives another tenant nothing, and an attendant without the route nothing', async () => {
    const people = await contacts(1);
    const campaign = await create({ audience: { customer_ids: [String(people[0]!.id)] } });
    const foreign = { id: campaign.id };
    expect((await gql(GET, foreign, f.beta)).data!.campaign).toBeNull();
    expect((await gql(`{ campaigns { id } }`, {}, f.beta)).data!.campaigns).toEqual([]);
    for (const name of ['startCampaign', 'pauseCampaign', 'resumeCampaign', 'cancelCampaign']) {
      expect(JSON.stringify((await gql(transition(name), foreign, f.beta)).errors)).toContain('Campanha não encontrada.');
    }
    expect(JSON.stringify((await gql(RECIPIENTS, foreign, f.beta)).errors)).toContain('Campanha não encontrada.');
    expect(JSON.stringify((await gql(`query ($id: ID!) { campaignReport(id: $id) { replies } }`, foreign, f.beta)).errors)).toContain('Campanha não encontrada.');
    expect(JSON.stringify((await gql(`query ($id: ID!) { campaignRecipientsCsv(campaign_id: $id) }`, foreign, f.beta)).errors)).toContain('Campanha não encontrada.');
    const update = `mutation ($id: ID!, $input: CampaignInput!) { updateCampaign(id: $id, input: $input) { id } }`;
    const input = { name: 'Roubada', instance_id: String(f.beta.instanceId), message: 'x', audience: { customer_ids: [String(people[0]!.id)] } };
    expect(JSON.stringify((await gql(update, { id: campaign.id, input }, f.beta)).errors)).toContain('Campanha não encontrada.');
    // Another tenant's contacts and connection are not reachable from beta either.
    const stolen = await gql(CREATE, { input }, f.beta);
    expect(JSON.stringify(stolen.errors)).toContain('Nenhum contato do público escolhido pode receber campanhas.');
    const otherConnection = await gql(CREATE, { input: { ...input, instance_id: String(f.alpha.instanceId) } }, f.beta);
    expect(JSON.stringify(otherConnection.errors)).toMatch(/Conexão não encontrada|FORBIDDEN/);
    expect((await gql(PREVIEW, { a: { customer_ids: [String(people[0]!.id)] } }, f.beta)).data!.campaignAudiencePreview.recipients).toBe(0);
    // An attendant whose role lacks whatsapp/campaigns gets nothing from any operation.
    const ops: Array<[string, Record<string, unknown>]> = [
      [`{ campaigns { id } }`, {}],
      [GET, foreign],
      [RECIPIENTS, foreign],
      [`query ($id: ID!) { campaignRecipientsCsv(campaign_id: $id) }`, foreign],
      [`query ($id: ID!) { campaignReport(id: $id) { replies } }`, foreign],
      [PREVIEW, { a: { customer_ids: [String(people[0]!.id)] } }],
      [CREATE, { input: { ...input, instance_id: String(f.alpha.instanceId) } }],
      [update, { id: campaign.id, input: { ...input, instance_id: String(f.alpha.instanceId) } }],
      ...['startCampaign', 'pauseCampaign', 'resumeCampaign', 'cancelCampaign'].map((name): [string, Record<string, unknown>] => [transition(name), foreign]),
    ];
    for (const [query, variables] of ops) {
      const result = await gql(query, variables, f.alpha, 'ana');
      expect(result.errors?.[0]?.extensions?.code, query).toBe('FORBIDDEN');
    }
    expect((await get(campaign.id)).status).toBe('rascunho');
  });
});

/**
 * Issue 15 §5: a server killed with SIGKILL in the middle of a campaign (a real child process on
 * the demo's sandbox), started again on the same database: the campaign finishes by itself and
 * every recipient's phone received exactly one message.
 */
describe('a server killed mid-campaign', () => {
  const CHILD = fileURLToPath(new URL('./support/crash-child.ts', import.meta.url));
  const RECIPIENTS_TOTAL = 160;
  let dataDir: string;
  let database: { url: string; drop: () => Promise<void> };
  let running: { child: ChildProcess; url: string } | null = null;

  const startChild = (): Promise<{ child: ChildProcess; url: string }> => {
    const child = fork(CHILD, [dataDir, database.url, '200'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    return new Promise((resolve, reject) => {
      child.once('message', (m) => resolve({ child, url: (m as { url: string }).url }));
      child.once('exit', (code) => reject(new Error(`server exited early (${code})`)));
    });
  };
  const killHard = (proc: { child: ChildProcess }): Promise<void> =>
    new Promise((resolve) => {
      proc.child.once('exit', () => resolve());
      proc.child.kill('SIGKILL');
    });
  const until = async <T>(check: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> => {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const value = await check();
      if (value !== undefined) return value;
      if (Date.now() > end) throw new Error(`not in ${timeoutMs} ms: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const call = async (path: string, init: RequestInit = {}): Promise<Record<string, unknown>> => {
    const response = await fetch(`${running!.url}${path}`, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
    return (await response.json()) as Record<string, unknown>;
  };
  const gql = async (query: string, variables: Record<string, unknown>, token?: string) => {
    const body = await call('/demo/graphql', { method: 'POST', body: JSON.stringify({ query, variables }), headers: token ? { authorization: `Bearer ${token}` } : {} });
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return body.data as Data;
  };
  const login = async () => (await gql('mutation ($e: String!, $p: String!) { logIn(email: $e, password: $p) { token } }', { e: 'admin@demo.local', p: 'Pedbot@demo1' })).logIn.token as string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pedbot-campaign-crash-'));
    if (testServerUrl) {
      const name = `pedbot_campaign_crash_${randomBytes(6).toString('hex')}`;
      const admin = await openDatabase({ databaseUrl: testServerUrl, migrate: false });
      await admin.asOwner((db) => sql.raw(`create database ${name}`).execute(db));
      await admin.close();
      const url = new URL(testServerUrl);
      url.pathname = `/${name}`;
      database = {
        url: url.toString(),
        drop: async () => {
          const cleanup = await openDatabase({ databaseUrl: testServerUrl, migrate: false });
          await cleanup.asOwner((db) => sql.raw(`drop database if exists ${name} with (force)`).execute(db));
          await cleanup.close();
        },
      };
    } else {
      database = { url: '', drop: async () => undefined };
      const template = process.env.PEDBOT_TEST_TEMPLATE;
      if (template) {
        const seeded = await openDatabase({ pgliteDir: join(dataDir, 'pglite'), pgliteSnapshot: new Blob([await readFile(template)]), migrate: false });
        await seeded.close();
      }
    }
  });
  afterAll(async () => {
    if (running) await killHard(running);
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('resumes where it stopped and sends every recipient exactly one message', async () => {
    running = await startChild();
    const { instances } = (await call('/api/sandbox/demo/instances')) as { instances: Array<{ id: number; name: string }> };
    const instanceId = String(instances.find((i) => i.name === 'WhatsApp Loja Demo')!.id);
    let token = await login();
    // 20 a second: the campaign takes 8 s, long enough to be killed in the middle.
    await gql('mutation ($id: ID!) { updateInstance(id: $id, messaging_send: 20) { id } }', { id: instanceId }, token);
    const names = Array.from({ length: RECIPIENTS_TOTAL }, (_, i) => `Queda ${String(i).padStart(3, '0')}`);
    const csv = ['nome;telefone', ...names.map((name, i) => `${name};55119880${String(i).padStart(5, '0')}`)].join('\n');
    const { createCampaign } = await gql(CREATE, { input: { name: 'Queda', instance_id: instanceId, message: 'Campanha para {{nome}}', audience: { csv } } }, token);
    expect(createCampaign.counts.total).toBe(RECIPIENTS_TOTAL);
    await gql(transition('startCampaign'), { id: createCampaign.id }, token);
    const outbox = async () =>
      ((await call(`/api/sandbox/demo/${instanceId}/outbox`)) as { messages: Array<{ text: string | null }> }).messages.filter((m) => m.text?.startsWith('Campanha para Queda '));
    await until(async () => ((await outbox()).length >= 30 ? true : undefined), 30_000, 'campaign sends started');
    const atKill = (await gql(GET, { id: createCampaign.id }, token)).campaign;
    await killHard(running);
    // Killed mid-way: many recipients were still to send.
    expect(atKill.status).toBe('enviando');
    expect(atKill.counts.queued).toBeGreaterThan(40);
    running = await startChild();
    token = await login();
    const done = await until(
      async () => {
        const { campaign } = await gql(GET, { id: createCampaign.id }, token);
        return campaign.status === 'concluida' ? campaign : undefined;
      },
      150_000,
      'campaign finished after the restart',
    );
    expect(done.counts.total).toBe(RECIPIENTS_TOTAL);
    const sent = await until(async () => {
      const all = await outbox();
      return all.length >= RECIPIENTS_TOTAL ? all : undefined;
    }, 60_000, 'every campaign message on the phones');
    // Exactly one message per recipient.
    expect(sent).toHaveLength(RECIPIENTS_TOTAL);
    expect(new Set(sent.map((m) => m.text)).size).toBe(RECIPIENTS_TOTAL);
    expect(sent.map((m) => m.text).sort()).toEqual(names.map((name) => `Campanha para ${name}`).sort());
  }, 300_000);
});

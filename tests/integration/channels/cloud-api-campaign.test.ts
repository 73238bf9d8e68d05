import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPayload } from '../../../src/server/channels/cloud-api/signature';
import type { JobQueue } from '../../../src/server/jobs/job-queue';
import { receiveInbound } from '../../../src/server/modules/messages/inbound';
import { TEST_APP_SECRET, TEST_CUSTOMER, fixtureJson, fixtureVariant } from '../../helpers/cloud-api-fixtures';
import { FakeCloudApi } from '../../helpers/fake-cloud-api';
import { createCloudApiInstance } from './support/cloud-api-instance';
import { eventually, openChannelServer, type ChannelServer } from './support/channel-server';

type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const COUNTS = 'counts { total queued sent failed excluded_opted_out }';
const CREATE = `mutation ($input: CampaignInput!) { createCampaign(input: $input) { id status ${COUNTS} } }`;
const GET = `query ($id: ID!) { campaign(id: $id) { id status ${COUNTS} } }`;
const RECIPIENTS = `query ($id: ID!) { campaignRecipients(campaign_id: $id) { items { phone_number state failure_code failure_reason } } }`;
const PREVIEW = `query ($i: ID, $a: CampaignAudienceInput!) { campaignAudiencePreview(instance_id: $i, audience: $a) { recipients excluded_opted_out } }`;

/** confirmacao_pedido (templates-list-response.json): header {{1}}, body {{1}} {{2}} {{3}}, link button {{1}}. */
const VARIABLES = [
  { key: 'header.1', field: 'open_field' },
  { key: '1', field: 'name' },
  { key: '2', field: 'open_field' },
  { key: '3', value: '2 dias úteis' },
  { key: 'button.0', field: 'open_field' },
];

/**
 * Issue 15 §4 on an official connection: a campaign sends an approved template through the Cloud
 * API (a local fake of graph.facebook.com), its variables filled from each contact, and follows
 * Meta's campaign refusals: 131049 and 131050 are not retried, 131050 blocks the customer.
 */
describe('a campaign on a Cloud API connection', () => {
  const fake = new FakeCloudApi();
  let s: ChannelServer;
  let jobs: JobQueue;
  let instanceId: number;

  const gql = async (query: string, variables: Record<string, unknown>) => (await s.server.gql<Data>('demo', query, variables, s.adminToken)) as { data?: Data; errors?: Data[] };
  const query = <T>(fn: Parameters<typeof s.server.database.withTenant<T>>[1]) => s.server.database.withTenant(s.tenantId, fn);
  /** A customer of the connection who last wrote two days ago (outside the 24-hour window: only a template reaches them). */
  async function customer(phone: string, name: string, order: string): Promise<number> {
    const { customerId } = await receiveInbound(s.sync.messaging, {
      tenantId: s.tenantId,
      instanceId,
      from: phone,
      name,
      text: 'Olá',
      providerMessageId: `wamid.IN_${phone}`,
      sentAt: new Date(Date.now() - 48 * 3_600_000),
    });
    await query((tx) => tx.updateTable('customers').set({ name, open_field: order }).where('id', '=', customerId).execute());
    return customerId;
  }
  const input = (customerIds: number[], template = 'confirmacao_pedido') => ({
    name: 'Pedidos confirmados',
    instance_id: String(instanceId),
    template_name: template,
    template_language: 'pt_BR',
    template_variables: VARIABLES,
    audience: { customer_ids: customerIds.map(String) },
  });
  async function runToEnd(customerIds: number[]): Promise<string> {
    const created = await gql(CREATE, { input: input(customerIds) });
    expect(created.errors).toBeUndefined();
    const id = created.data!.createCampaign.id as string;
    expect((await gql(`mutation ($id: ID!) { startCampaign(id: $id) { status } }`, { id })).data!.startCampaign.status).toBe('enviando');
    await eventually(async () => {
      await s.dispatch();
      return (await gql(GET, { id })).data!.campaign.status === 'concluida';
    }, 15_000);
    return id;
  }
  const recipients = async (id: string) => (await gql(RECIPIENTS, { id })).data!.campaignRecipients.items as Data[];
  const sendsTo = (phone: string) => fake.sends.filter((body) => body.to === `+${phone}`);
  const blocked = (customerId: number) =>
    query((tx) => tx.selectFrom('customers').select(['is_blacklisted_campaign', 'campaign_opted_out_at']).where('id', '=', customerId).executeTakeFirstOrThrow());

  beforeAll(async () => {
    await fake.start();
    s = await openChannelServer({ cloudApiBaseUrl: fake.baseUrl });
    jobs = s.server.app.deps.services.jobs!;
    await jobs.start();
    instanceId = await createCloudApiInstance(s.server.database, s.tenantId);
    // The connection's templates as Meta lists them (APPROVED, REJECTED, PAUSED, PENDING).
    expect((await gql(`query ($i: ID!) { whatsappTemplates(instance_id: $i) { name status } }`, { i: String(instanceId) })).errors).toBeUndefined();
  });
  afterAll(async () => {
    await jobs?.stop();
    await s?.close();
    await fake.stop();
  });

  it('refuses a template Meta has not approved, or none, with the catalogue’s validation error', async () => {
    const id = await customer('5511977710001', 'Rita Alves', 'PED-0100');
    const campaigns = async () => (await gql('{ campaigns { id } }', {})).data!.campaigns.length as number;
    const before = await campaigns();
    for (const template of ['promo_black_friday_teste', 'reengajamento_cliente', 'pesquisa_satisfacao', 'nao_existe']) {
      const refused = await gql(CREATE, { input: input([id], template) });
      expect(refused.errors?.[0], template).toMatchObject({
        message: 'Erro nos dados informados.',
        extensions: { code: 'VALIDATION', field: 'template_name', detail: 'O modelo escolhido não está aprovado pela Meta para esta conexão.' },
      });
    }
    const free = await gql(CREATE, { input: { name: 'Texto livre', instance_id: String(instanceId), message: 'Promoção!', audience: { customer_ids: [String(id)] } } });
    expect(free.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION', detail: 'Em uma conexão oficial, escolha um modelo aprovado pela Meta.' });
    expect(await campaigns()).toBe(before);
  });

  it('sends each recipient the approved template once, header, body and link filled from the contact, as Meta takes it', async () => {
    const first = await customer(TEST_CUSTOMER, 'Cliente Teste', 'PED-0001');
    const second = await customer('5511977710002', 'Maria Souza', 'PED-0002');
    const id = await runToEnd([first, second]);
    // The fixture's request (send-template-request.json) is this send: the quick-reply payload is optional and not sent.
    const fixture = fixtureJson<{ to: string; template: { components: Array<Record<string, unknown>> } }>('send-template-request.json');
    const expected = { ...fixture, to: `+${TEST_CUSTOMER}`, template: { ...fixture.template, components: fixture.template.components.filter((c) => c.sub_type !== 'quick_reply') } };
    expect(sendsTo(TEST_CUSTOMER)).toEqual([expected]);
    expect(sendsTo('5511977710002')).toEqual([JSON.parse(JSON.stringify(expected).replaceAll('PED-0001', 'PED-0002').replace('Cliente Teste', 'Maria Souza').replace(TEST_CUSTOMER, '5511977710002'))]);
    expect((await recipients(id)).map((r) => r.state)).toEqual(['sent', 'sent']);
    // The conversation shows the template as WhatsApp renders it for that customer.
    const shown = await query((tx) => tx.selectFrom('customer_chats').select(['type', 'message_header', 'message']).where('hash', 'like', `campaign:${s.tenantId}:${id}:%`).where('customer_id', '=', first).execute());
    expect(shown).toEqual([{ type: 'template', message_header: 'Pedido PED-0001', message: 'Olá Cliente Teste, seu pedido PED-0001 foi confirmado e será entregue em 2 dias úteis.' }]);
  });

  it('does not retry 131049 or 131050: the recipient fails with Meta’s reason, and 131050 blocks the customer for campaigns', async () => {
    const capped = await customer('5511977720001', 'Pedro Lima', 'PED-0201');
    const stopped = await customer('5511977720002', 'Ana Reis', 'PED-0202');
    const stopsLater = await customer('5511977720003', 'João Dias', 'PED-0203');
    fake.refusedNumbers.set('5511977720001', 131049);
    fake.refusedNumbers.set('5511977720002', 131050);
    const id = await runToEnd([capped, stopped, stopsLater]);
    // 131050 mostly arrives later, as a failed status of a send Meta accepted.
    const [accepted] = fake.accepted.filter((a) => a.body.to === '+5511977720003');
    const failed = fixtureVariant('status-failed.json', {
      'wamid.TEST_OUT_0002': accepted!.id,
      '5511900000001': '5511977720003',
      '131047': '131050',
      '"Re-engagement message"': '"Unable to deliver the message. This recipient has chosen to stop receiving marketing messages on WhatsApp from your business."',
    });
    expect((await s.inject('POST', `/webhooks/whatsapp/demo/${instanceId}`, failed, { 'x-hub-signature-256': signPayload(failed, TEST_APP_SECRET) })).status).toBe(200);

    // Time for a retry (the queue's first one waits 1 s), then the queue once more: nothing is asked again.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await s.dispatch();
    expect(sendsTo('5511977720001')).toHaveLength(1);
    expect(sendsTo('5511977720002')).toHaveLength(1);
    expect(sendsTo('5511977720003')).toHaveLength(1);
    const queue = await query((tx) =>
      tx
        .selectFrom('outbound_messages as o')
        .innerJoin('customer_chats as m', (join) => join.onRef('m.tenant_id', '=', 'o.tenant_id').onRef('m.id', '=', 'o.customer_chat_id'))
        .select(['m.customer_id', 'o.status', 'o.attempts'])
        .where('m.hash', 'like', `campaign:${s.tenantId}:${id}:%`)
        .orderBy('m.customer_id')
        .execute(),
    );
    expect(queue).toEqual([
      { customer_id: capped, status: 'failed', attempts: 1 },
      { customer_id: stopped, status: 'failed', attempts: 1 },
      { customer_id: stopsLater, status: 'sent', attempts: 1 },
    ]);

    const byPhone = new Map((await recipients(id)).map((r) => [r.phone_number, r]));
    expect(byPhone.get('5511977720001')).toMatchObject({ state: 'failed', failure_code: '131049' });
    expect(byPhone.get('5511977720001')!.failure_reason).toBe(
      'O WhatsApp recusou a mensagem: (#131049) This message was not delivered to maintain healthy ecosystem engagement. — This message was not delivered to maintain healthy ecosystem engagement.',
    );
    for (const phone of ['5511977720002', '5511977720003']) {
      expect(byPhone.get(phone)).toMatchObject({ state: 'failed', failure_code: '131050' });
      expect(byPhone.get(phone)!.failure_reason).toContain('This recipient has chosen to stop receiving marketing messages');
    }
    expect((await gql(GET, { id })).data!.campaign.counts).toMatchObject({ total: 3, queued: 0, sent: 0, failed: 3 });

    // 131049 is Meta's marketing cap of the moment: the customer stays reachable by later campaigns.
    expect(await blocked(capped)).toMatchObject({ is_blacklisted_campaign: false, campaign_opted_out_at: null });
    for (const customerId of [stopped, stopsLater]) {
      const row = await blocked(customerId);
      expect(row.is_blacklisted_campaign).toBe(true);
      expect(row.campaign_opted_out_at).not.toBeNull();
    }
    const next = await gql(PREVIEW, { i: String(instanceId), a: { customer_ids: [capped, stopped, stopsLater].map(String) } });
    expect(next.data!.campaignAudiencePreview).toEqual({ recipients: 1, excluded_opted_out: 2 });
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { receiveInbound } from '../../../src/server/modules/messages/inbound';
import { ACK } from '../../../src/shared/domain/messages';
import { channelTexts } from '../../../src/shared/i18n/pt-BR';
import { fixtureJson } from '../../helpers/cloud-api-fixtures';
import { FakeCloudApi } from '../../helpers/fake-cloud-api';
import { createCloudApiInstance } from './support/cloud-api-instance';
import { openChannelServer, type ChannelServer } from './support/channel-server';

const PUSH = `mutation ($rows: [CustomerChatPushRow!]!) { pushCustomerChat(rows: $rows) { id } }`;
const RATE = 40;

describe('Cloud API sends', () => {
  const fake = new FakeCloudApi();
  let s: ChannelServer;
  let instanceId: number;
  beforeAll(async () => {
    await fake.start();
    s = await openChannelServer({ cloudApiBaseUrl: fake.baseUrl, cloudApiMessagesPerSecond: RATE });
    instanceId = await createCloudApiInstance(s.server.database, s.tenantId);
  });
  afterAll(async () => {
    await s?.close();
    await fake.stop();
  });
  beforeEach(() => {
    fake.accepted.length = 0;
    fake.answeredErrors.length = 0;
    fake.setMessagesPerSecond(null);
  });

  const query = <T>(fn: Parameters<typeof s.server.database.withTenant<T>>[1]) => s.server.database.withTenant(s.tenantId, fn);
  /** A customer who last wrote `hoursAgo` hours ago on the Cloud API connection. */
  async function customerWhoWrote(phone: string, hoursAgo: number): Promise<number> {
    const result = await receiveInbound(s.sync.messaging, {
      tenantId: s.tenantId,
      instanceId,
      from: phone,
      name: 'Cliente',
      text: 'Olá',
      providerMessageId: `wamid.IN_${phone}_${hoursAgo}`,
      sentAt: new Date(Date.now() - hoursAgo * 3_600_000),
    });
    return result.customerId;
  }
  async function push(customerId: number, messages: Array<{ hash: string; text: string }>) {
    const rows = messages.map(({ hash, text }) => ({
      newDocumentState: { id: `tmp:${hash}`, is_temp: true, hash, customer_id: String(customerId), instance_id: String(instanceId), message: text },
    }));
    // In the client's own batch size: the server refuses larger pushes (issue 13 cost limits).
    for (let at = 0; at < rows.length; at += 50) {
      const result = await s.server.gql('demo', PUSH, { rows: rows.slice(at, at + 50) }, s.adminToken);
      expect(result.errors).toBeUndefined();
    }
  }
  const byHash = (hash: string) => query((tx) => tx.selectFrom('customer_chats').selectAll().where('hash', '=', hash).executeTakeFirstOrThrow());

  it('answers a pushed free text outside the 24-hour window as a failed row with the pt-BR reason, storing and sending nothing', async () => {
    const customer = await customerWhoWrote('5511977770001', 25);
    const rows = [{ newDocumentState: { id: 'tmp:late-1', is_temp: true, hash: 'late-1', customer_id: String(customer), instance_id: String(instanceId), message: 'Oi, ainda precisa de ajuda?' } }];
    const result = await s.server.gql<{ pushCustomerChat: Array<{ id: string; hash: string; ack: number; failure_reason: string }> }>(
      'demo',
      `mutation ($rows: [CustomerChatPushRow!]!) { pushCustomerChat(rows: $rows) { id hash ack failure_reason } }`,
      { rows },
      s.adminToken,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.pushCustomerChat).toEqual([{ id: 'tmp:late-1', hash: 'late-1', ack: ACK.failed, failure_reason: channelTexts.outsideServiceWindow }]);
    await s.dispatch();
    expect(await query((tx) => tx.selectFrom('customer_chats').select('id').where('hash', '=', 'late-1').executeTakeFirst())).toBeUndefined();
    expect(fake.sends.filter((b) => b.to === '+5511977770001')).toEqual([]);
  });

  it('refuses sendMessage outside the window with code OUTSIDE_SERVICE_WINDOW, and takes it inside the window', async () => {
    await customerWhoWrote('5511977770007', 26);
    const send = (hash: string) =>
      s.server.gql('demo', `mutation ($i: ID!, $h: String) { sendMessage(to_number: "5511977770007", message: "Olá!", instance_id: $i, hash: $h) { id } }`, { i: String(instanceId), h: hash }, s.adminToken);
    const late = await send('late-send-1');
    expect(late.errors?.[0]).toMatchObject({ message: channelTexts.outsideServiceWindow, extensions: { code: 'OUTSIDE_SERVICE_WINDOW' } });
    expect(await query((tx) => tx.selectFrom('customer_chats').select('id').where('hash', '=', 'late-send-1').executeTakeFirst())).toBeUndefined();

    await customerWhoWrote('5511977770007', 1);
    const inside = await send('late-send-2');
    expect(inside.errors).toBeUndefined();
    await s.dispatch();
    expect((await byHash('late-send-2')).ack).toBeGreaterThanOrEqual(ACK.sent);
  });

  it('still takes an internal note outside the window', async () => {
    await customerWhoWrote('5511977770008', 30);
    const note = await s.server.gql(
      'demo',
      `mutation ($i: ID!) { createChatComment(to_number: "5511977770008", message: "Cliente pediu retorno", instance_id: $i, hash: "late-note") { id } }`,
      { i: String(instanceId) },
      s.adminToken,
    );
    expect(note.errors).toBeUndefined();
    expect(await byHash('late-note')).toMatchObject({ type: 'comment', off_customer_chat: true });
  });

  it('refuses a media send outside the window synchronously, with code OUTSIDE_SERVICE_WINDOW', async () => {
    await customerWhoWrote('5511977770002', 30);
    const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const result = await s.server.gql(
      'demo',
      `mutation ($i: ID!) { sendImageSelenium(image_url: "${png}", image_caption: "foto", to_number: "5511977770002", instance_id: $i, hash: "img-late") { id } }`,
      { i: String(instanceId) },
      s.adminToken,
    );
    expect(result.errors?.[0]).toMatchObject({ message: channelTexts.outsideServiceWindow, extensions: { code: 'OUTSIDE_SERVICE_WINDOW' } });
    expect(await query((tx) => tx.selectFrom('customer_chats').select('id').where('hash', '=', 'img-late').executeTakeFirst())).toBeUndefined();
  });

  it('sends an approved template outside the window', async () => {
    await customerWhoWrote('5511977770003', 48);
    const template = fixtureJson<{ template: { components: unknown[] } }>('send-template-request.json').template;
    await s.server.gql('demo', `query ($i: ID!) { whatsappTemplates(instance_id: $i) { id } }`, { i: String(instanceId) }, s.adminToken);
    const result = await s.server.gql<{ sendTemplateMessage: { type: string; message: string; message_header: string; message_footer: string } }>(
      'demo',
      `mutation ($i: ID!, $c: JSON) { sendTemplateMessage(to_number: "5511977770003", instance_id: $i, template_name: "confirmacao_pedido", language: "pt_BR", components: $c, hash: "tpl-1") { type message message_header message_footer } }`,
      { i: String(instanceId), c: template.components },
      s.adminToken,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.sendTemplateMessage).toEqual({
      type: 'template',
      message: 'Olá Cliente Teste, seu pedido PED-0001 foi confirmado e será entregue em 2 dias úteis.',
      message_header: 'Pedido PED-0001',
      message_footer: 'Loja Teste',
    });
    await s.dispatch();
    expect(await byHash('tpl-1')).toMatchObject({ ack: ACK.sent });
    expect(fake.accepted.map((a) => a.body)).toEqual([
      expect.objectContaining({ to: '+5511977770003', type: 'template', template: { name: 'confirmacao_pedido', language: { code: 'pt_BR' }, components: template.components } }),
    ]);
  });

  it('retries a failed send on request without duplicating it', async () => {
    const customer = await customerWhoWrote('5511977770004', 1);
    fake.failNext(190);
    await push(customer, [{ hash: 'retry-1', text: 'Tentativa' }]);
    await s.dispatch();
    expect(await byHash('retry-1')).toMatchObject({ ack: ACK.failed, failure_reason: channelTexts.providerTokenInvalid });
    // Pushing the same hash again is the same message: nothing new is stored or sent.
    await push(customer, [{ hash: 'retry-1', text: 'Tentativa' }]);
    await s.dispatch();
    expect(fake.accepted).toHaveLength(0);

    const retried = await s.server.gql<{ retryMessage: { ack: number } }>('demo', 'mutation { retryMessage(hash: "retry-1") { ack } }', {}, s.adminToken);
    expect(retried.data?.retryMessage.ack).toBe(ACK.waiting);
    await s.dispatch();
    const row = await byHash('retry-1');
    expect(row).toMatchObject({ ack: ACK.sent, failure_reason: null });
    expect(fake.accepted.map((a) => a.id)).toEqual([row.whatsapp_message_id]);
    const copies = await query((tx) => tx.selectFrom('customer_chats').select('id').where('message', '=', 'Tentativa').execute());
    expect(copies).toHaveLength(1);
    const again = await s.server.gql('demo', 'mutation { retryMessage(hash: "retry-1") { ack } }', {}, s.adminToken);
    expect(again.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION' });
  });

  it('retries a throttled send (130429) with backoff, once delivered', async () => {
    const customer = await customerWhoWrote('5511977770005', 1);
    fake.failNext(130429);
    await push(customer, [{ hash: 'throttled-1', text: 'Devagar' }]);
    await s.dispatch();
    expect(fake.answeredErrors).toEqual([130429]);
    expect(fake.accepted).toHaveLength(1);
    expect(await byHash('throttled-1')).toMatchObject({ ack: ACK.sent, whatsapp_message_id: fake.accepted[0]!.id });
  });

  it(`paces sends beyond ${RATE}/s per number: none throttled, none lost`, async () => {
    const customer = await customerWhoWrote('5511977770006', 1);
    fake.setMessagesPerSecond(RATE + 5);
    const total = RATE + 20;
    const started = performance.now();
    await push(customer, Array.from({ length: total }, (_, i) => ({ hash: `paced-${i}`, text: `Mensagem ${i}` })));
    await s.dispatch();
    const elapsed = performance.now() - started;
    expect(fake.answeredErrors).toEqual([]);
    expect(fake.accepted).toHaveLength(total);
    expect(new Set(fake.accepted.map((a) => (a.body.text as { body: string }).body)).size).toBe(total);
    // Evenly spaced at RATE per second: at least (total - 1) / RATE seconds.
    expect(elapsed).toBeGreaterThanOrEqual(((total - 1) / RATE) * 1000 - 50);
    const sent = await query((tx) => tx.selectFrom('customer_chats').select('ack').where('hash', 'like', 'paced-%').execute());
    expect(sent.filter((m) => m.ack === ACK.sent)).toHaveLength(total);
  });
});

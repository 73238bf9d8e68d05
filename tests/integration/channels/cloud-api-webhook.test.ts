import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPayload } from '../../../src/server/channels/cloud-api/signature';
import { ACK } from '../../../src/shared/domain/messages';
import { channelTexts } from '../../../src/shared/i18n/pt-BR';
import { TEST_APP_SECRET, TEST_CUSTOMER, TEST_VERIFY_TOKEN, fixtureBytes, fixtureVariant } from '../../helpers/cloud-api-fixtures';
import { FakeCloudApi } from '../../helpers/fake-cloud-api';
import { createCloudApiInstance } from './support/cloud-api-instance';
import { eventually, openChannelServer, type ChannelServer } from './support/channel-server';

const PUSH = `mutation ($rows: [CustomerChatPushRow!]!) { pushCustomerChat(rows: $rows) { id } }`;
const nowSeconds = () => String(Math.floor(Date.now() / 1000));

describe('Cloud API webhook', () => {
  const fake = new FakeCloudApi();
  let s: ChannelServer;
  let instanceId: number;
  let url: string;
  beforeAll(async () => {
    await fake.start();
    s = await openChannelServer({ cloudApiBaseUrl: fake.baseUrl });
    instanceId = await createCloudApiInstance(s.server.database, s.tenantId);
    url = `/webhooks/whatsapp/demo/${instanceId}`;
  });
  afterAll(async () => {
    await s?.close();
    await fake.stop();
  });

  const post = (body: Buffer, signature: string | null = signPayload(body, TEST_APP_SECRET)) =>
    s.inject('POST', url, body, signature === null ? {} : { 'x-hub-signature-256': signature });
  const query = <T>(fn: Parameters<typeof s.server.database.withTenant<T>>[1]) => s.server.database.withTenant(s.tenantId, fn);
  const messageByProviderId = (id: string) =>
    query((tx) => tx.selectFrom('customer_chats').selectAll().where('instance_id', '=', instanceId).where('whatsapp_message_id', '=', id).executeTakeFirst());
  const count = (table: 'customer_chats' | 'chat_tickets' | 'customers') =>
    query(async (tx) => Number((await tx.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n));

  /** Our own message to the fixture customer, sent through the fake; answers its wamid and hash. */
  async function sendOurMessage(text: string): Promise<{ wamid: string; hash: string }> {
    const customer = await query((tx) => tx.selectFrom('customers').select('id').where('phone_number', '=', TEST_CUSTOMER).executeTakeFirstOrThrow());
    const hash = `ours-${Math.random().toString(36).slice(2)}`;
    await s.server.gql('demo', PUSH, {
      rows: [{ newDocumentState: { id: `tmp:${hash}`, is_temp: true, hash, customer_id: String(customer.id), instance_id: String(instanceId), message: text } }],
    }, s.adminToken);
    await s.dispatch();
    const row = await query((tx) => tx.selectFrom('customer_chats').selectAll().where('hash', '=', hash).executeTakeFirstOrThrow());
    if (!row.whatsapp_message_id) throw new Error(`not sent: ${row.failure_reason}`);
    return { wamid: row.whatsapp_message_id, hash };
  }

  it('answers the verification GET with the challenge, and 403 otherwise', async () => {
    const ok = await s.inject('GET', `${url}?${fixtureBytes('verify-get.txt').toString().trim()}`);
    expect(ok).toMatchObject({ status: 200, body: '1158201444' });
    expect((await s.inject('GET', `${url}?hub.mode=subscribe&hub.challenge=1&hub.verify_token=errado`)).status).toBe(403);
    const sandbox = await s.inject('GET', `/webhooks/whatsapp/demo/${s.sandboxId}?hub.mode=subscribe&hub.challenge=1&hub.verify_token=${TEST_VERIFY_TOKEN}`);
    expect(sandbox.status).toBe(403);
  });

  it('refuses a bad or missing signature with 401 and stores nothing', async () => {
    const before = await count('customer_chats');
    const body = fixtureVariant('inbound-text.json', { 'wamid.TEST_IN_TEXT_0001': 'wamid.FORGED_1' });
    expect((await post(body, signPayload(body, 'OUTRO_SEGREDO'))).status).toBe(401);
    expect((await post(body, null)).status).toBe(401);
    const tampered = Buffer.from(body.toString().replace('PED-0001', 'PED-9999'));
    expect((await post(tampered, signPayload(body, TEST_APP_SECRET))).status).toBe(401);
    expect(await count('customer_chats')).toBe(before);
    expect(await messageByProviderId('wamid.FORGED_1')).toBeUndefined();
  });

  it('stores the signed fixture text: customer, inbox ticket, unseen message; a redelivery changes nothing', async () => {
    const body = fixtureBytes('inbound-text.json');
    expect(signPayload(body, TEST_APP_SECRET)).toBe('sha256=ddd942bbdd576c9e002a2fd15458b53067a36b06f44ef383f34cbad1e219756d');
    expect((await post(body)).status).toBe(200);
    const message = await messageByProviderId('wamid.TEST_IN_TEXT_0001');
    expect(message).toMatchObject({ type: 'text', message: 'Olá, meu pedido PED-0001 ainda não chegou. Podem verificar?', from_me: false, unseen_msg: true });
    expect(message!.sent_at.toISOString()).toBe(new Date(1767261600_000).toISOString());
    const customer = await query((tx) => tx.selectFrom('customers').selectAll().where('id', '=', message!.customer_id).executeTakeFirstOrThrow());
    expect(customer).toMatchObject({ phone_number: TEST_CUSTOMER, name: 'Cliente Teste' });
    const ticket = await query((tx) => tx.selectFrom('chat_tickets').selectAll().where('id', '=', message!.chat_ticket_id!).executeTakeFirstOrThrow());
    expect(ticket).toMatchObject({ inbox: true, unseen_msg: 1, instance_id: instanceId });

    const counts = [await count('customer_chats'), await count('chat_tickets'), await count('customers')];
    expect((await post(body)).status).toBe(200);
    expect([await count('customer_chats'), await count('chat_tickets'), await count('customers')]).toEqual(counts);
    const again = await query((tx) => tx.selectFrom('chat_tickets').select('unseen_msg').where('id', '=', ticket.id).executeTakeFirstOrThrow());
    expect(again.unseen_msg).toBe(1);
  });

  it('matches a 12-digit Brazilian wa_id to the customer stored with the ninth digit', async () => {
    const body = fixtureVariant('inbound-text.json', { 'wamid.TEST_IN_TEXT_0001': 'wamid.NINTH_1', '5511900000001': '551187654321' });
    await post(fixtureVariant('inbound-text.json', { 'wamid.TEST_IN_TEXT_0001': 'wamid.NINTH_0', '5511900000001': '5511987654321' }));
    expect((await post(body)).status).toBe(200);
    const [a, b] = [await messageByProviderId('wamid.NINTH_0'), await messageByProviderId('wamid.NINTH_1')];
    expect(b!.customer_id).toBe(a!.customer_id);
    expect(b!.chat_ticket_id).toBe(a!.chat_ticket_id);
  });

  it('downloads media with the token and stores image, voice, sticker and document as server files', async () => {
    const bytes = { '900000000000001': 'jpeg', '900000000000002': 'ogg', '900000000000003': 'webp', '900000000000004': 'pdf' };
    const types = { '900000000000001': 'image/jpeg', '900000000000002': 'audio/ogg', '900000000000003': 'image/webp', '900000000000004': 'application/pdf' };
    for (const [id, content] of Object.entries(bytes)) fake.addMedia(id, Buffer.from(`bytes-of-${content}`), types[id as keyof typeof types]);
    for (const name of ['inbound-image.json', 'inbound-audio.json', 'inbound-sticker.json', 'inbound-document.json']) {
      expect((await post(fixtureBytes(name))).status, name).toBe(200);
    }
    const image = await messageByProviderId('wamid.TEST_IN_IMAGE_0001');
    expect(image).toMatchObject({ type: 'image', caption: 'Foto do produto com defeito', document_mimetype: 'image/jpeg' });
    const file = await s.inject('GET', image!.media_url!, undefined, { authorization: `Bearer ${s.adminToken}` });
    expect(file.body).toBe('bytes-of-jpeg');
    expect(await messageByProviderId('wamid.TEST_IN_AUDIO_0001')).toMatchObject({ type: 'audio', document_mimetype: 'audio/ogg; codecs=opus' });
    expect(await messageByProviderId('wamid.TEST_IN_STICKER_0001')).toMatchObject({ type: 'sticker' });
    expect(await messageByProviderId('wamid.TEST_IN_DOCUMENT_0001')).toMatchObject({
      type: 'document',
      caption: 'Nota fiscal da compra',
      document_name: 'nota-fiscal-TESTE-0001.pdf',
    });
    expect(fake.requests.filter((r) => r.path.startsWith('/lookaside/')).every((r) => r.token === 'TEST_TOKEN')).toBe(true);
  });

  it('stores location, button taps and unsupported content as readable messages', async () => {
    for (const name of ['inbound-location.json', 'inbound-interactive-button-reply.json', 'inbound-unsupported.json']) {
      expect((await post(fixtureBytes(name))).status, name).toBe(200);
    }
    expect((await messageByProviderId('wamid.TEST_IN_LOCATION_0001'))?.message).toContain('https://www.google.com/maps?q=-23.5505199,-46.6333094');
    expect(await messageByProviderId('wamid.TEST_IN_BUTTON_0001')).toMatchObject({ type: 'text', message: 'Falar com atendente' });
    expect(await messageByProviderId('wamid.TEST_IN_UNSUPPORTED_0001')).toMatchObject({ type: 'unsupported', message: channelTexts.unsupportedMessage('poll_creation') });
  });

  it('links a quoted reply and a reaction to our message, and a reaction without emoji removes it', async () => {
    fake.closedWindows.clear();
    await post(fixtureVariant('inbound-text.json', { 'wamid.TEST_IN_TEXT_0001': 'wamid.RECENT_1', '1767261600': nowSeconds() }));
    const ours = await sendOurMessage('Seu pedido sai hoje.');
    const ourRow = await messageByProviderId(ours.wamid);
    await post(fixtureVariant('inbound-reply-context.json', { 'wamid.TEST_OUT_0001': ours.wamid }));
    expect((await messageByProviderId('wamid.TEST_IN_REPLY_0001'))?.parent_id).toBe(ourRow!.id);

    await post(fixtureVariant('inbound-reaction.json', { 'wamid.TEST_OUT_0001': ours.wamid }));
    const reaction = () =>
      query((tx) => tx.selectFrom('customer_chat_reactions').selectAll().where('customer_chat_id', '=', ourRow!.id).where('from_me', '=', false).executeTakeFirst());
    expect(await reaction()).toMatchObject({ reaction_text: '👍', deleted_at: null });
    const removal = fixtureVariant('inbound-reaction.json', { 'wamid.TEST_OUT_0001': ours.wamid, 'wamid.TEST_IN_REACTION_0001': 'wamid.TEST_IN_REACTION_0002', '"emoji": "\\ud83d\\udc4d"': '"emoji": ""' });
    await post(removal);
    expect((await reaction())?.deleted_at).not.toBeNull();
  });

  it('moves acks forward only: out-of-order and repeated statuses change nothing', async () => {
    const ours = await sendOurMessage('Status em ordem trocada.');
    const ack = async () => (await query((tx) => tx.selectFrom('customer_chats').select(['ack', 'failure_reason']).where('hash', '=', ours.hash).executeTakeFirstOrThrow()));
    expect((await ack()).ack).toBe(ACK.sent);
    const status = (name: string) => fixtureVariant(name, { 'wamid.TEST_OUT_0001': ours.wamid, 'wamid.TEST_OUT_0002': ours.wamid });
    await post(status('status-read.json'));
    expect((await ack()).ack).toBe(ACK.read);
    for (const name of ['status-delivered.json', 'status-sent.json', 'status-read.json', 'status-failed.json']) {
      expect((await post(status(name))).status).toBe(200);
      expect((await ack()).ack, name).toBe(ACK.read);
    }
  });

  it('marks a failed status with the provider reason in pt-BR', async () => {
    const ours = await sendOurMessage('Vai falhar.');
    await post(fixtureVariant('status-failed.json', { 'wamid.TEST_OUT_0002': ours.wamid }));
    const row = await query((tx) => tx.selectFrom('customer_chats').select(['ack', 'failure_reason']).where('hash', '=', ours.hash).executeTakeFirstOrThrow());
    expect(row).toEqual({ ack: ACK.failed, failure_reason: channelTexts.outsideServiceWindow });
  });

  it('applies a status that arrives before the send answer recorded the provider id', async () => {
    const customer = await query((tx) => tx.selectFrom('customers').select('id').where('phone_number', '=', TEST_CUSTOMER).executeTakeFirstOrThrow());
    // The fake numbers its ids with one counter: a probe send tells the next one.
    const probe = await sendOurMessage('sonda');
    const predicted = `wamid.FAKE_${String(Number(probe.wamid.slice(-6)) + 1).padStart(6, '0')}`;
    await post(fixtureVariant('status-delivered.json', { 'wamid.TEST_OUT_0001': predicted }));
    const hash = 'early-status';
    await s.server.gql('demo', PUSH, {
      rows: [{ newDocumentState: { id: `tmp:${hash}`, is_temp: true, hash, customer_id: String(customer.id), instance_id: String(instanceId), message: 'chegou antes' } }],
    }, s.adminToken);
    await s.dispatch();
    const row = await eventually(async () => {
      const r = await query((tx) => tx.selectFrom('customer_chats').select(['ack', 'whatsapp_message_id']).where('hash', '=', hash).executeTakeFirstOrThrow());
      return r.ack === ACK.delivered ? r : undefined;
    });
    expect(row.whatsapp_message_id).toBe(predicted);
  });

  it('updates a template status from the template webhook', async () => {
    await s.server.gql('demo', `query ($id: ID!) { whatsappTemplates(instance_id: $id) { id } }`, { id: String(instanceId) }, s.adminToken);
    await post(fixtureVariant('template-status-update.json', { '"event": "APPROVED"': '"event": "PAUSED"', '"reason": "NONE"': '"reason": "FLAGGED"' }));
    const template = await query((tx) => tx.selectFrom('whatsapp_templates').selectAll().where('provider_id', '=', '300000000000001').executeTakeFirstOrThrow());
    expect(template).toMatchObject({ status: 'PAUSED', reason: 'FLAGGED' });
  });

  it('ignores events addressed to another phone number id, and 404s for a sandbox connection', async () => {
    const body = fixtureVariant('inbound-text.json', { 'wamid.TEST_IN_TEXT_0001': 'wamid.OTHER_NUMBER', '200000000000001': '200000000000999' });
    expect((await post(body)).status).toBe(200);
    expect(await messageByProviderId('wamid.OTHER_NUMBER')).toBeUndefined();
    const sandbox = fixtureBytes('inbound-text.json');
    const response = await s.inject('POST', `/webhooks/whatsapp/demo/${s.sandboxId}`, sandbox, { 'x-hub-signature-256': signPayload(sandbox, TEST_APP_SECRET) });
    expect(response.status).toBe(404);
  });
});

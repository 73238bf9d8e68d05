import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChannelInstance } from '../../../../../src/server/channels/channel';
import { CloudApiChannel } from '../../../../../src/server/channels/cloud-api/cloud-api-channel';
import { GraphClient } from '../../../../../src/server/channels/cloud-api/graph-client';
import { ChannelSendError } from '../../../../../src/server/channels/send-error';
import { createSecretBox } from '../../../../../src/server/security/secret-box';
import { channelTexts } from '../../../../../src/shared/i18n/pt-BR';
import { TEST_CUSTOMER, TEST_PHONE_NUMBER_ID, TEST_WABA_ID, fixtureJson } from '../../../../helpers/cloud-api-fixtures';
import { FakeCloudApi } from '../../../../helpers/fake-cloud-api';

// Tokens reach the channel as stored in the database: sealed; the Graph client opens them for the header.
const secrets = createSecretBox('unit-test-data-encryption-key-0123456789');

const instance: ChannelInstance = {
  tenantId: 1,
  id: 1,
  channel: 'cloud-api',
  activated: true,
  phoneNumber: '5511900000000',
  officialPhoneId: TEST_PHONE_NUMBER_ID,
  officialToken: secrets.seal('TEST_TOKEN'),
  wabaId: TEST_WABA_ID,
};

describe('Cloud API channel against the fake Graph API', () => {
  const fake = new FakeCloudApi();
  let graph: GraphClient;
  let channel: CloudApiChannel;
  beforeAll(async () => {
    await fake.start();
    graph = new GraphClient({ baseUrl: fake.baseUrl, secrets });
    channel = new CloudApiChannel(graph, { retryDelaysMs: [5, 10, 20] });
  });
  afterAll(() => fake.stop());
  beforeEach(() => {
    fake.requests.length = 0;
    fake.accepted.length = 0;
    fake.setMessagesPerSecond(null);
    fake.closedWindows.clear();
  });

  it('sends text and a reply in the documented request shape, with the connection token', async () => {
    const text = fixtureJson<{ text: { body: string } }>('send-text-request.json');
    const { providerMessageId } = await channel.send(instance, { kind: 'text', to: TEST_CUSTOMER, text: text.text.body });
    expect(providerMessageId).toMatch(/^wamid\./);
    expect(fake.accepted[0]).toMatchObject({ id: providerMessageId, phoneId: TEST_PHONE_NUMBER_ID, body: text });
    expect(fake.requests[0]?.token).toBe('TEST_TOKEN');

    const reply = fixtureJson<{ text: { body: string }; context: { message_id: string } }>('send-reply-request.json');
    await channel.send(instance, { kind: 'text', to: TEST_CUSTOMER, text: reply.text.body, replyTo: reply.context.message_id });
    expect(fake.accepted[1]!.body).toMatchObject({ context: reply.context, type: 'text', text: { body: reply.text.body } });
  });

  it('uploads media first and sends the image by its media id with the caption', async () => {
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    await channel.send(instance, {
      kind: 'image',
      to: TEST_CUSTOMER,
      file: { name: 'a.jpg', mimeType: 'image/jpeg', bytes, fileName: null },
      caption: 'Segue o comprovante de envio do pedido PED-0001',
    });
    const upload = fake.requests.find((r) => r.path.endsWith('/media'));
    expect(upload).toBeDefined();
    const body = fake.accepted[0]!.body as { image: { id: string; caption: string } };
    expect(body).toMatchObject({ type: 'image', image: { caption: 'Segue o comprovante de envio do pedido PED-0001' } });
    expect(Buffer.from(fake.media.get(body.image.id)!.bytes)).toEqual(Buffer.from(bytes));
  });

  it('sends reactions and templates as documented', async () => {
    const reaction = fixtureJson<{ reaction: { message_id: string; emoji: string } }>('send-reaction-request.json');
    await channel.send(instance, { kind: 'reaction', to: TEST_CUSTOMER, targetId: reaction.reaction.message_id, emoji: reaction.reaction.emoji });
    const template = fixtureJson<{ template: { name: string; language: { code: string }; components: unknown[] } }>('send-template-request.json');
    await channel.send(instance, {
      kind: 'template',
      to: TEST_CUSTOMER,
      template: { name: template.template.name, language: template.template.language.code, components: template.template.components },
    });
    expect(fake.accepted[0]!.body).toMatchObject({ type: 'reaction', reaction: reaction.reaction });
    expect(fake.accepted[1]!.body).toMatchObject({ type: 'template', template: template.template });
  });

  it('retries with backoff on 130429 and 131056 until the send goes through', async () => {
    fake.failNext(130429);
    fake.failNext(131056);
    const { providerMessageId } = await channel.send(instance, { kind: 'text', to: TEST_CUSTOMER, text: 'oi' });
    expect(fake.accepted.map((a) => a.id)).toEqual([providerMessageId]);
    expect(fake.sends).toHaveLength(3);
  });

  it('gives up on throttling after the last retry with a retryable pt-BR reason', async () => {
    for (let i = 0; i < 4; i++) fake.failNext(130429);
    const error = await channel.send(instance, { kind: 'text', to: TEST_CUSTOMER, text: 'oi' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChannelSendError);
    expect(error).toMatchObject({ retryable: true, providerCode: 130429, reason: channelTexts.providerRateLimited });
    expect(fake.accepted).toHaveLength(0);
  });

  it('does not retry 131047 (outside the 24-hour window) nor 190 (bad token), and says why in pt-BR', async () => {
    fake.closedWindows.add(TEST_CUSTOMER);
    const outside = await channel.send(instance, { kind: 'text', to: TEST_CUSTOMER, text: 'oi' }).catch((e: unknown) => e);
    expect(outside).toMatchObject({ retryable: false, code: 'OUTSIDE_SERVICE_WINDOW', reason: channelTexts.outsideServiceWindow });
    expect(fake.sends).toHaveLength(1);
    const template = await channel.send(instance, {
      kind: 'template',
      to: TEST_CUSTOMER,
      template: { name: 'reengajamento_cliente', language: 'pt_BR', components: [] },
    });
    expect(template.providerMessageId).toMatch(/^wamid\./);

    const badToken = await channel
      .send({ ...instance, officialToken: secrets.seal('EXPIRED') }, { kind: 'text', to: '5511900000002', text: 'oi' })
      .catch((e: unknown) => e);
    expect(badToken).toMatchObject({ retryable: false, providerCode: 190, reason: channelTexts.providerTokenInvalid });
  });

  it('refuses a connection without phone number id or token before calling the API', async () => {
    const error = await channel.send({ ...instance, officialToken: null }, { kind: 'text', to: TEST_CUSTOMER, text: 'oi' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'NOT_CONFIGURED', retryable: false });
    expect(fake.requests).toHaveLength(0);
  });

  it('downloads inbound media by id with the bearer token', async () => {
    fake.addMedia('900000000000001', Buffer.from('jpeg-bytes'), 'image/jpeg');
    const media = await graph.downloadMedia('900000000000001', instance.officialToken!);
    expect(Buffer.from(media.bytes).toString()).toBe('jpeg-bytes');
    expect(media.mimeType).toBe('image/jpeg');
    expect(fake.requests.map((r) => r.token)).toEqual(['TEST_TOKEN', 'TEST_TOKEN']);
  });

  it('lists the templates of the WhatsApp Business account and creates one for review', async () => {
    const list = await graph.listTemplates(TEST_WABA_ID, instance.officialToken!);
    expect(list.map((t) => [t.name, t.status])).toEqual([
      ['confirmacao_pedido', 'APPROVED'],
      ['promo_black_friday_teste', 'REJECTED'],
      ['reengajamento_cliente', 'PAUSED'],
      ['pesquisa_satisfacao', 'PENDING'],
    ]);
    const created = await graph.createTemplate(TEST_WABA_ID, instance.officialToken!, { ...fixtureJson('template-create-request.json'), name: 'novo_modelo' });
    expect(created.status).toBe('PENDING');
    expect((await graph.listTemplates(TEST_WABA_ID, instance.officialToken!)).map((t) => t.name)).toContain('novo_modelo');
  });
});

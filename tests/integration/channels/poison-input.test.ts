import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../../../src/server/http/error-handler';
import { signPayload } from '../../../src/server/channels/cloud-api/signature';
import { TEST_APP_SECRET, fixtureJson } from '../../helpers/cloud-api-fixtures';
import { FakeCloudApi } from '../../helpers/fake-cloud-api';
import { createCloudApiInstance } from './support/cloud-api-instance';
import { openChannelServer, type ChannelServer } from './support/channel-server';

type Webhook = { entry: Array<{ changes: Array<{ value: { messages: Array<Record<string, unknown>> } }> }> };

/** Issue 13: NUL bytes, impossible timestamps and non-digit senders answer 4xx or are parked, never a 500 with a database error. */
describe('poison input', () => {
  const fake = new FakeCloudApi();
  let s: ChannelServer;
  let instanceId: number;
  beforeAll(async () => {
    await fake.start();
    s = await openChannelServer({ cloudApiBaseUrl: fake.baseUrl });
    instanceId = await createCloudApiInstance(s.server.database, s.tenantId);
  });
  afterAll(async () => {
    await s?.close();
    await fake.stop();
  });

  const leaksNothing = (body: string) => expect(body).not.toMatch(/UTF8|byte sequence|0x00|SQL|relation|column|22021|stack/i);

  it('stores the good messages of a signed webhook, parks the ones it cannot store with the raw payload, and answers 200', async () => {
    const body = fixtureJson<Webhook>('inbound-text.json');
    const [template] = body.entry[0]!.changes[0]!.value.messages;
    const now = String(Math.floor(Date.now() / 1000));
    body.entry[0]!.changes[0]!.value.messages = [
      { ...template, id: 'wamid.POISON_GOOD', timestamp: now },
      { ...template, id: 'wamid.POISON_NUL', timestamp: now, text: { body: 'com\u0000nulo' } },
      { ...template, id: 'wamid.POISON_FROM', timestamp: now, from: '55119abc; drop' },
      { ...template, id: 'wamid.POISON_TIME', timestamp: '99999999999999999999' },
    ];
    const raw = Buffer.from(JSON.stringify(body));
    const response = await s.inject('POST', `/webhooks/whatsapp/demo/${instanceId}`, raw, { 'x-hub-signature-256': signPayload(raw, TEST_APP_SECRET) });
    expect(response.status).toBe(200);
    const stored = await s.server.database.withTenant(s.tenantId, (tx) =>
      tx.selectFrom('customer_chats').select(['whatsapp_message_id', 'message']).where('whatsapp_message_id', 'like', 'wamid.POISON_%').orderBy('whatsapp_message_id').execute(),
    );
    expect(stored).toEqual([
      { whatsapp_message_id: 'wamid.POISON_GOOD', message: template!.text && (template!.text as { body: string }).body },
      { whatsapp_message_id: 'wamid.POISON_NUL', message: 'comnulo' },
    ]);
    const parked = await s.server.database.withTenant(s.tenantId, (tx) => tx.selectFrom('webhook_dead_letters').selectAll().execute());
    expect(parked).toHaveLength(1);
    expect(parked[0]).toMatchObject({ instance_id: instanceId, reason: expect.stringContaining('2 item(s)') });
    expect(Buffer.from(parked[0]!.payload).equals(raw)).toBe(true);
  });

  it('answers 400 to a NUL in the sandbox API and in GraphQL, without the database error', async () => {
    const sandbox = await s.inject('POST', `/api/sandbox/demo/${s.sandboxId}/inbound`, { from: '5511999990000', text: 'a\u0000b' });
    expect(sandbox.status).toBe(400);
    leaksNothing(sandbox.body);
    const path = await s.inject('GET', '/api/sandbox/de%00mo/instances');
    expect(path.status).toBe(400);
    leaksNothing(path.body);
    const graphql = await s.server.gql('demo', 'mutation ($rows: [CustomerChatPushRow!]!) { pushCustomerChat(rows: $rows) { id } }', {
      rows: [{ newDocumentState: { id: 'tmp:nul', is_temp: true, hash: 'nul', customer_id: '1', instance_id: String(s.sandboxId), message: 'a\u0000b' } }],
    }, s.adminToken);
    expect(graphql.status).toBe(400);
    expect(graphql.errors?.[0]).toMatchObject({ extensions: { code: 'VALIDATION', field: 'rows.0.newDocumentState.message' } });
  });

  it('answers not-found, not an internal error, to a send on a connection of another tenant', async () => {
    const other = await s.server.database.asOwner(async (db) => {
      const tenant = await db.insertInto('tenants').values({ slug: 'outra-loja', name: 'Outra Loja' }).returning('id').executeTakeFirstOrThrow();
      return db
        .insertInto('instances')
        .values({ tenant_id: tenant.id, name: 'Conexão da outra loja', channel: 'cloud-api' })
        .returning('id')
        .executeTakeFirstOrThrow();
    });
    for (const query of [
      `mutation { sendTemplateMessage(instance_id: "${other.id}", to_number: "5511999999999", template_name: "boas_vindas", language: "pt_BR") { id } }`,
      `mutation { sendImageSelenium(image_url: "/api/file/x.png", to_number: "5511999999999", instance_id: "${other.id}") { id } }`,
    ]) {
      const answer = await s.server.gql('demo', query, {}, s.adminToken);
      expect(answer.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
  });

  it('answers an unexpected failure of an HTTP route with the generic message only', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/explode', async () => {
      throw Object.assign(new Error('relation "secret_table" does not exist'), { code: '42P01' });
    });
    app.get('/refused', async () => {
      throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
    });
    const explode = await app.inject({ method: 'GET', url: '/explode' });
    expect(explode.statusCode).toBe(500);
    expect(explode.json()).toEqual({ error: 'Algo está errado.' });
    const refused = await app.inject({ method: 'GET', url: '/refused' });
    expect(refused.statusCode).toBe(400);
    leaksNothing(refused.body);
    await app.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/http/server-app';
import { ACK } from '../../../src/shared/domain/messages';
import { instancesChannel } from '../../../src/server/modules/instances/instance-events';
import { eventually, openChannelServer, type ChannelServer } from './support/channel-server';

// A 1x1 PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const PUSH = `mutation ($rows: [CustomerChatPushRow!]!) { pushCustomerChat(rows: $rows) { id ack failure_reason } }`;

describe('sandbox channel', () => {
  let s: ChannelServer;
  let base: string;
  beforeAll(async () => {
    s = await openChannelServer();
    base = `/api/sandbox/demo/${s.sandboxId}`;
  });
  afterAll(() => s?.close());

  const inbound = async (body: Record<string, unknown>) => {
    const response = await s.inject('POST', `${base}/inbound`, body);
    expect(response.status).toBe(202);
    return (response.json as { id: string }).id;
  };
  const customerByPhone = (phone: string) =>
    s.server.database.withTenant(s.tenantId, (tx) => tx.selectFrom('customers').selectAll().where('phone_number', '=', phone).executeTakeFirst());
  const messagesOf = (customerId: number) =>
    s.server.database.withTenant(s.tenantId, (tx) => tx.selectFrom('customer_chats').selectAll().where('customer_id', '=', customerId).orderBy('id').execute());
  const ticketsOf = (customerId: number) =>
    s.server.database.withTenant(s.tenantId, (tx) => tx.selectFrom('chat_tickets').selectAll().where('customer_id', '=', customerId).execute());

  it('seeds the demo connection with customers waiting in the inbox', async () => {
    const maria = await customerByPhone('5511987654321');
    expect(maria?.name).toBe('Maria Oliveira');
    const [ticket] = await ticketsOf(maria!.id);
    expect(ticket).toMatchObject({ inbox: true, finished_ticket: false, unseen_msg: 2, instance_id: s.sandboxId });
  });

  it('turns a customer text into a customer, an inbox ticket and an unseen message', async () => {
    const id = await inbound({ from: '55 (11) 98888-0001', name: 'Paula', text: 'Olá, bom dia' });
    expect(id).toMatch(/^wamid\.SBX_/);
    const customer = await customerByPhone('5511988880001');
    expect(customer).toMatchObject({ name: 'Paula' });
    const [ticket] = await ticketsOf(customer!.id);
    expect(ticket).toMatchObject({ inbox: true, unseen_msg: 1, instance_id: s.sandboxId, last_msg_preview: 'Olá, bom dia' });
    const [message] = await messagesOf(customer!.id);
    expect(message).toMatchObject({ type: 'text', message: 'Olá, bom dia', whatsapp_message_id: id, from_me: false, unseen_msg: true, chat_ticket_id: ticket!.id });
  });

  it('stores an image with its caption as a server file, and a reply pointing at the quoted message', async () => {
    const first = await inbound({ from: '5511988880002', name: 'Rui', text: 'Vejam isto' });
    await inbound({ from: '5511988880002', image: `data:image/png;base64,${PNG}`, caption: 'Foto do defeito' });
    await inbound({ from: '5511988880002', text: 'É sobre a foto acima', reply_to: first });
    const customer = await customerByPhone('5511988880002');
    const [text, image, reply] = await messagesOf(customer!.id);
    expect(image).toMatchObject({ type: 'image', caption: 'Foto do defeito', document_mimetype: 'image/png' });
    expect(image!.media_url).toMatch(/^\/api\/file\/[0-9a-f]{32}\.png$/);
    const file = await s.inject('GET', image!.media_url!, undefined, { authorization: `Bearer ${s.adminToken}` });
    expect(file.status).toBe(200);
    expect(Buffer.from(file.body, 'binary').length).toBeGreaterThan(0);
    expect(reply).toMatchObject({ parent_id: text!.id, message: 'É sobre a foto acima' });
    expect(await ticketsOf(customer!.id)).toHaveLength(1);
  });

  it('delivers the business reply to the simulated phone with acks moving sent → delivered → read', async () => {
    const customer = await customerByPhone('5511988880001');
    const hash = 'sandbox-reply-1';
    const pushed = await s.server.gql('demo', PUSH, {
      rows: [{ newDocumentState: { id: `tmp:${hash}`, is_temp: true, hash, customer_id: String(customer!.id), instance_id: String(s.sandboxId), message: 'Bom dia, Paula!' } }],
    }, s.adminToken);
    expect(pushed.errors).toBeUndefined();
    await s.dispatch();
    const outbox = await eventually(async () => {
      const response = await s.inject('GET', `${base}/outbox?to=5511988880001`);
      const messages = (response.json as { messages: Array<{ id: string; text: string; ack_label: string }> }).messages;
      return messages[0]?.ack_label === 'read' ? messages : undefined;
    });
    expect(outbox).toEqual([expect.objectContaining({ text: 'Bom dia, Paula!', direction: 'out', ack_label: 'read' })]);
    const stored = await eventually(async () => {
      const row = await s.server.database.withTenant(s.tenantId, (tx) => tx.selectFrom('customer_chats').selectAll().where('hash', '=', hash).executeTakeFirst());
      return row?.ack === ACK.read ? row : undefined;
    });
    expect(stored.whatsapp_message_id).toBe(outbox[0]!.id);

    // The customer reacts to it, then takes the reaction back.
    await inbound({ from: '5511988880001', reaction: { message_id: outbox[0]!.id, emoji: '👍' } });
    const reaction = () =>
      s.server.database.withTenant(s.tenantId, (tx) => tx.selectFrom('customer_chat_reactions').selectAll().where('customer_chat_id', '=', stored.id).where('from_me', '=', false).executeTakeFirst());
    expect(await reaction()).toMatchObject({ reaction_text: '👍', deleted_at: null });
    await inbound({ from: '5511988880001', reaction: { message_id: outbox[0]!.id, emoji: '' } });
    expect((await reaction())?.deleted_at).not.toBeNull();
  });

  it('delivers the business reaction to a customer message', async () => {
    const target = await inbound({ from: '5511988880007', name: 'Lia', text: 'Chegou certinho, obrigada!' });
    const message = await s.server.database.withTenant(s.tenantId, (tx) => tx.selectFrom('customer_chats').select('id').where('whatsapp_message_id', '=', target).executeTakeFirstOrThrow());
    const result = await s.server.gql(
      'demo',
      'mutation ($m: ID!, $i: ID!) { sendReactionSelenium(customer_chat_id: $m, reaction_text: "❤️", instance_id: $i) { id } }',
      { m: String(message.id), i: String(s.sandboxId) },
      s.adminToken,
    );
    expect(result.errors).toBeUndefined();
    await s.dispatch();
    const outbox = await s.inject('GET', `${base}/outbox?to=5511988880007`);
    expect((outbox.json as { messages: unknown[] }).messages).toEqual([
      expect.objectContaining({ type: 'reaction', text: '❤️', reaction_to: target, ack_label: 'sent' }),
    ]);
  });

  it('drops and restores the connection: publishes the change, holds what customers write, delivers it on restore', async () => {
    const events: unknown[] = [];
    const unsubscribe = await s.channels.pubsub.subscribe(instancesChannel(s.tenantId), (event) => events.push(event));
    expect((await s.inject('POST', `${base}/drop`)).json).toEqual({ activated: false });
    const instance = await s.server.database.withTenant(s.tenantId, (tx) => tx.selectFrom('instances').select('activated').where('id', '=', s.sandboxId).executeTakeFirstOrThrow());
    expect(instance.activated).toBe(false);
    await eventually(async () => events.length > 0);
    expect(events[0]).toEqual({ instance_id: s.sandboxId, dropped: true });

    const held = await inbound({ from: '5511988880003', name: 'Sofia', text: 'Alguém aí?' });
    expect(await customerByPhone('5511988880003')).toBeUndefined();
    const conversation = await s.inject('GET', `${base}/conversation?with=5511988880003`);
    expect(conversation.json).toMatchObject({ activated: false, messages: [expect.objectContaining({ id: held, ack_label: 'held' })] });

    expect((await s.inject('POST', `${base}/restore`)).json).toEqual({ activated: true });
    const sofia = await customerByPhone('5511988880003');
    expect((await messagesOf(sofia!.id)).map((m) => m.whatsapp_message_id)).toEqual([held]);
    await eventually(async () => events.length > 1);
    expect(events[1]).toEqual({ instance_id: s.sandboxId, dropped: false });
    await unsubscribe();
  });

  it('opens no ticket for a blocked customer but keeps the message', async () => {
    await inbound({ from: '5511988880004', text: 'primeira' });
    const customer = await customerByPhone('5511988880004');
    await s.server.database.withTenant(s.tenantId, async (tx) => {
      await tx.updateTable('customers').set({ is_blacklisted: true }).where('id', '=', customer!.id).execute();
      await tx.updateTable('chat_tickets').set({ finished_ticket: true, inbox: false, finished_at: new Date() }).where('customer_id', '=', customer!.id).execute();
    });
    await inbound({ from: '5511988880004', text: 'continuo escrevendo' });
    const messages = await messagesOf(customer!.id);
    expect(messages.map((m) => m.message)).toEqual(['primeira', 'continuo escrevendo']);
    expect(messages[1]!.chat_ticket_id).toBeNull();
    expect((await ticketsOf(customer!.id)).filter((t) => !t.finished_ticket)).toEqual([]);
  });

  it('refuses bad input with a pt-BR message', async () => {
    const response = await s.inject('POST', `${base}/inbound`, { from: '123', text: 'oi' });
    expect(response.status).toBe(400);
    expect((response.json as { error: string }).error).toMatch(/telefone/);
    expect((await s.inject('POST', `${base}/inbound`, { from: '5511988880009' })).status).toBe(400);
  });

  it('never touches a Cloud API connection, an unknown one or another tenant', async () => {
    const cloud = await s.server.database.withTenant(s.tenantId, (tx) =>
      tx.insertInto('instances').values({ tenant_id: s.tenantId, name: 'Oficial', channel: 'cloud-api', activated: true }).returning('id').executeTakeFirstOrThrow(),
    );
    for (const path of ['inbound', 'drop', 'restore']) {
      expect((await s.inject('POST', `/api/sandbox/demo/${cloud.id}/${path}`, { from: '5511988880005', text: 'oi' })).status).toBe(404);
    }
    expect((await s.inject('GET', `/api/sandbox/demo/${cloud.id}/outbox`)).status).toBe(404);
    expect((await s.inject('POST', `/api/sandbox/demo/999999/inbound`, { from: '5511988880005', text: 'oi' })).status).toBe(404);
    expect((await s.inject('POST', `/api/sandbox/nao-existe/${s.sandboxId}/inbound`, { from: '5511988880005', text: 'oi' })).status).toBe(404);
    const list = await s.inject('GET', '/api/sandbox/demo/instances');
    expect((list.json as { instances: Array<{ id: number; name: string }> }).instances.map((i) => i.name)).toEqual(['WhatsApp Loja Demo', 'Atendimento com robô']);
    const cloudRow = await s.server.database.withTenant(s.tenantId, (tx) => tx.selectFrom('instances').select('activated').where('id', '=', cloud.id).executeTakeFirstOrThrow());
    expect(cloudRow.activated).toBe(true);
  });

  it('serves the simulator page, marked as a test tool', async () => {
    const page = await s.inject('GET', '/sandbox');
    expect(page.status).toBe(200);
    expect(page.body).toContain('Ferramenta de teste');
    expect(page.body).toContain('lang="pt-BR"');
  });

  it('is entirely off with SANDBOX_ENABLED=false', async () => {
    const config = { ...s.server.config, sandboxEnabled: false };
    const app = await buildApp({ config, database: s.server.database, services: { sync: s.sync, channels: { ...s.channels, config } } });
    try {
      for (const [method, url] of [
        ['GET', '/sandbox'],
        ['POST', `${base}/inbound`],
        ['GET', `${base}/outbox`],
        ['POST', `${base}/drop`],
        ['GET', '/api/sandbox/demo/instances'],
      ] as const) {
        const response = await app.fastify.inject({ method, url, ...(method === 'POST' ? { payload: { from: '5511988880006', text: 'oi' } } : {}) });
        expect(response.statusCode, url).toBe(404);
      }
    } finally {
      await app.fastify.close();
    }
    expect(await customerByPhone('5511988880006')).toBeUndefined();
  });
});

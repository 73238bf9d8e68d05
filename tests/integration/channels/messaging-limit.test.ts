import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACK } from '../../../src/shared/domain/messages';
import { channelTexts } from '../../../src/shared/i18n/pt-BR';
import { openChannelServer, type ChannelServer } from './support/channel-server';

const SEND = `mutation ($to: String!, $text: String!, $i: ID!, $hash: String) { sendMessage(to_number: $to, message: $text, instance_id: $i, hash: $hash) { id } }`;

describe("a connection's daily messaging limit (SPEC §3 Instance.messaging_limit)", () => {
  let s: ChannelServer;
  beforeAll(async () => {
    s = await openChannelServer();
    await s.server.database.withTenant(s.tenantId, (tx) => tx.updateTable('instances').set({ messaging_limit: '2' }).where('id', '=', s.sandboxId).execute());
  });
  afterAll(() => s?.close());

  const query = <T>(fn: Parameters<typeof s.server.database.withTenant<T>>[1]) => s.server.database.withTenant(s.tenantId, fn);
  const byHash = (hash: string) => query((tx) => tx.selectFrom('customer_chats').selectAll().where('hash', '=', hash).executeTakeFirstOrThrow());
  const outboxTo = async (phone: string) => {
    const response = await s.inject('GET', `/api/sandbox/demo/${s.sandboxId}/outbox?to=${phone}`);
    return (response.json as { messages: Array<{ text: string }> }).messages.map((m) => m.text);
  };
  /** Sent, whatever ack the instant sandbox has moved it to since. */
  async function expectSent(hash: string) {
    const row = await byHash(hash);
    expect(row.failure_reason).toBeNull();
    expect(row.ack).toBeGreaterThanOrEqual(ACK.sent);
  }
  async function send(to: string, text: string, hash: string) {
    const result = await s.server.gql('demo', SEND, { to, text, i: String(s.sandboxId), hash }, s.adminToken);
    expect(result.errors).toBeUndefined();
  }
  const conversations = () => query((tx) => sql<{ phone: string }>`select phone from business_conversations order by id`.execute(tx).then((r) => r.rows.map((row) => row.phone)));

  /** The first sends, to three customers; the dispatcher sends several conversations at once, so any one of them may be the third. */
  const FIRST: Record<string, string> = { 'limit-a1': '5511966660001', 'limit-b1': '5511966660002', 'limit-c1': '5511966660003' };
  let refused = { hash: '', phone: '' };

  it('fails the send that would open one conversation too many, with the pt-BR reason; open conversations and customer-initiated ones stay free', async () => {
    for (const [hash, phone] of Object.entries(FIRST)) await send(phone, 'Promoção para você', hash);
    await s.dispatch();
    const rows = await Promise.all(Object.keys(FIRST).map(byHash));
    const failed = rows.filter((row) => row.ack === ACK.failed);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ failure_reason: channelTexts.messagingLimitReached('2'), whatsapp_message_id: null });
    refused = { hash: failed[0]!.hash, phone: FIRST[failed[0]!.hash]! };
    const sent = Object.keys(FIRST).filter((hash) => hash !== refused.hash);
    for (const hash of sent) await expectSent(hash);
    expect(await outboxTo(refused.phone)).toEqual([]);

    // A second message in an open conversation and an answer to a customer who wrote count nothing.
    await send(FIRST[sent[0]!]!, 'Mais uma coisa', 'limit-a2');
    const wrote = await s.inject('POST', `/api/sandbox/demo/${s.sandboxId}/inbound`, { from: '5511966660004', name: 'Dora', text: 'Oi!' });
    expect(wrote.status).toBe(202);
    await send('5511966660004', 'Olá, Dora!', 'limit-d1');
    await s.dispatch();
    await expectSent('limit-a2');
    await expectSent('limit-d1');
    expect((await conversations()).sort()).toEqual(sent.map((hash) => FIRST[hash]!).sort());
  });

  it('lets the attendant retry the refused send once the day has passed, sent once', async () => {
    const retry = () =>
      s.server.gql<{ retryMessage: { ack: number } }>('demo', 'mutation ($hash: String!) { retryMessage(hash: $hash) { ack } }', { hash: refused.hash }, s.adminToken);
    expect((await retry()).data?.retryMessage.ack).toBe(ACK.waiting);
    await s.dispatch();
    expect(await byHash(refused.hash)).toMatchObject({ ack: ACK.failed, failure_reason: channelTexts.messagingLimitReached('2') });

    await query((tx) => sql`update business_conversations set opened_at = now() - interval '25 hours'`.execute(tx));
    expect((await retry()).data?.retryMessage.ack).toBe(ACK.waiting);
    await s.dispatch();
    await expectSent(refused.hash);
    expect(await outboxTo(refused.phone)).toEqual(['Promoção para você']);
  });

  it('does not count a send that failed', async () => {
    const before = await conversations();
    expect((await s.inject('POST', `/api/sandbox/demo/${s.sandboxId}/drop`)).status).toBeLessThan(300);
    await send('5511966660005', 'Promoção para você', 'limit-e1');
    await s.dispatch();
    expect((await byHash('limit-e1')).ack).toBeLessThan(ACK.sent);
    expect(await conversations()).toEqual(before);
  });
});

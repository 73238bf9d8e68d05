import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACK } from '../../../src/shared/domain/messages';
import { eventually, openChannelServer, type ChannelServer } from './support/channel-server';

const PUSH = `mutation ($rows: [CustomerChatPushRow!]!) { pushCustomerChat(rows: $rows) { id } }`;

/**
 * Issue 13 §2: a provider status (a Cloud API webhook) that beat its message's provider id waits in
 * channel_pending_statuses until the id is recorded. A process that died between recording the id
 * and applying the held status leaves it there: the channels' poller applies it after the restart.
 */
describe('statuses held for a provider id', () => {
  let s: ChannelServer;
  beforeAll(async () => {
    // The sandbox's own steps are far off: only the held status can move the ack.
    s = await openChannelServer({ sandboxAckStepMs: 600_000 });
  });
  afterAll(() => s?.close());

  it('are applied once the id is recorded, even when nobody was there to apply them', async () => {
    const customer = await s.server.database.withTenant(s.tenantId, (tx) =>
      tx.selectFrom('customers').select('id').where('tenant_id', '=', s.tenantId).where('phone_number', '=', '5511987654321').executeTakeFirstOrThrow(),
    );
    const hash = 'held-status-1';
    const pushed = await s.server.gql(
      'demo',
      PUSH,
      { rows: [{ newDocumentState: { id: `tmp:${hash}`, is_temp: true, hash, customer_id: String(customer.id), instance_id: String(s.sandboxId), message: 'Chegou?' } }] },
      s.adminToken,
    );
    expect(pushed.errors).toBeUndefined();
    await s.dispatch();
    const message = () =>
      s.server.database.withTenant(s.tenantId, (tx) =>
        tx.selectFrom('customer_chats').select(['ack', 'whatsapp_message_id']).where('tenant_id', '=', s.tenantId).where('hash', '=', hash).executeTakeFirstOrThrow(),
      );
    const sent = await eventually(async () => ((await message()).whatsapp_message_id ? message() : undefined));
    expect(sent.ack).toBe(ACK.sent);

    // As left by a crash: the 'read' webhook was held for the id, the id got recorded, the process died.
    await s.channels.pipeline.pending.hold({ tenantId: s.tenantId, id: s.sandboxId }, { providerMessageId: sent.whatsapp_message_id!, ack: ACK.read, reason: null });
    await eventually(async () => (await message()).ack === ACK.read, 5_000);
    const left = await s.server.database.withTenant(s.tenantId, (tx) =>
      tx.selectFrom('channel_pending_statuses').select('id').where('tenant_id', '=', s.tenantId).where('provider_message_id', '=', sent.whatsapp_message_id!).execute(),
    );
    expect(left).toEqual([]);
  });
});

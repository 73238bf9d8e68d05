import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushQuery } from './support/operations';
import { pullAll, pullOnce } from './support/pull';
import { openSyncFixture, type SyncFixture } from './support/sync-fixture';

type Doc = Record<string, unknown> & { id: string };

describe('push (DESIGN §4) and the outbound queue', () => {
  let f: SyncFixture;
  let customerId: number;
  let ticketId: number;
  beforeAll(async () => {
    f = await openSyncFixture();
    ({ customerId, ticketId } = await f.inbound(f.alpha, { from: '11944440001', text: 'oi, tudo bem?' }));
  });
  afterAll(() => f?.close());

  const tempMessage = (hash: string, text: string): Doc => ({
    id: `tmp:${hash}`,
    hash,
    is_temp: true,
    ack: 0,
    type: 'text',
    message: text,
    customer_id: String(customerId),
    instance_id: String(f.alpha.instanceId),
    from_me: true,
    sent_at: new Date().toISOString(),
    updatedAt: Date.now(),
    _deleted: false,
  });

  const push = async (key: 'CustomerChat' | 'ChatTicket' | 'Customer', rows: Array<{ assumedMasterState: Doc | null; newDocumentState: Doc }>, person: 'admin' | 'ana' | 'carla' = 'carla') => {
    const result = await f.gql<Record<string, Doc[]>>(f.alpha, person, pushQuery(key), { rows });
    if (!result.data) throw new Error(JSON.stringify(result.errors));
    return result.data[`push${key}`]!;
  };

  const countRows = (table: 'customer_chats' | 'outbound_messages', hash: string) =>
    f.database.withTenant(f.alpha.tenantId, async (tx) => {
      const message = await tx.selectFrom('customer_chats').select('id').where('hash', '=', hash).execute();
      if (table === 'customer_chats') return message.length;
      if (message.length === 0) return 0;
      return (await tx.selectFrom('outbound_messages').select('id').where('customer_chat_id', '=', message[0]!.id).execute()).length;
    });

  it('takes the same send twice as one message, one queue entry and one hand-over to the channel', async () => {
    const { checkpoint } = await pullAll(f, f.alpha, 'carla', 'CustomerChat');
    const row = { assumedMasterState: null, newDocumentState: tempMessage('hash-once', 'Olá! Como posso ajudar?') };
    expect(await push('CustomerChat', [row])).toEqual([]);
    expect(await push('CustomerChat', [row, row])).toEqual([]);
    await f.sync.dispatcher.drain();
    expect(await countRows('customer_chats', 'hash-once')).toBe(1);
    expect(await countRows('outbound_messages', 'hash-once')).toBe(1);
    const handed = f.sender.sent.filter((item) => item.message?.hash === 'hash-once');
    expect(handed).toHaveLength(1);
    expect(handed[0]).toMatchObject({ kind: 'message', to: '5511944440001', message: { text: 'Olá! Como posso ajudar?', type: 'text' } });

    // The confirmed message arrives by the feed with its server id, the same hash, and ack sent.
    const { docs } = await pullAll(f, f.alpha, 'carla', 'CustomerChat', checkpoint);
    const confirmed = [...docs.values()].find((d) => d.hash === 'hash-once');
    expect(confirmed).toMatchObject({ is_temp: false, from_me: true, ack: 1, user_sending_id: String(f.alpha.userIds.carla) });
    expect(confirmed!.id).toMatch(/^\d+$/);
    expect(confirmed!.whatsapp_message_id).toBe(handed[0]!.message && `rec-${f.alpha.tenantId}-${handed[0]!.outboundId}`);

    // The carla answered an inbox ticket: she holds it now, and the customer is answered.
    const ticket = (await pullAll(f, f.alpha, 'carla', 'ChatTicket')).docs.get(String(ticketId));
    expect(ticket).toMatchObject({ user_id: String(f.alpha.userIds.carla), inbox: false, isNotResponded: false, last_msg_preview: 'Olá! Como posso ajudar?' });
  });

  it('queues concurrent replays of one send once', async () => {
    const row = { assumedMasterState: null, newDocumentState: tempMessage('hash-race', 'corrida') };
    const results = await Promise.all(Array.from({ length: 4 }, () => push('CustomerChat', [row])));
    expect(results.flat()).toEqual([]);
    await f.sync.dispatcher.drain();
    expect(await countRows('outbound_messages', 'hash-race')).toBe(1);
    expect(f.sender.sent.filter((item) => item.message?.hash === 'hash-race')).toHaveLength(1);
  });

  it('keeps comments off the channel', async () => {
    const comment = { ...tempMessage('hash-comment', 'cliente VIP'), type: 'comment' };
    expect(await push('CustomerChat', [{ assumedMasterState: null, newDocumentState: comment }])).toEqual([]);
    await f.sync.dispatcher.drain();
    expect(await countRows('customer_chats', 'hash-comment')).toBe(1);
    expect(await countRows('outbound_messages', 'hash-comment')).toBe(0);
  });

  it('answers a refused send as the temporary message failed, and a deleted temporary one as nothing', async () => {
    const other = { ...tempMessage('hash-refused', 'não posso'), instance_id: String(f.alpha.otherInstanceId) };
    const [failed] = await push('CustomerChat', [{ assumedMasterState: null, newDocumentState: other }], 'ana');
    expect(failed).toMatchObject({ id: 'tmp:hash-refused', ack: -1, is_temp: true, _deleted: false });
    expect(failed!.failure_reason).toBeTruthy();
    expect(await countRows('customer_chats', 'hash-refused')).toBe(0);
    const deleted = { ...tempMessage('hash-once', 'x'), _deleted: true };
    expect(await push('CustomerChat', [{ assumedMasterState: null, newDocumentState: deleted }])).toEqual([]);
  });

  it('refuses edits of stored messages with the master state', async () => {
    const { docs } = await pullAll(f, f.alpha, 'carla', 'CustomerChat');
    const stored = [...docs.values()].find((d) => d.hash === 'hash-once')!;
    const [conflict] = await push('CustomerChat', [{ assumedMasterState: stored, newDocumentState: { ...stored, message: 'editada' } }]);
    expect(conflict).toMatchObject({ id: stored.id, message: 'Olá! Como posso ajudar?' });
  });

  it('resets the unseen counter of a viewed ticket whatever the assumed state, and answers the master', async () => {
    await f.inbound(f.alpha, { from: '11944440001', text: 'mais uma' });
    const { docs } = await pullAll(f, f.alpha, 'carla', 'ChatTicket');
    const ticket = docs.get(String(ticketId))!;
    expect(ticket.unseenMsg).toBeGreaterThan(0);
    const stale = { ...ticket, unseenMsg: 7, updatedAt: 1 };
    const conflicts = await push('ChatTicket', [{ assumedMasterState: stale, newDocumentState: { ...ticket, unseenMsg: 0, inbox: true } }]);
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toMatchObject({ id: String(ticketId), unseenMsg: 0, inbox: false });
    const master = (await pullAll(f, f.alpha, 'carla', 'ChatTicket')).docs.get(String(ticketId))!;
    expect(master.unseenMsg).toBe(0);
    expect(await push('ChatTicket', [{ assumedMasterState: master, newDocumentState: master }])).toEqual([]);
    const hidden = await push('ChatTicket', [{ assumedMasterState: master, newDocumentState: master }], 'ana');
    expect(hidden[0]).toMatchObject({ id: String(ticketId), _deleted: true, customer_id: '' });
  });

  it('answers the master of a viewed ticket the server changed since the assumed state, even when only its stamps moved', async () => {
    const held = (await pullAll(f, f.alpha, 'carla', 'ChatTicket')).docs.get(String(ticketId))!;
    expect(held.unseenMsg).toBe(0);
    // A change the client's downstream dropped (RxDB skips a pulled state while a local write is unpushed).
    await f.database.withTenant(f.alpha.tenantId, (tx) =>
      tx.updateTable('chat_tickets').set({ updated_at: new Date(Date.now() + 5_000) }).where('id', '=', ticketId).execute(),
    );
    const conflicts = await push('ChatTicket', [{ assumedMasterState: held, newDocumentState: { ...held, unseenMsg: 0 } }]);
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]!.updatedAt).toBeGreaterThan(held.updatedAt as number);
  });

  it('merges customer edits field by field and answers conflicts with the master', async () => {
    const customers = (await pullAll(f, f.alpha, 'carla', 'Customer')).docs;
    const customer = customers.get(String(customerId))!;
    expect(await push('Customer', [{ assumedMasterState: customer, newDocumentState: { ...customer, name: 'Maria', is_favorite: true } }])).toEqual([]);
    // A second client still assumes the old state and edits another field: both edits stay.
    const [merged] = await push('Customer', [{ assumedMasterState: customer, newDocumentState: { ...customer, address: 'Rua A, 1' } }]);
    expect(merged).toMatchObject({ name: 'Maria', is_favorite: true, address: 'Rua A, 1' });
    const [refused] = await push('Customer', [{ assumedMasterState: merged!, newDocumentState: { ...merged!, phone_number: '5511000000000' } }]);
    expect(refused).toMatchObject({ phone_number: '5511944440001' });
    const foreign = await push('Customer', [{ assumedMasterState: merged!, newDocumentState: { ...merged!, name: 'Intrusa' } }], 'ana');
    expect(foreign[0]).toMatchObject({ _deleted: true, phone_number: '' });
    const after = await pullOnce(f, f.alpha, 'admin', 'Customer', null, 100);
    expect(after.documents.find((d) => d.id === String(customerId))).toMatchObject({ name: 'Maria' });
  });

  it('retries a failing hand-over and marks the message failed after the last attempt', async () => {
    const original = f.sync.sender;
    let calls = 0;
    f.sync.useSender({
      send: async () => {
        calls++;
        throw Object.assign(new Error('fora do ar'), { retryable: false, reason: 'Número sem WhatsApp.' });
      },
    });
    try {
      await push('CustomerChat', [{ assumedMasterState: null, newDocumentState: tempMessage('hash-fail', 'vai falhar') }]);
      await f.sync.dispatcher.drain();
    } finally {
      f.sync.useSender(original);
    }
    expect(calls).toBe(1);
    const { docs } = await pullAll(f, f.alpha, 'carla', 'CustomerChat');
    expect([...docs.values()].find((d) => d.hash === 'hash-fail')).toMatchObject({ ack: -1, failure_reason: 'Número sem WhatsApp.' });
  });
});

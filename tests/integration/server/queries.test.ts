import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pullAll } from './support/pull';
import { moveToDepartment, openSyncFixture, type StoredInbound, type SyncFixture } from './support/sync-fixture';

type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('ticket, message and customer calls (SPEC §7)', () => {
  let f: SyncFixture;
  let maria: StoredInbound;
  let joao: StoredInbound;
  const instance = () => String(f.alpha.instanceId);

  beforeAll(async () => {
    f = await openSyncFixture();
    maria = await f.inbound(f.alpha, { from: '(11) 96666-0001', name: 'Maria Silva', text: 'quero um orçamento' });
    for (let i = 1; i <= 3; i++) await f.inbound(f.alpha, { from: '11966660001', text: `mensagem ${i}` });
    joao = await f.inbound(f.alpha, { from: '11966660002', name: 'João', text: 'suporte por favor' });
    await moveToDepartment(f, f.alpha, joao.ticketId, f.alpha.departments.suporte);
  });
  afterAll(() => f?.close());

  const call = async (person: 'admin' | 'ana' | 'bruno' | 'carla', query: string, variables: Record<string, unknown> = {}): Promise<Data> => {
    const result = await f.gql<Data>(f.alpha, person, query, variables);
    if (result.errors) throw new Error(JSON.stringify(result.errors));
    return result.data!;
  };

  it('lists the inbox tab with nested customer and last message, and pages without a full count', async () => {
    const data = await call(
      'admin',
      `query ($i: ID!) { chatTickets(instance_id: $i, inbox: true, pagination_page: 1, pagination_limit: 1) {
        total_pages items { id inbox unseenMsg last_msg_preview customer_name pickableInboxChat customer { name phone_number } customerLastChat { message } user { id } } } }`,
      { i: instance() },
    );
    expect(data.chatTickets.total_pages).toBe(2);
    expect(data.chatTickets.items).toEqual([
      expect.objectContaining({
        id: String(joao.ticketId),
        unseenMsg: 1,
        pickableInboxChat: true,
        customer: { name: 'João', phone_number: '5511966660002' },
        customerLastChat: { message: 'suporte por favor' },
        user: null,
      }),
    ]);
    const carla = await call('carla', `query ($i: ID!) { chatTickets(instance_id: $i, inbox: true) { total_pages items { id } } }`, { i: instance() });
    expect(carla.chatTickets.items.map((t: Data) => t.id)).toEqual([String(maria.ticketId)]);
    const search = await call('admin', `query ($i: ID!) { chatTickets(instance_id: $i, inbox: true, search_query: "silva") { items { id } } }`, { i: instance() });
    expect(search.chatTickets.items.map((t: Data) => t.id)).toEqual([String(maria.ticketId)]);
    const byPhone = await call('admin', `query ($i: ID!) { chatTickets(instance_id: $i, inbox: true, search_query: "6666-0002") { items { id } } }`, { i: instance() });
    expect(byPhone.chatTickets.items.map((t: Data) => t.id)).toEqual([String(joao.ticketId)]);
  });

  it('answers sumOfTickets as id lists per tab', async () => {
    const bruno = await call('bruno', `query ($i: ID!) { sumOfTickets(instance_id: $i, make_in_list: true) { inbox_list { id is_campaign } my_chats_list { id } } }`, { i: instance() });
    expect(bruno.sumOfTickets).toEqual({ inbox_list: [{ id: String(joao.ticketId), is_campaign: false }], my_chats_list: [] });
  });

  it('loads the latest messages, older ones by max_id, and pages', async () => {
    const latest = await call('carla', `query ($c: ID!, $i: ID!) { customerChats(customer_id: $c, instance_id: $i) { id message } }`, { c: String(maria.customerId), i: instance() });
    expect(latest.customerChats.map((m: Data) => m.message)).toEqual(['quero um orçamento', 'mensagem 1', 'mensagem 2', 'mensagem 3']);
    const older = await call('carla', `query ($m: ID!, $c: ID!, $i: ID!) { oldCustomerChats(max_id: $m, limit: 2, customer_id: $c, instance_id: $i) { message } }`, {
      m: latest.customerChats[2].id,
      c: String(maria.customerId),
      i: instance(),
    });
    expect(older.oldCustomerChats.map((m: Data) => m.message)).toEqual(['quero um orçamento', 'mensagem 1']);
    const page = await call('carla', `query ($c: ID!, $i: ID!) { customerChatsPaginated(customer_id: $c, instance_id: $i, pagination_page: 2, pagination_limit: 3) { data { message } total per_page } }`, {
      c: String(maria.customerId),
      i: instance(),
    });
    expect(page.customerChatsPaginated).toEqual({ data: [{ message: 'quero um orçamento' }], total: 4, per_page: 3 });
    const hidden = await call('ana', `query ($c: ID!, $i: ID!) { customerChats(customer_id: $c, instance_id: $i) { id } }`, { c: String(maria.customerId), i: instance() });
    expect(hidden.customerChats).toEqual([]);
    expect((await call('ana', `query ($id: ID!) { customerInfos(id: $id) { id } }`, { id: String(maria.customerId) })).customerInfos).toBeNull();
    expect((await call('carla', `query ($id: ID!) { customerInfos(id: $id) { name } }`, { id: String(maria.customerId) })).customerInfos).toEqual({ name: 'Maria Silva' });
  });

  it('sends by phone idempotently, comments without sending, reacts and resets the unseen counter', async () => {
    const send = `mutation ($i: ID!, $h: String) { sendMessage(to_number: "11966660001", message: "Segue o orçamento", instance_id: $i, hash: $h) { id hash ack from_me } }`;
    const first = await call('carla', send, { i: instance(), h: 'q-hash-1' });
    const again = await call('carla', send, { i: instance(), h: 'q-hash-1' });
    expect(again.sendMessage).toMatchObject({ id: first.sendMessage.id, hash: 'q-hash-1', from_me: true });
    await call('carla', `mutation ($i: ID!) { createChatComment(message: "ligar amanhã", to_number: "5511966660001", instance_id: $i, hash: "q-comment") { off_customer_chat } }`, { i: instance() });
    const reaction = await call('carla', `mutation ($m: ID!, $i: ID!) { sendReactionSelenium(customer_chat_id: $m, reaction_text: "👍", instance_id: $i) { id reaction_text from_me customer_chat_id } }`, {
      m: String(maria.messageId),
      i: instance(),
    });
    expect(reaction.sendReactionSelenium).toMatchObject({ reaction_text: '👍', from_me: true, customer_chat_id: String(maria.messageId) });
    await f.sync.dispatcher.drain();
    const handed = f.sender.sent.filter((s) => s.message?.hash === 'q-hash-1' || s.message?.hash === 'q-comment' || s.kind === 'reaction');
    expect(handed.map((s) => s.kind).sort()).toEqual(['message', 'reaction']);
    const reactions = await pullAll(f, f.alpha, 'carla', 'CustomerChatReaction');
    expect([...reactions.docs.values()].map((r) => r.reaction_text)).toEqual(['👍']);

    expect(await call('carla', `mutation ($c: ID!, $i: ID!) { resetCustomerUnseenMsgs(id: $c, instance_id: $i) }`, { c: String(maria.customerId), i: instance() })).toEqual({ resetCustomerUnseenMsgs: true });
    const ticket = (await pullAll(f, f.alpha, 'carla', 'ChatTicket')).docs.get(String(maria.ticketId));
    expect(ticket).toMatchObject({ unseenMsg: 0, user_id: String(f.alpha.userIds.carla) });
    const info = await call('carla', `query ($id: ID!) { chatTicketInfos(id: $id) { id user { id } } }`, { id: String(maria.ticketId) });
    expect(info.chatTicketInfos.user.id).toBe(String(f.alpha.userIds.carla));
  });

  it('transfers a ticket: the next attendant gets it, the previous one gets a tombstone', async () => {
    const before = await pullAll(f, f.alpha, 'carla', 'ChatTicket');
    const created = await call('carla', `mutation ($n: ID!, $t: ID!) { createTicketTransfer(next_user_id: $n, chat_ticket_id: $t) { id transfer_at nextUser { name } previousUser { name } } }`, {
      n: String(f.alpha.userIds.ana),
      t: String(maria.ticketId),
    });
    expect(created.createTicketTransfer).toMatchObject({ transfer_at: null, nextUser: { name: 'Ana' }, previousUser: { name: 'Carla' } });
    await call('ana', `mutation ($id: ID!) { confirmTicketTransfer(id: $id) { transfer_at } }`, { id: created.createTicketTransfer.id });
    const carla = await pullAll(f, f.alpha, 'carla', 'ChatTicket', before.checkpoint);
    expect(carla.docs.get(String(maria.ticketId))).toMatchObject({ _deleted: true });
    const ana = await pullAll(f, f.alpha, 'ana', 'ChatTicket');
    expect(ana.docs.get(String(maria.ticketId))).toMatchObject({ _deleted: false, user_id: String(f.alpha.userIds.ana), previous_user_name: 'Carla' });
    const list = await call('ana', `query ($t: ID!) { ticketTransfer(chat_ticket_id: $t, transferred: true) { id } }`, { t: String(maria.ticketId) });
    expect(list.ticketTransfer).toHaveLength(1);
  });
});

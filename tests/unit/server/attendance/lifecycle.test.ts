import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribeTicketEvents, type TicketEvent } from '../../../../src/server/modules/attendance/ticket-events';
import { receiveInboundBatch } from '../../../../src/server/modules/messages/inbound-batch';
import { openSyncFixture, type SyncFixture } from '../../../integration/server/support/sync-fixture';

type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Person = 'admin' | 'ana' | 'bruno' | 'carla';

const TICKET = 'id user_id inbox finished_ticket is_finishing is_research grade finished_at started_at';

describe('attendance lifecycle (SPEC §4): pick, close with reason and survey, research, customer edits', () => {
  let f: SyncFixture;
  let phone = 11955550000;

  beforeAll(async () => {
    f = await openSyncFixture();
  });
  afterAll(() => f?.close());

  const gql = (person: Person, query: string, variables: Record<string, unknown> = {}) => f.gql<Data>(f.alpha, person, query, variables);
  const call = async (person: Person, query: string, variables: Record<string, unknown> = {}): Promise<Data> => {
    const result = await gql(person, query, variables);
    if (result.errors) throw new Error(JSON.stringify(result.errors));
    return result.data!;
  };
  const newCustomer = (text = 'Olá, preciso de ajuda') => f.inbound(f.alpha, { from: String(++phone), name: `Cliente ${phone}`, text });
  const pick = (person: Person, id: number) => gql(person, `mutation ($id: ID!) { pickChatTicket(id: $id) { ${TICKET} } }`, { id: String(id) });
  const reasons = async () => (await call('admin', 'query ($i: ID!) { attendanceReferences(instance_id: $i) { closing_reasons { id name } } }', { i: String(f.alpha.instanceId) })).attendanceReferences.closing_reasons as Array<{ id: string; name: string }>;

  it('picks an inbox ticket: it is assigned to the attendant and leaves the inbox', async () => {
    const { ticketId } = await newCustomer();
    const result = await pick('carla', ticketId);
    expect(result.errors).toBeUndefined();
    expect(result.data?.pickChatTicket).toMatchObject({ id: String(ticketId), user_id: String(f.alpha.userIds.carla), inbox: false });
    expect(result.data?.pickChatTicket.started_at).toBeTruthy();
  });

  it('lets exactly one of two simultaneous picks win and tells the other it was already picked', async () => {
    const { ticketId } = await newCustomer();
    const [a, b] = await Promise.all([pick('admin', ticketId), pick('carla', ticketId)]);
    const winners = [a, b].filter((r) => !r.errors);
    const losers = [a, b].filter((r) => r.errors);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(1);
    expect(losers[0]?.errors?.[0]).toMatchObject({ message: 'Atendimento já assumido', extensions: { code: 'TICKET_ALREADY_PICKED' } });
  });

  it('refuses a pick by an attendant who cannot see the ticket (another department)', async () => {
    const { ticketId } = await newCustomer();
    const result = await pick('ana', ticketId);
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('closes with a reason: closing and survey messages go out, the ticket is closed and the grade arrives', async () => {
    const { ticketId, customerId } = await newCustomer();
    await pick('carla', ticketId);
    const [reason] = await reasons();
    expect(reason?.name).toBeTruthy();

    const missing = await gql('carla', 'mutation ($id: ID!, $r: ID!) { finishChatTicket(id: $id, reason_id: $r) { id } }', { id: String(ticketId), r: '999999' });
    expect(missing.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION' });

    const closed = await call('carla', `mutation ($id: ID!, $r: ID!, $n: String) { finishChatTicket(id: $id, reason_id: $r, note: $n) { ${TICKET} } }`, {
      id: String(ticketId),
      r: reason!.id,
      n: 'Cliente satisfeito',
    });
    expect(closed.finishChatTicket).toMatchObject({ finished_ticket: true, inbox: false, is_finishing: false, is_research: true, grade: null });
    expect(closed.finishChatTicket.finished_at).toBeTruthy();

    const sent = await f.database.withTenant(f.alpha.tenantId, (tx) =>
      tx.selectFrom('customer_chats').select(['message', 'chat_ticket_id', 'from_me']).where('customer_id', '=', customerId).where('from_me', '=', true).orderBy('id').execute(),
    );
    expect(sent.map((m) => m.message)).toEqual([
      'Seu atendimento foi finalizado. Obrigado pelo contato!',
      'Como você avalia o nosso atendimento? Responda com uma nota de 1 a 5.',
    ]);
    expect(sent.every((m) => m.chat_ticket_id === ticketId)).toBe(true);
    const closing = await f.database.withTenant(f.alpha.tenantId, (tx) =>
      tx.selectFrom('ticket_closings').select(['crm_reason_id', 'note', 'closed_by']).where('chat_ticket_id', '=', ticketId).executeTakeFirst(),
    );
    expect(closing).toEqual({ crm_reason_id: Number(reason!.id), note: 'Cliente satisfeito', closed_by: f.alpha.userIds.carla });

    const answer = await f.inbound(f.alpha, { from: String(phone), text: '4' });
    expect(answer.ticketId).toBe(ticketId);
    const graded = await call('admin', `query ($id: ID!) { chatTicketInfos(id: $id) { ${TICKET} } }`, { id: String(ticketId) });
    expect(graded.chatTicketInfos).toMatchObject({ grade: 4, is_research: false, finished_ticket: true });
    // The customer is thanked once, after their answer, on the graded ticket and through the outbound queue.
    const afterGrade = await f.database.withTenant(f.alpha.tenantId, (tx) =>
      tx
        .selectFrom('customer_chats as m')
        .leftJoin('outbound_messages as o', (join) => join.onRef('o.tenant_id', '=', 'm.tenant_id').onRef('o.customer_chat_id', '=', 'm.id'))
        .select(['m.message', 'm.from_me', 'm.chat_ticket_id', 'o.id as queued'])
        .where('m.customer_id', '=', customerId)
        .orderBy('m.id')
        .execute(),
    );
    expect(afterGrade.slice(-2).map((m) => [m.message, m.from_me, m.chat_ticket_id])).toEqual([
      ['4', false, ticketId],
      ['Obrigado pela sua avaliação!', true, ticketId],
    ]);
    expect(afterGrade.at(-1)?.queued).not.toBeNull();

    const again = await f.inbound(f.alpha, { from: String(phone), text: 'Oi de novo' });
    expect(again.ticketId).not.toBe(ticketId);
  });

  it('cancels a pending survey when the customer writes something else, opening a new ticket', async () => {
    const { ticketId } = await newCustomer();
    await pick('carla', ticketId);
    const [reason] = await reasons();
    await call('carla', 'mutation ($id: ID!, $r: ID!) { finishChatTicket(id: $id, reason_id: $r) { id } }', { id: String(ticketId), r: reason!.id });
    const next = await f.inbound(f.alpha, { from: String(phone), text: 'Esqueci de perguntar uma coisa' });
    expect(next.ticketId).not.toBe(ticketId);
    const old = await call('admin', `query ($id: ID!) { chatTicketInfos(id: $id) { ${TICKET} } }`, { id: String(ticketId) });
    expect(old.chatTicketInfos).toMatchObject({ is_research: false, grade: null });
  });

  it('takes the grade through the channels’ batch path too, opening tickets only for the others', async () => {
    const first = await newCustomer();
    const firstPhone = String(phone);
    const second = await newCustomer();
    const secondPhone = String(phone);
    const [reason] = await reasons();
    for (const { ticketId } of [first, second]) {
      await pick('carla', ticketId);
      await call('carla', 'mutation ($id: ID!, $r: ID!) { finishChatTicket(id: $id, reason_id: $r) { id } }', { id: String(ticketId), r: reason!.id });
    }
    const results = await receiveInboundBatch(f.sync.messaging, f.alpha.tenantId, f.alpha.instanceId, [
      { tenantId: f.alpha.tenantId, instanceId: f.alpha.instanceId, from: firstPhone, text: '5', providerMessageId: `wamid.batch.${phone}.1` },
      { tenantId: f.alpha.tenantId, instanceId: f.alpha.instanceId, from: secondPhone, text: 'Tenho outra dúvida', providerMessageId: `wamid.batch.${phone}.2` },
    ]);
    expect(results[0]?.ticketId).toBe(first.ticketId);
    expect(results[1]?.ticketId).not.toBe(second.ticketId);
    const grades = await f.database.withTenant(f.alpha.tenantId, (tx) =>
      tx.selectFrom('chat_tickets').select(['id', 'grade', 'is_research']).where('id', 'in', [first.ticketId, second.ticketId]).orderBy('id').execute(),
    );
    expect(grades).toEqual([
      { id: first.ticketId, grade: 5, is_research: false },
      { id: second.ticketId, grade: null, is_research: false },
    ]);
    const thanks = await f.database.withTenant(f.alpha.tenantId, (tx) =>
      tx.selectFrom('customer_chats').select('chat_ticket_id').where('message', '=', 'Obrigado pela sua avaliação!').where('chat_ticket_id', 'in', [first.ticketId, second.ticketId]).execute(),
    );
    expect(thanks).toEqual([{ chat_ticket_id: first.ticketId }]);
  });

  it('only the holder (or administrador) closes a ticket', async () => {
    const { ticketId } = await newCustomer();
    await pick('carla', ticketId);
    const [reason] = await reasons();
    const result = await gql('bruno', 'mutation ($id: ID!, $r: ID!) { finishChatTicket(id: $id, reason_id: $r) { id } }', { id: String(ticketId), r: reason!.id });
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('announces a research cancellation and a confirmed transfer as ticket events', async () => {
    const events: TicketEvent[] = [];
    const stream = await subscribeTicketEvents(f.sync.messaging, f.alpha.tenantId, f.alpha.instanceId);
    const reading = (async () => {
      for await (const event of stream) {
        events.push(event);
        if (events.length === 2) break;
      }
    })();

    const { ticketId } = await newCustomer();
    await pick('carla', ticketId);
    await call('carla', 'mutation ($id: ID!) { setChatTicketResearch(id: $id, is_research: true) { id } }', { id: String(ticketId) });
    const off = await call('carla', 'mutation ($id: ID!) { setChatTicketResearch(id: $id, is_research: false) { is_research } }', { id: String(ticketId) });
    expect(off.setChatTicketResearch.is_research).toBe(false);

    const created = await call('carla', 'mutation ($n: ID!, $t: ID!) { createTicketTransfer(next_user_id: $n, chat_ticket_id: $t) { id } }', {
      n: String(f.alpha.userIds.admin),
      t: String(ticketId),
    });
    await call('carla', 'mutation ($id: ID!) { confirmTicketTransfer(id: $id) { id } }', { id: created.createTicketTransfer.id });
    await Promise.race([reading, new Promise((resolve) => setTimeout(resolve, 5000))]);
    await stream.return?.();

    expect(events[0]).toMatchObject({ kind: 'research_canceled', ticket_id: String(ticketId) });
    expect(events[1]).toMatchObject({
      kind: 'transferred',
      ticket_id: String(ticketId),
      previous_user_id: String(f.alpha.userIds.carla),
      previous_user_name: 'Carla',
      next_user_id: String(f.alpha.userIds.admin),
      trigger_user_id: String(f.alpha.userIds.carla),
      attendant_removed: false,
    });
  });

  it('saves customer edits for those who see the customer, and refuses the others', async () => {
    const { ticketId, customerId } = await newCustomer();
    await pick('carla', ticketId);
    const update = `mutation ($id: ID!, $input: CustomerUpdateInput!) { updateCustomer(id: $id, input: $input) {
      name address open_field document_register is_favorite is_blacklisted is_blacklisted_campaign } }`;
    const saved = await call('carla', update, {
      id: String(customerId),
      input: { name: ' Maria Souza ', address: 'Rua A, 1', open_field: 'Prefere WhatsApp', document_register: '123.456.789-00', is_favorite: true, is_blacklisted_campaign: true },
    });
    expect(saved.updateCustomer).toEqual({
      name: 'Maria Souza',
      address: 'Rua A, 1',
      open_field: 'Prefere WhatsApp',
      document_register: '123.456.789-00',
      is_favorite: true,
      is_blacklisted: false,
      is_blacklisted_campaign: true,
    });
    const refused = await gql('bruno', update, { id: String(customerId), input: { name: 'Outro' } });
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN' });
    const attack = await gql('carla', update, { id: String(customerId), input: { name: '<script>' } });
    expect(attack.errors?.[0]).toMatchObject({ message: 'Possível tentativa de Ataque' });
  });

  it('lists the connection’s attendants with presence, the departments and the closing reasons', async () => {
    const data = await call('carla', 'query ($i: ID!) { attendanceReferences(instance_id: $i) { users { id name isConnected } departments { name } closing_reasons { name } } }', {
      i: String(f.alpha.instanceId),
    });
    const refs = data.attendanceReferences;
    expect(refs.users.map((u: Data) => u.name)).toEqual(expect.arrayContaining(['Admin', 'Carla']));
    expect(refs.departments.map((d: Data) => d.name)).toEqual(['Suporte', 'Vendas']);
    expect(refs.closing_reasons.map((r: Data) => r.name)).toContain('Dúvida esclarecida');
    const online = await call('carla', 'query ($u: ID, $i: ID) { onlineUsers(user_id: $u, instance_id: $i) { id } }', {
      u: String(f.alpha.userIds.carla),
      i: String(f.alpha.instanceId),
    });
    expect(online.onlineUsers.map((u: Data) => u.id)).not.toContain(String(f.alpha.userIds.carla));
  });
});

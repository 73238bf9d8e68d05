import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSyncFixture, type Person, type SyncFixture } from '../support/sync-fixture';
import { changesDuring, errorOf, giveRoutes, type Data } from './fixture';

const SAVE = 'mutation ($i: ID, $v: [SettingValueInput!]!) { saveSettings(instance_id: $i, values: $v) { key instance_id value } }';
const VALUES = 'query ($k: [String!]) { settingValues(keys: $k) { key instance_id value } }';

describe('settingValues / saveSettings: the configs/* settings per tenant and per connection', () => {
  let f: SyncFixture;
  beforeAll(async () => {
    f = await openSyncFixture();
    await giveRoutes(f, f.alpha, 'bruno', ['configs-closing-messages']);
  });
  afterAll(() => f?.close());

  const save = (person: Person, values: Array<{ key: string; value: string | null }>, instanceId: number | null = null) =>
    f.gql<Data>(f.alpha, person, SAVE, { i: instanceId === null ? null : String(instanceId), v: values });
  const stored = async (keys: string[]) => (await f.gql<Data>(f.alpha, 'admin', VALUES, { k: keys })).data!.settingValues as Data[];

  it("stores the tenant's value and a connection's override, and announces 'settings'", async () => {
    const changes = await changesDuring(f, f.alpha, async () => {
      expect(errorOf(await save('admin', [{ key: 'closing_message', value: '  Obrigado, {{nome_cliente}}!  ' }]))).toBeUndefined();
      const own = await save('admin', [{ key: 'closing_message', value: 'Até logo!' }], f.alpha.otherInstanceId);
      expect(own.data!.saveSettings).toEqual([{ key: 'closing_message', instance_id: String(f.alpha.otherInstanceId), value: 'Até logo!' }]);
    });
    expect(changes.filter((c) => c.kind === 'settings')).toHaveLength(2);
    expect(await stored(['closing_message'])).toEqual([
      { key: 'closing_message', instance_id: null, value: 'Obrigado, {{nome_cliente}}!' },
      { key: 'closing_message', instance_id: String(f.alpha.otherInstanceId), value: 'Até logo!' },
    ]);
  });

  it("takes a connection's override away with value null, and the tenant's value serves it again", async () => {
    await save('admin', [{ key: 'closing_message', value: 'Temporária' }], f.alpha.instanceId);
    await save('admin', [{ key: 'closing_message', value: null }], f.alpha.instanceId);
    const rows = await stored(['closing_message']);
    expect(rows.some((r) => r.instance_id === String(f.alpha.instanceId))).toBe(false);
  });

  it('lets a role listing the screen change its keys only, and refuses a role without it', async () => {
    expect(errorOf(await save('bruno', [{ key: 'closing_message', value: 'Pela Bruno' }]))).toBeUndefined();
    expect(errorOf(await save('bruno', [{ key: 'nps_enabled', value: 'false' }]))).toMatchObject({ code: 'FORBIDDEN' });
    expect(errorOf(await save('ana', [{ key: 'closing_message', value: 'Pela Ana' }]))).toMatchObject({ code: 'FORBIDDEN' });
    expect(errorOf(await f.gql(f.alpha, 'ana', VALUES, { k: ['closing_message'] }))).toMatchObject({ code: 'FORBIDDEN' });
    const mine = (await f.gql<Data>(f.alpha, 'bruno', VALUES, {})).data!.settingValues as Data[];
    expect(new Set(mine.map((r) => r.key))).toEqual(new Set(['closing_message']));
    expect((await stored(['closing_message']))[0]?.value).toBe('Pela Bruno');
  });

  it('refuses bad values with the first field message and stores nothing', async () => {
    const cases: Array<[Array<{ key: string; value: string | null }>, number | null, Record<string, unknown>]> = [
      [[{ key: 'transfer_no_response_minutes', value: '-5' }], null, { code: 'VALIDATION', field: 'values.0.value', detail: 'Informe um número inteiro de 0 a 1440.' }],
      [[{ key: 'nps_scale', value: '1-7' }], null, { code: 'VALIDATION', field: 'values.0.value' }],
      [[{ key: 'nps_scale', value: '0-10' }], f.alpha.instanceId, { code: 'VALIDATION', field: 'values.0.key' }],
      [[{ key: 'no_such_key', value: 'x' }], null, { code: 'VALIDATION', field: 'values.0.key', detail: 'Configuração desconhecida.' }],
      [[{ key: 'closing_message', value: 'ok' }], f.beta.instanceId, { code: 'VALIDATION', field: 'instance_id' }],
      [[{ key: 'closing_message', value: 'Clique <script>alert(1)</script>' }], null, { code: 'ATTACK' }],
      [[{ key: 'closing_message', value: 'a | b' }], null, { code: 'ATTACK' }],
    ];
    for (const [values, instanceId, error] of cases) expect(errorOf(await save('admin', values, instanceId))).toMatchObject(error);
    const rows = await stored(['transfer_no_response_minutes', 'nps_scale', 'closing_message']);
    expect(rows.map((r) => r.value)).toEqual(['Pela Bruno', 'Até logo!']);
  });

  it("never shows or changes another tenant's settings", async () => {
    const beta = (await f.gql<Data>(f.beta, 'admin', VALUES, { k: ['closing_message'] })).data!.settingValues;
    expect(beta).toEqual([]);
    await f.gql(f.beta, 'admin', SAVE, { i: null, v: [{ key: 'closing_message', value: 'Da beta' }] });
    expect((await stored(['closing_message']))[0]?.value).toBe('Pela Bruno');
    const withAlphaToken = await f.server.gql(f.beta.slug, VALUES, { k: ['closing_message'] }, f.alpha.tokens.admin);
    expect(withAlphaToken.data).toBeFalsy();
  });
});

describe('closing a ticket uses the settings', () => {
  let f: SyncFixture;
  let phone = 11944440000;
  beforeAll(async () => {
    f = await openSyncFixture();
  });
  afterAll(() => f?.close());

  const close = async (text = 'Oi') => {
    const { ticketId, customerId } = await f.inbound(f.alpha, { from: String(++phone), name: 'Maria Souza', text });
    await f.gql(f.alpha, 'admin', 'mutation ($id: ID!) { pickChatTicket(id: $id) { id } }', { id: String(ticketId) });
    const refs = await f.gql<Data>(f.alpha, 'admin', 'query ($i: ID!) { attendanceReferences(instance_id: $i) { closing_reasons { id } } }', { i: String(f.alpha.instanceId) });
    const closed = await f.gql<Data>(f.alpha, 'admin', 'mutation ($id: ID!, $r: ID!) { finishChatTicket(id: $id, reason_id: $r) { is_research } }', {
      id: String(ticketId),
      r: refs.data!.attendanceReferences.closing_reasons[0].id,
    });
    const sent = await f.database.withTenant(f.alpha.tenantId, (tx) =>
      tx.selectFrom('customer_chats').select('message').where('customer_id', '=', customerId).where('from_me', '=', true).orderBy('id').execute(),
    );
    return { ticketId, isResearch: closed.data!.finishChatTicket.is_research as boolean, sent: sent.map((m) => m.message) };
  };
  const save = (values: Array<{ key: string; value: string | null }>, instanceId: number | null = null) =>
    f.gql(f.alpha, 'admin', SAVE, { i: instanceId === null ? null : String(instanceId), v: values });

  it('sends the connection’s closing message with the store and customer filled in, and the survey on its scale', async () => {
    await f.gql(f.alpha, 'admin', 'mutation ($s: StoreInfoInput!) { saveStoreInfo(input: $s) { name } }', {
      s: { name: 'Loja Alfa', document: '', address: 'Rua A, 1', phone: '1133334444', opening_hours: [], logo: '' },
    });
    await save([{ key: 'closing_message', value: 'Da loja' }]);
    await save([{ key: 'closing_message', value: 'Obrigado, {{nome_cliente}}! {{nome_loja}}: {{telefone_loja}}' }], f.alpha.instanceId);
    await save([{ key: 'nps_scale', value: '0-10' }]);
    const { sent, isResearch, ticketId } = await close();
    expect(sent).toEqual(['Obrigado, Maria Souza! Loja Alfa: (11) 3333-4444', 'Como você avalia o nosso atendimento? Responda com uma nota de 0 a 10.']);
    expect(isResearch).toBe(true);
    const answer = await f.inbound(f.alpha, { from: String(phone), text: '9' });
    expect(answer.ticketId).toBe(ticketId);
    const grade = await f.database.withTenant(f.alpha.tenantId, (tx) => tx.selectFrom('chat_tickets').select('grade').where('id', '=', ticketId).executeTakeFirst());
    expect(grade?.grade).toBe(9);
  });

  it('thanks the customer with the connection’s thank-you after a grade of the scale, and not after a grade off the scale', async () => {
    await save([{ key: 'closing_message', value: 'Tchau' }], f.alpha.instanceId);
    await save([{ key: 'nps_thanks', value: 'Valeu, {{nome_cliente}}! Protocolo {{protocolo}}.' }], f.alpha.instanceId);
    const { ticketId, sent } = await close();
    expect(sent).toEqual(['Tchau', 'Como você avalia o nosso atendimento? Responda com uma nota de 0 a 10.']);
    const protocol = await f.database.withTenant(f.alpha.tenantId, (tx) => tx.selectFrom('chat_tickets').select('protocol').where('id', '=', ticketId).executeTakeFirstOrThrow());
    await f.inbound(f.alpha, { from: String(phone), text: '10' });
    const after = await f.database.withTenant(f.alpha.tenantId, (tx) =>
      tx.selectFrom('customer_chats').select('message').where('chat_ticket_id', '=', ticketId).where('from_me', '=', true).orderBy('id').execute(),
    );
    expect(after.at(-1)?.message).toBe(`Valeu, Maria Souza! Protocolo ${protocol.protocol}.`);

    // 11 is off the 0–10 scale: no grade, no thanks, a new ticket instead.
    const second = await close();
    const reply = await f.inbound(f.alpha, { from: String(phone), text: '11' });
    expect(reply.ticketId).not.toBe(second.ticketId);
    const thanked = await f.database.withTenant(f.alpha.tenantId, (tx) =>
      tx.selectFrom('customer_chats').select('id').where('chat_ticket_id', 'in', [second.ticketId, reply.ticketId]).where('message', 'like', 'Valeu%').execute(),
    );
    expect(thanked).toEqual([]);
  });

  it('sends no thank-you when it is blank, and no survey when the tenant’s nps_research feature is off', async () => {
    await save([{ key: 'nps_thanks', value: '' }], f.alpha.instanceId);
    const { ticketId } = await close();
    await f.inbound(f.alpha, { from: String(phone), text: '7' });
    const after = await f.database.withTenant(f.alpha.tenantId, (tx) =>
      tx.selectFrom('customer_chats').select('message').where('chat_ticket_id', '=', ticketId).orderBy('id').execute(),
    );
    expect(after.at(-1)?.message).toBe('7');

    await f.database.withTenant(f.alpha.tenantId, (tx) =>
      tx.insertInto('features').values({ tenant_id: f.alpha.tenantId, name: 'nps_research', enabled: false }).onConflict((oc) => oc.columns(['tenant_id', 'name']).doUpdateSet({ enabled: false })).execute(),
    );
    const off = await close();
    expect(off.sent).toEqual(['Tchau']);
    expect(off.isResearch).toBe(false);
  });

  it('sends no survey when it is off, and nothing at all when the closing message is blank', async () => {
    await save([{ key: 'nps_enabled', value: 'false' }]);
    await save([{ key: 'closing_message', value: '' }], f.alpha.instanceId);
    const { sent, isResearch } = await close();
    expect(sent).toEqual([]);
    expect(isResearch).toBe(false);
  });
});

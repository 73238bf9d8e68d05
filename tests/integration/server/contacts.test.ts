import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TenantChange } from '../../../src/shared/domain/tenant-changes';
import { receiveInbound } from '../../../src/server/modules/messages/inbound';
import { tenantChangeChannel } from '../../../src/server/modules/tenant-changes/tenant-changes';
import { openSyncFixture, type FixtureTenant, type SyncFixture } from './support/sync-fixture';

type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const CONTACTS = `query ($filter: ContactFilter, $offset: Int, $limit: Int) {
  contacts(filter: $filter, offset: $offset, limit: $limit) { total items { id name phone_number document_register is_favorite
    is_blacklisted is_blacklisted_campaign blacklisted_at blacklisted_by { id name } group_of_customer { id name color_tag } } }
}`;
const CREATE = `mutation ($input: ContactInput!) { createContact(input: $input) { id name phone_number document_register } }`;
const IMPORT = `mutation ($rows: [ContactImportRow!]!) { importContacts(rows: $rows) { created updated skipped { line reason } } }`;
const BLOCK = `mutation ($id: ID, $phone: String, $a: Boolean, $c: Boolean) {
  setNumberBlocked(id: $id, phone_number: $phone, is_blacklisted: $a, is_blacklisted_campaign: $c) {
    id phone_number is_blacklisted is_blacklisted_campaign blacklisted_at blacklisted_by { name } blacklisted_campaign_at blacklisted_campaign_by { name } }
}`;
const BLOCKED = `query ($search: String, $kind: String) { blockedNumbers(search: $search, kind: $kind) { total items { phone_number is_blacklisted is_blacklisted_campaign } } }`;

let providerIds = 0;

describe('contacts, groups and the blocklist (customers/list, numbers-blacklist/list)', () => {
  let f: SyncFixture;
  const events: Array<{ tenant: number; change: TenantChange }> = [];

  const names = (data: Data | null | undefined) => (data!.contacts.items as Data[]).map((c) => c.name);
  const codeOf = (result: { errors?: Array<{ extensions?: Record<string, unknown> }> }) => result.errors?.[0]?.extensions?.code;

  async function giveContactsRole(tenant: FixtureTenant) {
    await f.database.withTenant(tenant.tenantId, async (tx) => {
      const role = await tx
        .insertInto('roles')
        .values({ tenant_id: tenant.tenantId, name: 'contatos', display_name: 'Contatos', has_permission_routes: ['customers-list', 'numbers-blacklist-list'] })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx.updateTable('users').set({ role_id: role.id }).where('id', '=', tenant.userIds.bruno).execute();
    });
  }

  beforeAll(async () => {
    f = await openSyncFixture();
    await giveContactsRole(f.alpha);
    for (const tenant of [f.alpha, f.beta]) {
      await f.sync.pubsub.subscribe(tenantChangeChannel(tenant.tenantId), (event) => {
        events.push({ tenant: tenant.tenantId, change: event as TenantChange });
      });
    }
    const seed = [
      { name: 'Maria Souza', phone_number: '(11) 98765-4321', document_register: '123.456.789-00' },
      { name: 'João Lima', phone_number: '+55 21 3456-7890' },
      { name: 'Ana Clara', phone_number: '31 99999-0000' },
    ];
    for (const input of seed) expect((await f.gql(f.alpha, 'admin', CREATE, { input })).errors).toBeUndefined();
    await f.gql(f.beta, 'admin', CREATE, { input: { name: 'Cliente Beta', phone_number: '11987654321' } });
  });
  afterAll(() => f?.close());

  it('stores a contact added by hand with its phone normalised, and refuses the same number in another form', async () => {
    const list = await f.gql<Data>(f.alpha, 'admin', CONTACTS, { filter: { sort: 'name' } });
    expect(list.data!.contacts.total).toBe(3);
    expect(list.data!.contacts.items.map((c: Data) => c.phone_number)).toEqual(['5531999990000', '552134567890', '5511987654321']);
    const twin = await f.gql<Data>(f.alpha, 'admin', CREATE, { input: { name: 'Outra Maria', phone_number: '551187654321' } });
    expect(codeOf(twin)).toBe('VALIDATION');
    expect(twin.errors?.[0]?.extensions?.detail).toBe('Já existe um contato com este telefone.');
    const invalid = await f.gql<Data>(f.alpha, 'admin', CREATE, { input: { name: 'Curto', phone_number: '1234' } });
    expect(invalid.errors?.[0]?.extensions?.field).toBe('phone_number');
  });

  it('refuses forbidden characters and stores nothing', async () => {
    const attack = await f.gql<Data>(f.alpha, 'admin', CREATE, { input: { name: '<script>x</script>', phone_number: '11955554444' } });
    expect(codeOf(attack)).toBe('ATTACK');
    const imported = await f.gql<Data>(f.alpha, 'admin', IMPORT, { rows: [{ line: 2, name: 'a|b', phone_number: '11955554444' }] });
    expect(codeOf(imported)).toBe('ATTACK');
    const search = await f.gql<Data>(f.alpha, 'admin', CONTACTS, { filter: { search: '955554444' } });
    expect(search.data!.contacts.total).toBe(0);
  });

  it('searches names, phones in any format (ninth digit both ways) and documents by digits', async () => {
    const search = async (text: string) => names((await f.gql<Data>(f.alpha, 'admin', CONTACTS, { filter: { search: text } })).data);
    expect(await search('souza')).toEqual(['Maria Souza']);
    expect(await search('+55 (11) 98765-4321')).toEqual(['Maria Souza']);
    expect(await search('11 8765-4321')).toEqual(['Maria Souza']);
    expect(await search('2134-56')).toEqual(['João Lima']);
    expect(await search('12345678900')).toEqual(['Maria Souza']);
    expect(await search('100%')).toEqual([]);
  });

  it('pages and counts on the server', async () => {
    const page = await f.gql<Data>(f.alpha, 'admin', CONTACTS, { filter: { sort: 'name' }, offset: 1, limit: 1 });
    expect(page.data!.contacts).toMatchObject({ total: 3, items: [{ name: 'João Lima' }] });
    const tooMany = await f.gql<Data>(f.alpha, 'admin', CONTACTS, { limit: 100000 });
    expect(codeOf(tooMany)).toBe('VALIDATION');
  });

  it('gives nothing to a role without the route, nor to another tenant', async () => {
    const ana = await f.gql<Data>(f.alpha, 'ana', CONTACTS);
    expect(codeOf(ana)).toBe('FORBIDDEN');
    expect(ana.data?.contacts ?? null).toBeNull();
    expect(codeOf(await f.gql<Data>(f.alpha, 'ana', IMPORT, { rows: [{ line: 2, phone_number: '11911112222' }] }))).toBe('FORBIDDEN');
    expect(codeOf(await f.gql<Data>(f.alpha, 'ana', BLOCK, { phone: '11911112222', a: true }))).toBe('FORBIDDEN');
    const bruno = await f.gql<Data>(f.alpha, 'bruno', CONTACTS);
    expect(bruno.data!.contacts.total).toBe(3);

    const beta = await f.gql<Data>(f.beta, 'admin', CONTACTS);
    expect(names(beta.data)).toEqual(['Cliente Beta']);
    const alphaId = (await f.gql<Data>(f.alpha, 'admin', CONTACTS, { filter: { search: 'Maria' } })).data!.contacts.items[0].id;
    const edit = await f.gql<Data>(f.beta, 'admin', 'mutation ($id: ID!) { updateContact(id: $id, input: { name: "Invadido" }) { id } }', { id: alphaId });
    expect(codeOf(edit)).toBe('VALIDATION');
    expect(codeOf(await f.gql<Data>(f.beta, 'admin', BLOCK, { id: alphaId, a: true }))).toBe('VALIDATION');
    const read = await f.gql<Data>(f.beta, 'admin', 'query ($id: ID!) { contact(id: $id) { id } }', { id: alphaId });
    expect(read.data!.contact).toBeNull();
    expect(names((await f.gql<Data>(f.alpha, 'admin', CONTACTS, { filter: { search: 'Maria' } })).data)).toEqual(['Maria Souza']);
  });

  it('imports rows: refuses bad and repeated ones with the line and why, updates known phones, creates the rest and their groups', async () => {
    const result = await f.gql<Data>(f.alpha, 'bruno', IMPORT, {
      rows: [
        { line: 2, name: 'Maria Atualizada', phone_number: '11 8765-4321', group: 'Atacado' },
        { line: 3, name: 'Pedro', phone_number: '11 97777-1111', group: 'atacado', document_register: '98.765.432/0001-10' },
        { line: 4, name: 'Sem telefone', phone_number: '   ' },
        { line: 5, name: 'Curto', phone_number: '123' },
        { line: 6, name: 'Pedro de novo', phone_number: '5511977771111' },
        { line: 7, name: 'Paula', phone_number: '+1 415 555 0100' },
      ],
    });
    expect(result.errors).toBeUndefined();
    expect(result.data!.importContacts).toEqual({
      created: 2,
      updated: 1,
      skipped: [
        { line: 4, reason: 'Telefone não informado' },
        { line: 5, reason: 'Telefone inválido' },
        { line: 6, reason: 'Telefone repetido no arquivo (mesmo da linha 3)' },
      ],
    });
    const listed = (await f.gql<Data>(f.alpha, 'admin', CONTACTS, { filter: { sort: 'name' } })).data!.contacts.items as Data[];
    expect(listed.map((c) => c.name)).toEqual(['Ana Clara', 'João Lima', 'Maria Atualizada', 'Paula', 'Pedro']);
    expect(listed.find((c) => c.name === 'Maria Atualizada')!.phone_number).toBe('5511987654321');
    expect(listed.find((c) => c.name === 'Pedro')!.group_of_customer.name).toBe('Atacado');
    const groups = await f.gql<Data>(f.alpha, 'admin', '{ customerGroups { name } }');
    expect(groups.data!.customerGroups).toEqual([{ name: 'Atacado' }]);
    expect(events.some((e) => e.tenant === f.alpha.tenantId && e.change.kind === 'customers')).toBe(true);
  });

  it('blocks a number typed in any format with who and when, lists it, and its messages make no ticket', async () => {
    events.length = 0;
    const blocked = await f.gql<Data>(f.alpha, 'bruno', BLOCK, { phone: '(11) 8765-4321', a: true });
    expect(blocked.errors).toBeUndefined();
    expect(blocked.data!.setNumberBlocked).toMatchObject({ phone_number: '5511987654321', is_blacklisted: true, is_blacklisted_campaign: false, blacklisted_by: { name: 'Bruno' } });
    expect(blocked.data!.setNumberBlocked.blacklisted_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(events.map((e) => e.change.kind)).toContain('blocklist');
    expect(events.every((e) => e.tenant === f.alpha.tenantId)).toBe(true);

    const stored = await receiveInbound(f.sync.messaging, {
      tenantId: f.alpha.tenantId,
      instanceId: f.alpha.instanceId,
      providerMessageId: `wamid.block.${++providerIds}`,
      from: '551187654321',
      text: 'Oi, ainda estou bloqueado?',
    });
    expect(stored.ticketId).toBeNull();
    const tickets = await f.database.withTenant(f.alpha.tenantId, (tx) => tx.selectFrom('chat_tickets').select('id').where('customer_id', '=', stored.customerId).execute());
    expect(tickets).toEqual([]);

    const unknown = await f.gql<Data>(f.alpha, 'admin', BLOCK, { phone: '21 96666-5555', c: true });
    expect(unknown.data!.setNumberBlocked).toMatchObject({ phone_number: '5521966665555', is_blacklisted: false, is_blacklisted_campaign: true, blacklisted_campaign_by: { name: 'Admin' } });
    const list = async (kind: string) => (await f.gql<Data>(f.alpha, 'bruno', BLOCKED, { kind })).data!.blockedNumbers;
    expect((await list('any')).items.map((c: Data) => c.phone_number)).toEqual(['5521966665555', '5511987654321']);
    expect((await list('attendance')).total).toBe(1);
    expect((await list('campaign')).total).toBe(1);
    expect((await f.gql<Data>(f.beta, 'admin', BLOCKED, {})).data!.blockedNumbers.total).toBe(0);
    expect(codeOf(await f.gql<Data>(f.alpha, 'ana', BLOCKED, {}))).toBe('FORBIDDEN');

    const freed = await f.gql<Data>(f.alpha, 'admin', BLOCK, { id: blocked.data!.setNumberBlocked.id, a: false });
    expect(freed.data!.setNumberBlocked).toMatchObject({ is_blacklisted: false, blacklisted_at: null, blacklisted_by: null });
    const again = await receiveInbound(f.sync.messaging, {
      tenantId: f.alpha.tenantId,
      instanceId: f.alpha.instanceId,
      providerMessageId: `wamid.block.${++providerIds}`,
      from: '5511987654321',
      text: 'E agora?',
    });
    expect(again.ticketId).not.toBeNull();
  });

  it('filters by group, favorite and blocked, and files contacts in bulk', async () => {
    const all = (await f.gql<Data>(f.alpha, 'admin', CONTACTS)).data!.contacts.items as Data[];
    const ids = all.filter((c) => ['Ana Clara', 'João Lima'].includes(c.name)).map((c) => c.id);
    const group = await f.gql<Data>(f.alpha, 'admin', 'mutation { createCustomerGroup(name: "VIP", color_tag: "grape") { id name color_tag } }');
    const groupId = group.data!.createCustomerGroup.id;
    const assigned = await f.gql<Data>(f.alpha, 'admin', 'mutation ($ids: [ID!]!, $g: ID) { assignContactsGroup(ids: $ids, group_of_customer_id: $g) }', { ids, g: groupId });
    expect(assigned.data!.assignContactsGroup).toBe(2);
    await f.gql<Data>(f.alpha, 'admin', 'mutation ($ids: [ID!]!) { setContactsFavorite(ids: $ids, is_favorite: true) }', { ids: [ids[0]] });
    const filter = async (filter: Data) => names((await f.gql<Data>(f.alpha, 'admin', CONTACTS, { filter })).data);
    expect(await filter({ group_id: groupId })).toEqual(['Ana Clara', 'João Lima']);
    expect(await filter({ favorite: true })).toHaveLength(1);
    expect(await filter({ blocked: 'campaign' })).toEqual([null]);
    expect(await filter({ group_id: 'none', blocked: 'none' })).toEqual(['Paula']);
    const foreign = await f.gql<Data>(f.beta, 'admin', 'mutation ($ids: [ID!]!) { setContactsFavorite(ids: $ids, is_favorite: true) }', { ids });
    expect(foreign.data!.setContactsFavorite).toBe(0);
  });

  it('renames, recolours and deletes groups; a rename re-sends the group\'s customers to consoles', async () => {
    const groups = (await f.gql<Data>(f.alpha, 'admin', '{ customerGroups { id name } }')).data!.customerGroups as Data[];
    const vip = groups.find((g) => g.name === 'VIP')!;
    const stamp = () =>
      f.database.withTenant(f.alpha.tenantId, (tx) =>
        tx.selectFrom('customers').select(['id', 'change_xid']).where('group_of_customer_id', '=', Number(vip.id)).orderBy('id').execute(),
      );
    const before = await stamp();
    events.length = 0;
    const renamed = await f.gql<Data>(f.alpha, 'admin', 'mutation ($id: ID!) { updateCustomerGroup(id: $id, name: "Clientes VIP", color_tag: "#ff8800") { name color_tag } }', { id: vip.id });
    expect(renamed.data!.updateCustomerGroup).toEqual({ name: 'Clientes VIP', color_tag: '#ff8800' });
    const after = await stamp();
    expect(after.map((r) => r.change_xid)).not.toEqual(before.map((r) => r.change_xid));
    expect(events.map((e) => e.change.kind)).toContain('customer_groups');

    const taken = await f.gql<Data>(f.alpha, 'admin', 'mutation ($id: ID!) { updateCustomerGroup(id: $id, name: "atacado") { name } }', { id: vip.id });
    expect(taken.errors?.[0]?.extensions?.detail).toBe('Já existe um grupo com este nome.');
    const badColour = await f.gql<Data>(f.alpha, 'admin', 'mutation { createCustomerGroup(name: "X", color_tag: "url(x)") { id } }');
    expect(codeOf(badColour)).toBe('VALIDATION');
    expect(codeOf(await f.gql<Data>(f.beta, 'admin', 'mutation ($id: ID!) { deleteCustomerGroup(id: $id) }', { id: vip.id }))).toBe('VALIDATION');
    expect(codeOf(await f.gql<Data>(f.alpha, 'ana', 'mutation { createCustomerGroup(name: "Y") { id } }'))).toBe('FORBIDDEN');

    expect((await f.gql<Data>(f.alpha, 'admin', 'mutation ($id: ID!) { deleteCustomerGroup(id: $id) }', { id: vip.id })).data!.deleteCustomerGroup).toBe(true);
    expect(names((await f.gql<Data>(f.alpha, 'admin', CONTACTS, { filter: { group_id: 'none' } })).data)).toContain('Ana Clara');
  });
});

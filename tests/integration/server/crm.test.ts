import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TenantChange } from '../../../src/shared/domain/tenant-changes';
import { tenantChangeChannel } from '../../../src/server/modules/tenant-changes/tenant-changes';
import { openSyncFixture, type SyncFixture } from './support/sync-fixture';

type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const REASON_FIELDS = 'id name activated requires_note';
const CREATE_REASON = `mutation ($input: CrmReasonInput!) { createCrmReason(input: $input) { ${REASON_FIELDS} } }`;
const UPDATE_REASON = `mutation ($id: ID!, $input: CrmReasonInput!) { updateCrmReason(id: $id, input: $input) { ${REASON_FIELDS} } }`;
const CREATE_CATEGORY = 'mutation ($input: CategoryInput!) { createCategory(input: $input) { id name color tickets_count } }';
const SET_CATEGORIES = 'mutation ($t: ID!, $c: [ID!]!) { setTicketCategories(chat_ticket_id: $t, category_ids: $c) { id name } }';
const FINISH = 'mutation ($id: ID!, $r: ID!, $note: String) { finishChatTicket(id: $id, reason_id: $r, note: $note) { id finished_ticket } }';

describe('CRM: close reasons and categories', () => {
  let f: SyncFixture;
  const changes: TenantChange[] = [];

  beforeAll(async () => {
    f = await openSyncFixture();
    await f.sync.pubsub.subscribe(tenantChangeChannel(f.alpha.tenantId), (event) => changes.push(event as TenantChange));
  });
  afterAll(() => f?.close());

  it('lists on the CRM screen of a tenant that wrote no reasons yet the common ones, the same Finalizar offers', async () => {
    const listed = await f.gql<Data>(f.beta, 'admin', '{ crmReasons { name activated } }');
    expect(listed.errors).toBeUndefined();
    const names = ['Dúvida esclarecida', 'Outros', 'Pedido realizado', 'Reclamação', 'Sem resposta do cliente', 'Troca ou devolução'];
    expect(listed.data!.crmReasons).toEqual(names.map((name) => ({ name, activated: true })));
    const refs = await f.gql<Data>(f.beta, 'admin', 'query ($i: ID!) { attendanceReferences(instance_id: $i) { closing_reasons { name } } }', {
      i: String(f.beta.instanceId),
    });
    expect(refs.data!.attendanceReferences.closing_reasons.map((r: Data) => r.name)).toEqual(names);
    // Listed again, they are not written twice.
    expect((await f.gql<Data>(f.beta, 'admin', '{ crmReasons { id } }')).data!.crmReasons).toHaveLength(names.length);
  });

  it('lets a role with crm/reasons create, edit and list reasons, and announces each change to the tenant', async () => {
    const created = await f.gql<Data>(f.alpha, 'admin', CREATE_REASON, { input: { name: 'Venda concluída', activated: true, requires_note: true } });
    expect(created.errors).toBeUndefined();
    const reason = created.data!.createCrmReason;
    expect(reason).toMatchObject({ name: 'Venda concluída', activated: true, requires_note: true });
    const edited = await f.gql<Data>(f.alpha, 'admin', UPDATE_REASON, { id: reason.id, input: { name: 'Venda concluída', activated: false, requires_note: true } });
    expect(edited.data!.updateCrmReason.activated).toBe(false);
    const active = await f.gql<Data>(f.alpha, 'admin', '{ crmReasons(activated: false) { name } }');
    expect(active.data!.crmReasons).toEqual([{ name: 'Venda concluída' }]);
    await expect.poll(() => changes.filter((c) => c.kind === 'crm_reasons').map((c) => c.id)).toEqual([reason.id, reason.id]);
  });

  it('refuses a duplicate name, an empty name and forbidden characters with the catalogue errors', async () => {
    const duplicate = await f.gql<Data>(f.alpha, 'admin', CREATE_REASON, { input: { name: 'venda CONCLUÍDA', activated: true, requires_note: false } });
    expect(duplicate.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION' });
    const empty = await f.gql<Data>(f.alpha, 'admin', CREATE_CATEGORY, { input: { name: ' ', color: '#ff0000' } });
    expect(empty.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION' });
    const badColor = await f.gql<Data>(f.alpha, 'admin', CREATE_CATEGORY, { input: { name: 'Cor', color: 'red' } });
    expect(badColor.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION' });
    const attack = await f.gql<Data>(f.alpha, 'admin', CREATE_CATEGORY, { input: { name: '<script>', color: '#ff0000' } });
    expect(attack.errors?.[0]?.extensions).toMatchObject({ code: 'ATTACK' });
  });

  it('gives an attendant without the CRM routes nothing, and another tenant nothing of this one', async () => {
    const reason = (await f.gql<Data>(f.alpha, 'admin', CREATE_REASON, { input: { name: 'Só alpha', activated: true, requires_note: false } })).data!.createCrmReason;
    const category = (await f.gql<Data>(f.alpha, 'admin', CREATE_CATEGORY, { input: { name: 'VIP', color: '#AA00ff' } })).data!.createCategory;
    expect(category.color).toBe('#aa00ff');
    for (const [query, variables] of [
      ['{ crmReasons { id } }', {}],
      [CREATE_REASON, { input: { name: 'X', activated: true, requires_note: false } }],
      [UPDATE_REASON, { id: reason.id, input: { name: 'X', activated: true, requires_note: false } }],
      ['mutation ($id: ID!) { deleteCrmReason(id: $id) }', { id: reason.id }],
      [CREATE_CATEGORY, { input: { name: 'X', color: '#000000' } }],
      ['mutation ($id: ID!) { deleteCategory(id: $id) }', { id: category.id }],
      ['query ($id: ID!) { category(id: $id) { id } }', { id: category.id }],
    ] as const) {
      const ana = await f.gql<Data>(f.alpha, 'ana', query, variables);
      expect(ana.errors?.[0]?.extensions?.code, query).toBe('FORBIDDEN');
    }
    // An attendant reads the categories to tag and filter with.
    expect((await f.gql<Data>(f.alpha, 'ana', '{ categories { name } }')).data!.categories).toEqual([{ name: 'VIP' }]);

    const beta = (await f.gql<Data>(f.beta, 'admin', '{ crmReasons { id name } categories { id } }')).data!;
    expect(beta.categories).toEqual([]);
    expect(beta.crmReasons.map((r: Data) => r.id)).not.toContain(reason.id);
    expect(beta.crmReasons.map((r: Data) => r.name)).not.toContain('Só alpha');
    expect((await f.gql<Data>(f.beta, 'admin', 'query ($id: ID!) { crmReason(id: $id) { id } }', { id: reason.id })).data!.crmReason).toBeNull();
    const foreignEdit = await f.gql<Data>(f.beta, 'admin', UPDATE_REASON, { id: reason.id, input: { name: 'Tomado', activated: true, requires_note: false } });
    expect(foreignEdit.errors?.[0]?.extensions?.code).toBe('VALIDATION');
    const foreignDelete = await f.gql<Data>(f.beta, 'admin', 'mutation ($id: ID!) { deleteCategory(id: $id) }', { id: category.id });
    expect(foreignDelete.errors?.[0]?.extensions?.code).toBe('VALIDATION');
    expect((await f.gql<Data>(f.alpha, 'admin', '{ categories { name } }')).data!.categories).toEqual([{ name: 'VIP' }]);
  });

  it('tags a ticket the attendant sees with the tenant’s categories only, and counts it on the category', async () => {
    const inbound = await f.inbound(f.alpha, { from: '11977770001', name: 'Lia', text: 'oi' });
    const categories = (await f.gql<Data>(f.alpha, 'admin', '{ categories { id name } }')).data!.categories as Data[];
    const vip = categories.find((c) => c.name === 'VIP')!;
    const tagged = await f.gql<Data>(f.alpha, 'admin', SET_CATEGORIES, { t: String(inbound.ticketId), c: [vip.id] });
    expect(tagged.errors).toBeUndefined();
    expect(tagged.data!.setTicketCategories).toEqual([{ id: vip.id, name: 'VIP' }]);
    const read = await f.gql<Data>(f.alpha, 'admin', 'query ($t: ID!) { ticketCategories(chat_ticket_id: $t) { name tickets_count } }', { t: String(inbound.ticketId) });
    expect(read.data!.ticketCategories).toEqual([{ name: 'VIP', tickets_count: 1 }]);

    // Carla has no department: an inbox ticket of a department is not hers to see.
    await f.database.withTenant(f.alpha.tenantId, (tx) =>
      tx.updateTable('chat_tickets').set({ inbox_department_id: f.alpha.departments.vendas }).where('tenant_id', '=', f.alpha.tenantId).where('id', '=', inbound.ticketId).execute(),
    );
    const carla = await f.gql<Data>(f.alpha, 'carla', SET_CATEGORIES, { t: String(inbound.ticketId), c: [] });
    expect(carla.errors?.[0]?.extensions?.code).toBe('VALIDATION');
    const betaCategory = (await f.gql<Data>(f.beta, 'admin', CREATE_CATEGORY, { input: { name: 'Beta', color: '#00ff00' } })).data!.createCategory;
    const foreignCategory = await f.gql<Data>(f.alpha, 'admin', SET_CATEGORIES, { t: String(inbound.ticketId), c: [betaCategory.id] });
    expect(foreignCategory.errors?.[0]?.extensions?.code).toBe('VALIDATION');
    const foreignTicket = await f.gql<Data>(f.beta, 'admin', SET_CATEGORIES, { t: String(inbound.ticketId), c: [betaCategory.id] });
    expect(foreignTicket.errors?.[0]?.extensions?.code).toBe('VALIDATION');
  });

  it('offers the console the active reasons with their note rule and the categories, and Finalizar enforces the note', async () => {
    const reason = (await f.gql<Data>(f.alpha, 'admin', CREATE_REASON, { input: { name: 'Com observação', activated: true, requires_note: true } })).data!.createCrmReason;
    const refs = await f.gql<Data>(
      f.alpha,
      'ana',
      'query ($i: ID!) { attendanceReferences(instance_id: $i) { closing_reasons { name requires_note } categories { name color } } }',
      { i: String(f.alpha.instanceId) },
    );
    expect(refs.data!.attendanceReferences.closing_reasons).toContainEqual({ name: 'Com observação', requires_note: true });
    expect(refs.data!.attendanceReferences.closing_reasons.map((r: Data) => r.name)).not.toContain('Venda concluída');
    expect(refs.data!.attendanceReferences.categories).toEqual([{ name: 'VIP', color: '#aa00ff' }]);

    const inbound = await f.inbound(f.alpha, { from: '11977770002', name: 'Rui', text: 'oi' });
    await f.gql(f.alpha, 'admin', 'mutation ($id: ID!) { pickChatTicket(id: $id) { id } }', { id: String(inbound.ticketId) });
    const withoutNote = await f.gql<Data>(f.alpha, 'admin', FINISH, { id: String(inbound.ticketId), r: reason.id, note: '  ' });
    expect(withoutNote.errors?.[0]).toMatchObject({ extensions: { code: 'VALIDATION' } });
    expect(JSON.stringify(withoutNote.errors)).toContain('Este motivo exige uma observação.');
    const withNote = await f.gql<Data>(f.alpha, 'admin', FINISH, { id: String(inbound.ticketId), r: reason.id, note: 'Cliente satisfeito' });
    expect(withNote.errors).toBeUndefined();
    expect(withNote.data!.finishChatTicket.finished_ticket).toBe(true);
    const inUse = await f.gql<Data>(f.alpha, 'admin', 'mutation ($id: ID!) { deleteCrmReason(id: $id) }', { id: reason.id });
    expect(JSON.stringify(inUse.errors)).toContain('desative-o em vez de excluir');
  });
});

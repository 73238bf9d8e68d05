import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CollectionKey } from './support/operations';
import { liveIds, pullAll, pullOnce } from './support/pull';
import { moveToDepartment, openSyncFixture, type Person, type StoredInbound, type SyncFixture } from './support/sync-fixture';

const COLLECTIONS: CollectionKey[] = ['CustomerChat', 'ChatTicket', 'Customer', 'Setting', 'CustomerChatReaction'];

describe('pull visibility and isolation (SPEC §4)', () => {
  let f: SyncFixture;
  const tickets: Record<string, StoredInbound> = {};

  beforeAll(async () => {
    f = await openSyncFixture();
    // alpha: one inbox ticket per department case, one held by Ana, one on the other connection.
    tickets.none = await inboundOn('alpha', '11933330001', 'sem departamento');
    const vendas = (tickets.vendas = await inboundOn('alpha', '11933330002', 'para vendas'));
    await moveToDepartment(f, f.alpha, vendas.ticketId, f.alpha.departments.vendas);
    const suporte = (tickets.suporte = await inboundOn('alpha', '11933330003', 'para suporte'));
    await moveToDepartment(f, f.alpha, suporte.ticketId, f.alpha.departments.suporte);
    tickets.anas = await inboundOn('alpha', '11933330004', 'da Ana');
    await f.database.withTenant(f.alpha.tenantId, (tx) =>
      tx.updateTable('chat_tickets').set({ user_id: f.alpha.userIds.ana, inbox: false }).where('tenant_id', '=', f.alpha.tenantId).where('id', '=', tickets.anas!.ticketId).execute(),
    );
    tickets.other = await f.inbound(f.alpha, { from: '11933330005', text: 'outra conexão', instanceId: f.alpha.otherInstanceId });
    tickets.beta = await inboundOn('beta', '11933330001', 'outra loja');
    await f.database.withTenant(f.alpha.tenantId, (tx) =>
      tx.insertInto('settings').values({ tenant_id: f.alpha.tenantId, instance_id: f.alpha.instanceId, key: 'whatsapp_status', value: 'true' }).execute(),
    );
  });
  afterAll(() => f?.close());

  async function inboundOn(tenant: 'alpha' | 'beta', from: string, text: string) {
    return f.inbound(f[tenant], { from, text });
  }

  const ids = (...names: string[]) => names.map((n) => String(tickets[n]!.ticketId)).sort();
  const messageIds = (...names: string[]) => names.map((n) => String(tickets[n]!.messageId)).sort();
  const customerIds = (...names: string[]) => names.map((n) => String(tickets[n]!.customerId)).sort();

  const expected: Record<Person, string[]> = {
    admin: ['none', 'vendas', 'suporte', 'anas'],
    ana: ['vendas', 'anas'],
    bruno: ['suporte'],
    carla: ['none'],
  };

  it.each(Object.entries(expected) as Array<[Person, string[]]>)('%s pulls exactly the tickets, messages and customers they may see', async (person, names) => {
    expect(liveIds((await pullAll(f, f.alpha, person, 'ChatTicket')).docs)).toEqual(ids(...names));
    expect(liveIds((await pullAll(f, f.alpha, person, 'CustomerChat')).docs)).toEqual(messageIds(...names));
    expect(liveIds((await pullAll(f, f.alpha, person, 'Customer')).docs)).toEqual(customerIds(...names));
    const settings = [...(await pullAll(f, f.alpha, person, 'Setting')).docs.values()];
    expect(settings.map((s) => s.key)).toEqual(['whatsapp_status']);
  });

  it('never answers another tenant’s rows, even for a connection id of that tenant', async () => {
    for (const key of COLLECTIONS) {
      const own = await pullAll(f, f.beta, 'admin', key);
      const foreign = [...own.docs.values()].filter((d) => (d as { instance_id?: string }).instance_id === String(f.alpha.instanceId));
      expect(foreign).toEqual([]);
      const result = await f.gql<Record<string, { documents: unknown[] }>>(
        f.beta,
        'admin',
        `query { pull${key}(checkpoint: null, limit: 10, instance_id: "${f.alpha.instanceId}") { documents { id } } }`,
      );
      expect(result.data?.[`pull${key}`]?.documents ?? []).toEqual([]);
    }
    expect(liveIds((await pullAll(f, f.beta, 'admin', 'ChatTicket')).docs)).toEqual(ids('beta'));
  });

  it('refuses a connection the attendant does not use, and a signed-out caller', async () => {
    const foreign = await f.gql(f.alpha, 'ana', `query { pullChatTicket(checkpoint: null, limit: 10, instance_id: "${f.alpha.otherInstanceId}") { documents { id } } }`);
    expect(foreign.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const anonymous = await f.server.gql(f.alpha.slug, `query { pullChatTicket(checkpoint: null, limit: 10, instance_id: "${f.alpha.instanceId}") { documents { id } } }`);
    expect(anonymous.errors?.[0]?.message).toBe('Unauthorized');
    const admin = liveIds((await pullAll(f, f.alpha, 'admin', 'ChatTicket')).docs);
    expect(admin).not.toContain(String(tickets.other!.ticketId));
  });

  it('turns a department change into a tombstone for those who lose the ticket, and only for them', async () => {
    const before = {
      ana: await pullAll(f, f.alpha, 'ana', 'ChatTicket'),
      bruno: await pullAll(f, f.alpha, 'bruno', 'ChatTicket'),
      carla: await pullAll(f, f.alpha, 'carla', 'ChatTicket'),
      anaCustomers: await pullAll(f, f.alpha, 'ana', 'Customer'),
    };
    await moveToDepartment(f, f.alpha, tickets.vendas!.ticketId, f.alpha.departments.suporte);
    const id = String(tickets.vendas!.ticketId);
    const ana = await pullOnce(f, f.alpha, 'ana', 'ChatTicket', before.ana.checkpoint);
    expect(ana.documents).toEqual([expect.objectContaining({ id, _deleted: true, customer_id: '', protocol: null })]);
    const anaCustomer = await pullOnce(f, f.alpha, 'ana', 'Customer', before.anaCustomers.checkpoint);
    expect(anaCustomer.documents).toEqual([expect.objectContaining({ id: String(tickets.vendas!.customerId), _deleted: true, phone_number: '' })]);
    const bruno = await pullOnce(f, f.alpha, 'bruno', 'ChatTicket', before.bruno.checkpoint);
    expect(bruno.documents).toEqual([expect.objectContaining({ id, _deleted: false, inbox_department_id: String(f.alpha.departments.suporte) })]);
    // Carla never held it, yet its visibility changed after her checkpoint: at most a neutral tombstone.
    const carla = await pullOnce(f, f.alpha, 'carla', 'ChatTicket', before.carla.checkpoint);
    expect(carla.documents.every((d) => d._deleted && d.customer_id === '')).toBe(true);
    // A first pull (no checkpoint) carries no tombstones for rows never seen, beyond the one
    // neutral marker that closes a page ending on skipped rows.
    const fresh = await pullAll(f, f.alpha, 'ana', 'ChatTicket');
    const tombstones = [...fresh.docs.values()].filter((d) => d._deleted);
    expect(tombstones.map((d) => d.id)).toEqual(tombstones.length ? ['0'] : []);
  });

  it('fills a page past rows the viewer may not see, and stores the checkpoint past them', async () => {
    const { checkpoint } = await pullAll(f, f.alpha, 'bruno', 'CustomerChat');
    for (let i = 0; i < 5; i++) await f.inbound(f.alpha, { from: '11933330001', text: `não é do Bruno ${i}` });
    const page = await pullOnce(f, f.alpha, 'bruno', 'CustomerChat', checkpoint, 3);
    // Only skipped rows: one neutral tombstone so that RxDB keeps the advanced checkpoint.
    expect(page.documents).toHaveLength(1);
    expect(page.documents[0]).toMatchObject({ id: '0', _deleted: true, customer_id: '', message: null });
    expect(page.checkpoint!.position).toBeGreaterThan(checkpoint!.position);
    expect(await pullOnce(f, f.alpha, 'bruno', 'CustomerChat', page.checkpoint, 3)).toMatchObject({ documents: [] });
  });

  it('moves a ticket’s visibility position on a visibility change, even one undone at once, and not on a message', async () => {
    const id = String(tickets.none!.ticketId);
    const ticketOf = async () => (await pullAll(f, f.alpha, 'admin', 'ChatTicket')).docs.get(id)!;
    const before = await ticketOf();
    await f.inbound(f.alpha, { from: '11933330001', text: 'mais uma' });
    const afterMessage = await ticketOf();
    expect(afterMessage.last_msg_preview).toBe('mais uma');
    expect(afterMessage.vis_position).toBe(before.vis_position);
    await moveToDepartment(f, f.alpha, tickets.none!.ticketId, f.alpha.departments.vendas);
    await moveToDepartment(f, f.alpha, tickets.none!.ticketId, null);
    const back = await ticketOf();
    expect(back.inbox_department_id).toBeNull();
    expect(back.vis_position).toBeGreaterThan(afterMessage.vis_position as number);
  });
});

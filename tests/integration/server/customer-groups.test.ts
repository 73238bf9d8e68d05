import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSyncFixture, type FixtureTenant, type SyncFixture } from './support/sync-fixture';

type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('customerGroups: the choices of the customer details drawer', () => {
  let f: SyncFixture;

  const addGroups = (tenant: FixtureTenant, groups: Array<{ name: string; color_tag: string | null }>) =>
    f.database.withTenant(tenant.tenantId, (tx) =>
      tx
        .insertInto('customer_groups')
        .values(groups.map((g) => ({ tenant_id: tenant.tenantId, ...g })))
        .execute(),
    );

  beforeAll(async () => {
    f = await openSyncFixture();
    await addGroups(f.alpha, [
      { name: 'Varejo', color_tag: 'blue' },
      { name: 'Atacado', color_tag: 'orange' },
      { name: 'VIP', color_tag: null },
    ]);
    await addGroups(f.beta, [{ name: 'Outra loja', color_tag: 'red' }]);
  });
  afterAll(() => f?.close());

  it("lists the tenant's groups by name, to any attendant, and nothing of another tenant", async () => {
    const query = '{ customerGroups { id name color_tag } }';
    const ana = await f.gql<Data>(f.alpha, 'ana', query);
    expect(ana.errors).toBeUndefined();
    expect(ana.data!.customerGroups.map((g: Data) => [g.name, g.color_tag])).toEqual([
      ['Atacado', 'orange'],
      ['Varejo', 'blue'],
      ['VIP', null],
    ]);
    expect(ana.data!.customerGroups.every((g: Data) => /^\d+$/.test(g.id))).toBe(true);
    const beta = await f.gql<Data>(f.beta, 'admin', query);
    expect(beta.data!.customerGroups.map((g: Data) => g.name)).toEqual(['Outra loja']);
  });

  it('is the group an attendant can then give a customer', async () => {
    const inbound = await f.inbound(f.alpha, { from: '11966661234', name: 'Rita', text: 'oi' });
    const groups = (await f.gql<Data>(f.alpha, 'admin', '{ customerGroups { id name } }')).data!.customerGroups as Data[];
    const vip = groups.find((g) => g.name === 'VIP')!;
    const saved = await f.gql<Data>(
      f.alpha,
      'admin',
      'mutation ($id: ID!, $g: ID) { updateCustomer(id: $id, input: { group_of_customer_id: $g }) { group_of_customer { id name } } }',
      { id: String(inbound.customerId), g: vip.id },
    );
    expect(saved.errors).toBeUndefined();
    expect(saved.data!.updateCustomer.group_of_customer).toEqual({ id: vip.id, name: 'VIP' });
  });
});

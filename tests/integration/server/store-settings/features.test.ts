import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSyncFixture, type SyncFixture } from '../support/sync-fixture';
import { changesDuring, errorOf, giveRoutes, type Data } from './fixture';

const SET = 'mutation ($n: String!, $e: Boolean!) { setFeature(name: $n, enabled: $e) { id name enabled } }';
const GET = '{ getFeature { name enabled } }';

describe('setFeature: the feature flags of configs/dynamic-settings', () => {
  let f: SyncFixture;
  beforeAll(async () => {
    f = await openSyncFixture();
    await giveRoutes(f, f.alpha, 'bruno', ['configs-dynamic-settings']);
  });
  afterAll(() => f?.close());

  const flags = async (tenant = f.alpha) => {
    const rows = (await f.gql<Data>(tenant, 'admin', GET)).data!.getFeature as Array<{ name: string; enabled: boolean }>;
    return Object.fromEntries(rows.map((r) => [r.name, r.enabled]));
  };

  it("turns a flag off and on again, announcing 'features' each time", async () => {
    const changes = await changesDuring(f, f.alpha, async () => {
      const off = await f.gql<Data>(f.alpha, 'admin', SET, { n: 'campaigns', e: false });
      expect(off.data!.setFeature).toMatchObject({ name: 'campaigns', enabled: false });
      expect((await flags()).campaigns).toBe(false);
      await f.gql(f.alpha, 'bruno', SET, { n: 'campaigns', e: true });
    });
    expect((await flags()).campaigns).toBe(true);
    expect(changes.filter((c) => c.kind === 'features')).toHaveLength(2);
  });

  it('creates the row of a flag the tenant never had', async () => {
    await f.database.withTenant(f.alpha.tenantId, (tx) => tx.deleteFrom('features').where('name', '=', 'orders').execute());
    await f.gql(f.alpha, 'admin', SET, { n: 'orders', e: false });
    expect((await flags()).orders).toBe(false);
  });

  it('refuses an unknown name, forbidden characters and a role without the screen, changing nothing', async () => {
    const before = await flags();
    expect(errorOf(await f.gql(f.alpha, 'admin', SET, { n: 'no_such_feature', e: false }))).toMatchObject({ code: 'VALIDATION', field: 'name', detail: 'Recurso desconhecido.' });
    expect(errorOf(await f.gql(f.alpha, 'admin', SET, { n: '<script>x</script>', e: false }))).toMatchObject({ code: 'ATTACK' });
    expect(errorOf(await f.gql(f.alpha, 'ana', SET, { n: 'chat_flows', e: false }))).toMatchObject({ code: 'FORBIDDEN' });
    expect(await flags()).toEqual(before);
  });

  it("never reaches another tenant's flags", async () => {
    const beta = await flags(f.beta);
    await f.gql(f.alpha, 'admin', SET, { n: 'nps_research', e: false });
    expect(await flags(f.beta)).toEqual(beta);
    const withAlphaToken = await f.server.gql(f.beta.slug, SET, { n: 'nps_research', e: false }, f.alpha.tokens.admin);
    expect(withAlphaToken.data).toBeFalsy();
    expect(await flags(f.beta)).toEqual(beta);
  });
});

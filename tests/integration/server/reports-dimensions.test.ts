import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { dayKey } from '../../../src/shared/domain/datetime';
import { metricValue, reportRows, type GroupedSum } from '../../../src/shared/domain/metrics';
import { DEFAULT_OPENING_HOURS } from '../../../src/shared/domain/opening-hours';
import { openSyncFixture, type FixtureTenant, type Person, type SyncFixture } from './support/sync-fixture';

type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SUMS = `query ($f: ReportFilter!, $g: [ReportDimension!]!, $m: [String!]) { reportSums(filter: $f, group_by: $g, metrics: $m) { keys metric count total } }`;

describe('reports (issue 17): categories are CRM ticket categories, campaigns have their names, durations in opening hours', () => {
  let f: SyncFixture;
  let today: string;
  const ids = { entrega: '', troca: '', campaign: 0, both: 0, entregaOnly: 0, none: 0 };

  const gql = (tenant: FixtureTenant, person: Person, query: string, variables: Record<string, unknown> = {}) => f.gql<Data>(tenant, person, query, variables);
  const call = async (query: string, variables: Record<string, unknown> = {}): Promise<Data> => {
    const result = await gql(f.alpha, 'admin', query, variables);
    if (result.errors) throw new Error(JSON.stringify(result.errors));
    return result.data!;
  };
  const sums = async (groupBy: string[], filter: Record<string, unknown> = {}, metrics?: string[]) =>
    (await call(SUMS, { f: { from: today, to: today, ...filter }, g: groupBy, m: metrics })).reportSums as GroupedSum[];
  const saveHours = (openingHours: typeof DEFAULT_OPENING_HOURS) =>
    call('mutation ($i: StoreInfoInput!) { saveStoreInfo(input: $i) { name } }', {
      i: { name: 'Loja Alpha', document: '', address: '', phone: '', logo: '', opening_hours: openingHours },
    });

  beforeAll(async () => {
    f = await openSyncFixture();
    today = dayKey(Date.now());
    const category = async (name: string) => (await call('mutation ($i: CategoryInput!) { createCategory(input: $i) { id } }', { i: { name, color: '#228be6' } })).createCategory.id as string;
    ids.entrega = await category('Entrega');
    ids.troca = await category('Troca');
    const tag = (ticket: number, categories: string[]) =>
      call('mutation ($t: ID!, $c: [ID!]!) { setTicketCategories(chat_ticket_id: $t, category_ids: $c) { id } }', { t: String(ticket), c: categories });

    ids.both = (await f.inbound(f.alpha, { from: '11966660001', text: 'Quero trocar e saber da entrega' })).ticketId;
    ids.entregaOnly = (await f.inbound(f.alpha, { from: '11966660002', text: 'Cadê meu pedido?' })).ticketId;
    ids.none = (await f.inbound(f.alpha, { from: '11966660003', text: 'Oi' })).ticketId;
    await tag(ids.both, [ids.entrega, ids.troca]);
    await tag(ids.entregaOnly, [ids.entrega]);

    // A campaign of the campaigns area (0143), and the ticket its answer opened.
    ids.campaign = await f.database.asOwner(async (db) => {
      const { rows } = await sql<{ id: number }>`insert into campaigns (tenant_id, name, instance_id, message, created_by)
        values (${f.alpha.tenantId}, 'Black Friday', ${f.alpha.instanceId}, 'Ofertas!', ${f.alpha.userIds.admin}) returning id`.execute(db);
      await sql`update chat_tickets set campaign_id = ${rows[0]!.id} where tenant_id = ${f.alpha.tenantId} and id = ${ids.entregaOnly}`.execute(db);
      return rows[0]!.id;
    });
    await f.inbound(f.beta, { from: '11966660009', text: 'Olá' });
  });
  afterAll(() => f?.close());

  it('groups by CRM ticket category: a ticket with two counts in each, one without under "none", and the total once', async () => {
    const byCategory = reportRows(await sums(['category'], {}, ['opened']), ['opened']);
    expect(byCategory.map((r) => [r.keys[0], r.values.opened])).toEqual([
      ['0', 1],
      [ids.entrega, 2],
      [ids.troca, 1],
    ]);
    expect(metricValue('opened', await sums([]))).toBe(3);
    expect(metricValue('opened', await sums([], { category_ids: [ids.troca] }))).toBe(1);
    expect(metricValue('opened', await sums([], { category_ids: ['0'] }))).toBe(1);
    // The drill-down from the category's figure lists the same tickets.
    const behind = await call('query ($f: ReportFilter!) { reportTickets(filter: $f, metric: "opened") { id } }', { f: { from: today, to: today, category_ids: [ids.entrega] } });
    expect(behind.reportTickets.map((t: { id: string }) => Number(t.id)).sort()).toEqual([ids.both, ids.entregaOnly].sort());
  });

  it('moves the figures when a ticket is untagged', async () => {
    await call('mutation ($t: ID!) { setTicketCategories(chat_ticket_id: $t, category_ids: []) { id } }', { t: String(ids.both) });
    expect(metricValue('opened', await sums([], { category_ids: [ids.troca] }))).toBe(0);
    expect(metricValue('opened', await sums([], { category_ids: ['0'] }))).toBe(2);
    await call('mutation ($t: ID!, $c: [ID!]!) { setTicketCategories(chat_ticket_id: $t, category_ids: $c) { id } }', { t: String(ids.both), c: [ids.entrega, ids.troca] });
  });

  it('names categories and campaigns from their own tables, for the tenant only', async () => {
    const names = (await call('{ reportNames { categories { id name } campaigns { id name } } }')).reportNames;
    expect(names.categories).toEqual([
      { id: ids.entrega, name: 'Entrega' },
      { id: ids.troca, name: 'Troca' },
    ]);
    expect(names.campaigns).toEqual([{ id: String(ids.campaign), name: 'Black Friday' }]);
    const byCampaign = await sums(['campaign'], {}, ['opened']);
    expect(byCampaign.find((s) => s.keys[0] === String(ids.campaign))?.count).toBe(1);
    const beta = (await gql(f.beta, 'admin', '{ reportNames { categories { id } campaigns { id } } }')).data!.reportNames;
    expect(beta).toEqual({ categories: [], campaigns: [] });
  });

  it('counts durations in the opening hours when asked, and recomputes them when the hours change', async () => {
    const pick = (id: number) => call('mutation ($id: ID!) { pickChatTicket(id: $id) { id } }', { id: String(id) });
    await pick(ids.none);
    // Waiting for some wall-clock time (whole seconds on the provider's clock are not involved here).
    const wall = await sums([], {}, ['waiting', 'picked']);
    expect(metricValue('picked', wall)).toBe(1);
    expect(metricValue('waiting', wall)).toBeGreaterThan(0);

    // Open every day around the clock: business time is the wall-clock time.
    await saveHours(DEFAULT_OPENING_HOURS.map((d) => ({ ...d, open: true, opens: '00:00', closes: '00:00' })));
    const always = await sums([], { business_hours: true }, ['waiting', 'picked']);
    expect(metricValue('waiting', always)).toBe(metricValue('waiting', wall));

    // Closed every day: no wait counts, though the ticket still counts as picked.
    await saveHours(DEFAULT_OPENING_HOURS.map((d) => ({ ...d, open: false })));
    const closed = await sums([], { business_hours: true }, ['waiting', 'picked']);
    expect(metricValue('picked', closed)).toBe(1);
    expect(metricValue('waiting', closed)).toBe(0);
    // The wall-clock figure is unchanged.
    expect(metricValue('waiting', await sums([], {}, ['waiting']))).toBe(metricValue('waiting', wall));
  });

  it('refuses a token of another tenant on the new filters', async () => {
    const crossed = await f.server.gql(f.beta.slug, SUMS, { f: { from: today, to: today, category_ids: [ids.entrega], business_hours: true }, g: ['category'] }, f.alpha.tokens.admin);
    expect(crossed.data?.reportSums ?? null).toBeNull();
    expect(crossed.errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED');
    const beta = await gql(f.beta, 'admin', SUMS, { f: { from: today, to: today, category_ids: [ids.entrega] }, g: ['category'] });
    expect(beta.data?.reportSums).toEqual([]);
  });
});

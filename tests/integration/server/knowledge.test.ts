import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TenantChange } from '../../../src/shared/domain/tenant-changes';
import { tenantChangeChannel } from '../../../src/server/modules/tenant-changes/tenant-changes';
import { openSyncFixture, type SyncFixture } from './support/sync-fixture';

type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const FIELDS = 'id title body tags attachment_url attachment_name attachment_mimetype updated_by { name } updated_at';
const CREATE = `mutation ($input: KnowledgeArticleInput!) { createKnowledgeArticle(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation ($id: ID!, $input: KnowledgeArticleInput!) { updateKnowledgeArticle(id: $id, input: $input) { ${FIELDS} } }`;
const LIST = `query ($search: String, $tag: String) { knowledgeArticles(search: $search, tag: $tag) { total items { id title tags } } }`;

describe('knowledge base (orders/knowledge/list, knowledge/add, knowledge/edit, composer search)', () => {
  let f: SyncFixture;
  const kinds: string[] = [];
  const codeOf = (result: { errors?: Array<{ extensions?: Record<string, unknown> }> }) => result.errors?.[0]?.extensions?.code;
  const titles = (result: { data?: Data | null }) => (result.data!.knowledgeArticles.items as Data[]).map((a) => a.title);

  beforeAll(async () => {
    f = await openSyncFixture();
    await f.sync.pubsub.subscribe(tenantChangeChannel(f.alpha.tenantId), (event) => void kinds.push((event as TenantChange).kind));
    const articles = [
      { title: 'Prazo de entrega', body: 'Entregamos em *até 3 dias úteis* na capital.', tags: ['Entrega', 'prazo', 'entrega'] },
      { title: 'Troca e devolução', body: 'Você tem _7 dias_ para trocar.', tags: ['trocas'], attachment_url: '/api/file/politica.pdf', attachment_name: 'Política.pdf', attachment_mimetype: 'application/pdf' },
      { title: 'Formas de pagamento', body: 'Pix, cartão e boleto.', tags: [] },
    ];
    for (const input of articles) expect((await f.gql(f.alpha, 'admin', CREATE, { input })).errors).toBeUndefined();
  });
  afterAll(() => f?.close());

  it('lists articles by title and searches title, body and tags; tags are kept once, lower-case', async () => {
    const all = await f.gql<Data>(f.alpha, 'admin', LIST, {});
    expect(titles(all)).toEqual(['Formas de pagamento', 'Prazo de entrega', 'Troca e devolução']);
    expect(all.data!.knowledgeArticles.items[1].tags).toEqual(['entrega', 'prazo']);
    expect(titles(await f.gql<Data>(f.alpha, 'admin', LIST, { search: 'PIX' }))).toEqual(['Formas de pagamento']);
    expect(titles(await f.gql<Data>(f.alpha, 'admin', LIST, { search: 'dias trocar' }))).toEqual(['Troca e devolução']);
    expect(titles(await f.gql<Data>(f.alpha, 'admin', LIST, { search: 'prazo' }))).toEqual(['Prazo de entrega']);
    expect(titles(await f.gql<Data>(f.alpha, 'admin', LIST, { tag: 'Trocas' }))).toEqual(['Troca e devolução']);
    expect((await f.gql<Data>(f.alpha, 'admin', '{ knowledgeTags }')).data!.knowledgeTags).toEqual(['entrega', 'prazo', 'trocas']);
    expect(kinds.filter((kind) => kind === 'knowledge')).toHaveLength(3);
  });

  it('lets an attendant search from the composer but not write', async () => {
    const ana = await f.gql<Data>(f.alpha, 'ana', LIST, { search: 'entrega' });
    expect(titles(ana)).toEqual(['Prazo de entrega']);
    expect(codeOf(await f.gql<Data>(f.alpha, 'ana', CREATE, { input: { title: 'x', body: 'y' } }))).toBe('FORBIDDEN');
    await f.database.withTenant(f.alpha.tenantId, (tx) => tx.updateTable('roles').set({ has_permission_routes: [] }).where('name', '=', 'atendente').execute());
    expect(codeOf(await f.gql<Data>(f.alpha, 'ana', LIST, {}))).toBe('FORBIDDEN');
    await f.database.withTenant(f.alpha.tenantId, (tx) => tx.updateTable('roles').set({ has_permission_routes: ['chat-attendance'] }).where('name', '=', 'atendente').execute());
  });

  it('edits with who and when, refuses bad input and forbidden characters without storing, and deletes', async () => {
    const id = (await f.gql<Data>(f.alpha, 'admin', LIST, { search: 'pagamento' })).data!.knowledgeArticles.items[0].id;
    const edited = await f.gql<Data>(f.alpha, 'admin', UPDATE, { id, input: { title: 'Pagamento', body: 'Pix e cartão.', tags: ['pagamento'] } });
    expect(edited.data!.updateKnowledgeArticle).toMatchObject({ title: 'Pagamento', updated_by: { name: 'Admin' }, attachment_url: null });
    expect(codeOf(await f.gql<Data>(f.alpha, 'admin', UPDATE, { id, input: { title: '  ', body: 'x' } }))).toBe('VALIDATION');
    const external = await f.gql<Data>(f.alpha, 'admin', UPDATE, { id, input: { title: 'a', body: 'b', attachment_url: 'https://evil.test/x.pdf' } });
    expect(external.errors?.[0]?.extensions?.field).toBe('attachment_url');
    expect(codeOf(await f.gql<Data>(f.alpha, 'admin', UPDATE, { id, input: { title: '<b>', body: 'b' } }))).toBe('ATTACK');
    const stored = await f.gql<Data>(f.alpha, 'admin', `query ($id: ID!) { knowledgeArticle(id: $id) { title body } }`, { id });
    expect(stored.data!.knowledgeArticle).toEqual({ title: 'Pagamento', body: 'Pix e cartão.' });

    expect((await f.gql<Data>(f.alpha, 'admin', 'mutation ($id: ID!) { deleteKnowledgeArticle(id: $id) }', { id })).data!.deleteKnowledgeArticle).toBe(true);
    expect(titles(await f.gql<Data>(f.alpha, 'admin', LIST, {}))).toEqual(['Prazo de entrega', 'Troca e devolução']);
  });

  it('shows another tenant nothing and lets it change nothing', async () => {
    const alphaId = (await f.gql<Data>(f.alpha, 'admin', LIST, {})).data!.knowledgeArticles.items[0].id;
    expect((await f.gql<Data>(f.beta, 'admin', LIST, {})).data!.knowledgeArticles.total).toBe(0);
    expect((await f.gql<Data>(f.beta, 'admin', `query ($id: ID!) { knowledgeArticle(id: $id) { id } }`, { id: alphaId })).data!.knowledgeArticle).toBeNull();
    expect(codeOf(await f.gql<Data>(f.beta, 'admin', UPDATE, { id: alphaId, input: { title: 'Invadido', body: 'x' } }))).toBe('VALIDATION');
    expect(codeOf(await f.gql<Data>(f.beta, 'admin', 'mutation ($id: ID!) { deleteKnowledgeArticle(id: $id) }', { id: alphaId }))).toBe('VALIDATION');
    expect(titles(await f.gql<Data>(f.alpha, 'admin', LIST, {}))).toEqual(['Prazo de entrega', 'Troca e devolução']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OPENING_HOURS } from '../../../../src/shared/domain/opening-hours';
import type { ChannelServices } from '../../../../src/server/channels/channel-services';
import { openSyncFixture, type FixtureTenant, type Person, type SyncFixture } from '../support/sync-fixture';
import { changesDuring, errorOf, giveRoutes, type Data } from './fixture';

const INFO = 'name document address phone logo open_now opening_hours { day open opens closes }';
const SAVE_INFO = `mutation ($s: StoreInfoInput!) { saveStoreInfo(input: $s) { ${INFO} } }`;
const TERMS = '{ termsDocuments { id file name size created_by_name } }';
const ADD_TERMS = 'mutation ($f: String!, $n: String!) { addTermsDocument(file: $f, name: $n) { id name size } }';
const VIDEOS = '{ trainingVideos { id title url description } }';
const STARS = '{ starredPages { url title is_bookmarked } }';
const STAR = 'mutation ($u: String!, $t: String!, $b: Boolean!) { setStarredPage(url: $u, title: $t, is_bookmarked: $b) { url title } }';

describe('store info, terms of use, training videos, starred pages and quick answers', () => {
  let f: SyncFixture;
  let media: ChannelServices['media'];
  beforeAll(async () => {
    f = await openSyncFixture();
    media = (f.server.app.deps.services.channels as ChannelServices).media;
    await giveRoutes(f, f.alpha, 'bruno', ['configs-contract-proposal-pdf', 'help-training-videos', 'configs-quick-answers']);
  });
  afterAll(() => f?.close());

  const gql = (person: Person, query: string, variables: Record<string, unknown> = {}, tenant: FixtureTenant = f.alpha) => f.gql<Data>(tenant, person, query, variables);
  const store = { name: 'Loja Alfa', document: '11.222.333/0001-81', address: 'Rua A, 1', phone: '(11) 3333-4444', opening_hours: DEFAULT_OPENING_HOURS, logo: '' };

  describe('storeInfo / saveStoreInfo', () => {
    it('is saved by the administrador (digits only), read by every attendant, and announced', async () => {
      const changes = await changesDuring(f, f.alpha, async () => {
        const saved = await gql('admin', SAVE_INFO, { s: store });
        expect(saved.data!.saveStoreInfo).toMatchObject({ name: 'Loja Alfa', document: '11222333000181', phone: '1133334444' });
      });
      expect(changes.map((c) => c.kind)).toEqual(['store_info']);
      const read = await gql('ana', `{ storeInfo { ${INFO} } }`);
      expect(read.data!.storeInfo).toMatchObject({ name: 'Loja Alfa', address: 'Rua A, 1' });
      expect(read.data!.storeInfo.opening_hours).toHaveLength(7);
      expect(typeof read.data!.storeInfo.open_now).toBe('boolean');
    });

    it('is not changed by an attendant, nor by bad input; another tenant sees its own', async () => {
      expect(errorOf(await gql('ana', SAVE_INFO, { s: { ...store, name: 'Da Ana' } }))).toMatchObject({ code: 'FORBIDDEN' });
      expect(errorOf(await gql('admin', SAVE_INFO, { s: { ...store, document: '11.222.333/0001-00' } }))).toMatchObject({ code: 'VALIDATION', field: 'document', detail: 'Informe um CNPJ válido (14 dígitos).' });
      expect(errorOf(await gql('admin', SAVE_INFO, { s: { ...store, opening_hours: [{ day: 1, open: true, opens: '8h', closes: '18:00' }] } }))).toMatchObject({ code: 'VALIDATION' });
      expect(errorOf(await gql('admin', SAVE_INFO, { s: { ...store, name: '<b>Loja</b>' } }))).toMatchObject({ code: 'ATTACK' });
      expect((await gql('admin', '{ storeInfo { name } }')).data!.storeInfo.name).toBe('Loja Alfa');
      expect((await gql('admin', '{ storeInfo { name } }', {}, f.beta)).data!.storeInfo.name).toBe('');
    });
  });

  describe('termsDocuments / addTermsDocument', () => {
    const pdf = (tenant: FixtureTenant, type = 'application/pdf') => media.put(tenant.tenantId, new TextEncoder().encode('%PDF-1.4 termos'), type);

    it('keeps every uploaded PDF as a version, newest first, with who sent it', async () => {
      const first = await pdf(f.alpha);
      const second = await pdf(f.alpha);
      expect(errorOf(await gql('admin', ADD_TERMS, { f: first.name, n: 'Termos 2025' }))).toBeUndefined();
      expect(errorOf(await gql('bruno', ADD_TERMS, { f: second.name, n: 'Termos 2026' }))).toBeUndefined();
      const list = (await gql('admin', TERMS)).data!.termsDocuments as Data[];
      expect(list.map((d) => [d.name, d.created_by_name, d.size])).toEqual([
        ['Termos 2026', 'Bruno', 15],
        ['Termos 2025', 'Admin', 15],
      ]);
    });

    it('refuses a file that is not a PDF, a file of another tenant, a role without the screen, and bad names', async () => {
      const image = await pdf(f.alpha, 'image/png');
      expect(errorOf(await gql('admin', ADD_TERMS, { f: image.name, n: 'Imagem' }))).toMatchObject({ code: 'VALIDATION', field: 'file', detail: 'O arquivo precisa ser um PDF.' });
      const theirs = await pdf(f.beta);
      expect(errorOf(await gql('admin', ADD_TERMS, { f: theirs.name, n: 'Alheio' }))).toMatchObject({ code: 'VALIDATION', field: 'file' });
      const mine = await pdf(f.alpha);
      expect(errorOf(await gql('ana', ADD_TERMS, { f: mine.name, n: 'Da Ana' }))).toMatchObject({ code: 'FORBIDDEN' });
      expect(errorOf(await gql('ana', TERMS))).toMatchObject({ code: 'FORBIDDEN' });
      expect(errorOf(await gql('admin', ADD_TERMS, { f: mine.name, n: 'Termos | novos' }))).toMatchObject({ code: 'ATTACK' });
      expect((await gql('admin', TERMS)).data!.termsDocuments).toHaveLength(2);
      expect((await gql('admin', TERMS, {}, f.beta)).data!.termsDocuments).toEqual([]);
    });
  });

  describe('trainingVideos', () => {
    const CREATE = 'mutation ($t: String!, $u: String!, $d: String) { createTrainingVideo(title: $t, url: $u, description: $d) { id title url description } }';

    it('are managed by the administrador and watched by a role with the help page', async () => {
      const changes = await changesDuring(f, f.alpha, async () => {
        const created = await gql('admin', CREATE, { t: 'Como assumir', u: 'https://youtu.be/dQw4w9WgXcQ', d: 'Da fila ao atendimento' });
        const id = created.data!.createTrainingVideo.id as string;
        await gql('admin', 'mutation ($id: ID!) { updateTrainingVideo(id: $id, title: "Como assumir um atendimento", url: "https://youtu.be/dQw4w9WgXcQ", description: "") { id } }', { id });
      });
      expect(changes.map((c) => c.kind)).toEqual(['help', 'help']);
      expect((await gql('bruno', VIDEOS)).data!.trainingVideos).toEqual([
        expect.objectContaining({ title: 'Como assumir um atendimento', url: 'https://youtu.be/dQw4w9WgXcQ', description: null }),
      ]);
    });

    it('refuses other roles, script links and another tenant', async () => {
      expect(errorOf(await gql('bruno', CREATE, { t: 'Da Bruno', u: 'https://youtu.be/x' }))).toMatchObject({ code: 'FORBIDDEN' });
      expect(errorOf(await gql('ana', VIDEOS))).toMatchObject({ code: 'FORBIDDEN' });
      expect(errorOf(await gql('admin', CREATE, { t: 'Link', u: 'ftp://example.com/v.mp4' }))).toMatchObject({ code: 'VALIDATION', field: 'url' });
      expect(errorOf(await gql('admin', CREATE, { t: 'Link', u: 'javascript:alert(1)' }))).toMatchObject({ code: 'ATTACK' });
      const [video] = (await gql('admin', VIDEOS)).data!.trainingVideos as Data[];
      expect(errorOf(await gql('admin', 'mutation ($id: ID!) { deleteTrainingVideo(id: $id) }', { id: video!.id }, f.beta))).toMatchObject({ code: 'NOT_FOUND' });
      expect((await gql('admin', VIDEOS, {}, f.beta)).data!.trainingVideos).toEqual([]);
      expect((await gql('admin', 'mutation ($id: ID!) { deleteTrainingVideo(id: $id) }', { id: video!.id })).data!.deleteTrainingVideo).toBe(true);
      expect((await gql('admin', VIDEOS)).data!.trainingVideos).toEqual([]);
    });
  });

  describe('starredPages / setStarredPage', () => {
    it("keeps each user's own stars in the order starred, across sign-ins", async () => {
      await gql('ana', STAR, { u: '/alpha/chat/attendance', t: 'Atendimentos', b: true });
      await gql('ana', STAR, { u: '/alpha/help/rules', t: 'Regras de uso', b: true });
      await gql('ana', STAR, { u: '/alpha/chat/attendance', t: 'Atendimentos', b: true });
      await gql('carla', STAR, { u: '/alpha/help/support', t: 'Suporte', b: true });
      expect((await gql('ana', STARS)).data!.starredPages.map((p: Data) => p.url)).toEqual(['/alpha/chat/attendance', '/alpha/help/rules']);
      await gql('ana', STAR, { u: '/alpha/chat/attendance', t: 'Atendimentos', b: false });
      expect((await gql('ana', STARS)).data!.starredPages).toEqual([{ url: '/alpha/help/rules', title: 'Regras de uso', is_bookmarked: true }]);
      expect((await gql('carla', STARS)).data!.starredPages.map((p: Data) => p.url)).toEqual(['/alpha/help/support']);
      expect((await f.server.gql(f.beta.slug, STARS, {}, f.alpha.tokens.ana)).data).toBeFalsy();
      expect((await gql('ana', STARS, {}, f.beta)).data!.starredPages).toEqual([]);
      expect((await gql('admin', STARS, {}, f.beta)).data!.starredPages).toEqual([]);
    });

    it('refuses addresses that are not pages of the app', async () => {
      expect(errorOf(await gql('ana', STAR, { u: 'https://evil.example/x', t: 'Fora', b: true }))).toMatchObject({ code: 'VALIDATION', field: 'url' });
      expect(errorOf(await gql('ana', STAR, { u: '/alpha/<x>', t: 'X', b: true }))).toMatchObject({ code: 'ATTACK' });
      expect((await gql('ana', STARS)).data!.starredPages).toHaveLength(1);
      expect(errorOf(await f.server.gql(f.alpha.slug, STARS, {}, undefined))).toMatchObject({ code: 'UNAUTHORIZED' });
    });
  });

  describe('quick answers (configs/quick-answers)', () => {
    it("are edited by a role with configs/quick-answers, announced as 'quick_answers', and refused to others", async () => {
      const changes = await changesDuring(f, f.alpha, async () => {
        const created = await gql('bruno', 'mutation { createMessageTemplate(identifier: "pix", value: "Nossa chave Pix é o CNPJ.") { id } }');
        expect(errorOf(created)).toBeUndefined();
      });
      expect(changes).toEqual([{ kind: 'quick_answers', id: expect.any(String) }]);
      expect(errorOf(await gql('ana', 'mutation { createMessageTemplate(identifier: "x", value: "y") { id } }'))).toMatchObject({ code: 'FORBIDDEN' });
      expect(errorOf(await gql('admin', 'mutation { createMessageTemplate(identifier: "x", value: "a <b>") { id } }'))).toMatchObject({ code: 'ATTACK' });
      expect((await gql('ana', '{ messageTemplates { identifier } }')).data!.messageTemplates).toEqual([{ identifier: 'pix' }]);
      expect((await gql('admin', '{ messageTemplates { identifier } }', {}, f.beta)).data!.messageTemplates).toEqual([]);
    });
  });
});

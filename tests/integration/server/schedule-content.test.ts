import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTimestamp } from '../../../src/shared/domain/datetime';
import type { JobQueue } from '../../../src/server/jobs/job-queue';
import { fixtureJson } from '../../helpers/cloud-api-fixtures';
import { openSyncFixture, type SyncFixture } from './support/sync-fixture';

type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const FIELDS = 'id status message failure_reason template { name language components } attachment { url kind name mimetype }';
const CREATE = `mutation ($i: ID!, $c: ID!, $m: String, $at: String!, $t: ScheduledTemplateInput, $a: ScheduledAttachmentInput) {
  createScheduledMessage(instance_id: $i, customer_id: $c, message: $m, send_at: $at, template: $t, attachment: $a) { ${FIELDS} }
}`;
const UPDATE = `mutation ($id: ID!, $m: String, $a: ScheduledAttachmentInput, $r: Boolean) {
  updateScheduledMessage(id: $id, message: $m, attachment: $a, remove_attachment: $r) { ${FIELDS} }
}`;
const LIST = `query { scheduledMessages { ${FIELDS} } }`;
// A 1×1 PNG.
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const BODY = [{ type: 'BODY', text: 'Olá {{1}}, seu pedido {{2}} saiu para entrega.' }];
const PARAMS = [{ type: 'body', parameters: [{ type: 'text', text: 'Clara' }, { type: 'text', text: '#77' }] }];

// A header variable, three body variables and a link button's suffix (Meta's fixtures).
const CONFIRMATION = fixtureJson<{ data: Array<{ name: string; components: unknown[] }> }>('templates-list-response.json').data.find((t) => t.name === 'confirmacao_pedido')!;
const CONFIRMATION_PARAMS = fixtureJson<{ template: { components: Data[] } }>('send-template-request.json').template.components.filter((c) => c.sub_type !== 'quick_reply');

const inSeconds = (s: number) => formatTimestamp(Date.now() + s * 1000);

/** Issue 15 §3: a schedule may be an approved template on an official connection, or carry a file. */
describe('scheduled messages with a template or an attachment', () => {
  let f: SyncFixture;
  let jobs: JobQueue;
  let customerId: number;
  let officialId: number;

  const create = (vars: { i?: number; m?: string | null; at?: string; t?: Data; a?: Data }, tenant = f?.alpha) =>
    f.gql<Data>(tenant, 'admin', CREATE, { i: String(vars.i ?? tenant.instanceId), c: String(customerId), m: vars.m ?? null, at: vars.at ?? inSeconds(3600), t: vars.t, a: vars.a });
  const byId = async (id: string) => ((await f.gql<Data>(f.alpha, 'admin', LIST, {})).data!.scheduledMessages as Data[]).find((s) => s.id === id)!;
  const sentMessage = (id: string) =>
    f.database.withTenant(f.alpha.tenantId, (tx) =>
      tx.selectFrom('customer_chats').selectAll().where('tenant_id', '=', f.alpha.tenantId).where('hash', '=', `schedule:${f.alpha.tenantId}:${id}`).execute(),
    );

  beforeAll(async () => {
    f = await openSyncFixture();
    jobs = f.server.app.deps.services.jobs!;
    await jobs.start();
    customerId = (await f.inbound(f.alpha, { from: '11955550002', name: 'Clara', text: 'oi' })).customerId;
    officialId = f.alpha.otherInstanceId;
    await f.database.asOwner(async (db) => {
      await db
        .updateTable('instances')
        .set({ channel: 'cloud-api', official_phone_id: '1000', official_token: 'token', waba_id: '2000', activated: true })
        .where('id', '=', officialId)
        .execute();
      await db
        .insertInto('whatsapp_templates')
        .values([
          { tenant_id: f.alpha.tenantId, instance_id: officialId, provider_id: 't1', name: 'pedido_enviado', language: 'pt_BR', status: 'APPROVED', components: JSON.stringify(BODY) },
          { tenant_id: f.alpha.tenantId, instance_id: officialId, provider_id: 't2', name: 'promo_pendente', language: 'pt_BR', status: 'PENDING', components: JSON.stringify(BODY) },
          { tenant_id: f.alpha.tenantId, instance_id: officialId, provider_id: 't3', name: 'confirmacao_pedido', language: 'pt_BR', status: 'APPROVED', components: JSON.stringify(CONFIRMATION.components) },
        ])
        .execute();
    });
  });
  afterAll(async () => {
    await jobs?.stop();
    await f?.close();
  });

  it('refuses a template on a sandbox connection, one not approved, and a message with nothing to send', async () => {
    const sandbox = await create({ t: { name: 'pedido_enviado', language: 'pt_BR', components: PARAMS } });
    expect(sandbox.errors?.[0]?.extensions?.detail).toBe('Modelos do WhatsApp só podem ser agendados em uma conexão oficial.');
    const pending = await create({ i: officialId, t: { name: 'promo_pendente', language: 'pt_BR' } });
    expect(pending.errors?.[0]?.extensions?.detail).toBe('Escolha um modelo aprovado desta conexão.');
    const empty = await create({});
    expect(empty.errors?.[0]?.extensions?.detail).toBe('Escreva a mensagem.');
    const badKind = await create({ m: 'x', a: { kind: 'sticker', file_url: PNG } });
    expect(badKind.errors?.[0]?.extensions?.code).toBe('VALIDATION');
  });

  it('refuses a template whose header, body or link-button variables are left unfilled, as Meta would when it is due', async () => {
    const template = (components: Data[]) => ({ i: officialId, t: { name: 'confirmacao_pedido', language: 'pt_BR', components } });
    const missing = 'Preencha todas as variáveis do modelo.';
    const bodyOnly = await create(template(CONFIRMATION_PARAMS.filter((c) => c.type === 'body')));
    expect(bodyOnly.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION', detail: missing });
    const noButton = await create(template(CONFIRMATION_PARAMS.filter((c) => c.type !== 'button')));
    expect(noButton.errors?.[0]?.extensions?.detail).toBe(missing);
    const blankHeader = await create(template(CONFIRMATION_PARAMS.map((c) => (c.type === 'header' ? { type: 'header', parameters: [{ type: 'text', text: '  ' }] } : c))));
    expect(blankHeader.errors?.[0]?.extensions?.detail).toBe(missing);
    const shortBody = await create(template(CONFIRMATION_PARAMS.map((c) => (c.type === 'body' ? { type: 'body', parameters: c.parameters.slice(0, 2) } : c))));
    expect(shortBody.errors?.[0]?.extensions?.detail).toBe(missing);

    const full = await create(template(CONFIRMATION_PARAMS));
    expect(full.errors).toBeUndefined();
    expect(full.data!.createScheduledMessage).toMatchObject({
      message: 'Olá Cliente Teste, seu pedido PED-0001 foi confirmado e será entregue em 2 dias úteis.',
      template: { name: 'confirmacao_pedido', components: CONFIRMATION_PARAMS },
    });
  });

  it('sends an approved template once at its time on an official connection, outside the 24-hour window', async () => {
    // The customer last wrote two days ago: free text would be refused, a template is allowed.
    await f.database.asOwner((db) => db.updateTable('customer_chats').set({ sent_at: new Date(Date.now() - 2 * 86_400_000) }).where('customer_id', '=', customerId).execute());
    const created = await create({ i: officialId, at: inSeconds(1), t: { name: 'pedido_enviado', language: 'pt_BR', components: PARAMS } });
    expect(created.errors).toBeUndefined();
    const schedule = created.data!.createScheduledMessage;
    expect(schedule).toMatchObject({ message: 'Olá Clara, seu pedido #77 saiu para entrega.', template: { name: 'pedido_enviado', language: 'pt_BR' } });
    await expect.poll(async () => (await byId(schedule.id)).status, { timeout: 6000, interval: 100 }).toBe('enviada');
    const [message, ...more] = await sentMessage(schedule.id);
    expect(more).toHaveLength(0);
    expect(message).toMatchObject({ type: 'template', message: 'Olá Clara, seu pedido #77 saiu para entrega.' });
    await f.sync.dispatcher.drain();
    const sent = f.sender.sent.filter((item) => item.instance.id === officialId);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.message).toMatchObject({ type: 'template', hash: `schedule:${f.alpha.tenantId}:${schedule.id}` });
    // What the Cloud API channel asks Meta for, found by the message's hash.
    const asked = await f.database.withTenant(f.alpha.tenantId, (tx) =>
      tx.selectFrom('template_sends').selectAll().where('tenant_id', '=', f.alpha.tenantId).where('hash', '=', `schedule:${f.alpha.tenantId}:${schedule.id}`).execute(),
    );
    expect(asked).toMatchObject([{ name: 'pedido_enviado', language: 'pt_BR', components: PARAMS }]);
  });

  it('sends a file with the text as its caption, and an edit keeps or drops the file', async () => {
    await f.inbound(f.alpha, { from: '11955550002', name: 'Clara', text: 'pode mandar a foto' });
    const created = await create({ m: 'Foto do seu pedido', at: inSeconds(1), a: { kind: 'image', file_url: PNG, file_name: 'pedido.png' } });
    expect(created.errors).toBeUndefined();
    const schedule = created.data!.createScheduledMessage;
    expect(schedule.attachment).toMatchObject({ kind: 'image', name: 'pedido.png', mimetype: 'image/png' });
    expect(schedule.attachment.url).toMatch(/^\/api\/file\//);
    await expect.poll(async () => (await byId(schedule.id)).status, { timeout: 6000, interval: 100 }).toBe('enviada');
    const [message, ...more] = await sentMessage(schedule.id);
    expect(more).toHaveLength(0);
    expect(message).toMatchObject({ type: 'image', caption: 'Foto do seu pedido', media_url: schedule.attachment.url });

    const later = (await create({ m: 'Segue o boleto', a: { kind: 'document', file_url: PNG, file_name: 'boleto.png' } })).data!.createScheduledMessage;
    const retexted = (await f.gql<Data>(f.alpha, 'admin', UPDATE, { id: later.id, m: 'Segue o boleto atualizado' })).data!.updateScheduledMessage;
    expect(retexted).toMatchObject({ message: 'Segue o boleto atualizado', attachment: { kind: 'document', name: 'boleto.png' } });
    const dropped = (await f.gql<Data>(f.alpha, 'admin', UPDATE, { id: later.id, r: true })).data!.updateScheduledMessage;
    expect(dropped).toMatchObject({ message: 'Segue o boleto atualizado', attachment: null });
  });

  it('keeps another tenant from attaching to or reading these schedules', async () => {
    const mine = (await create({ m: 'Só nosso', a: { kind: 'image', file_url: PNG } })).data!.createScheduledMessage;
    const foreign = await f.gql<Data>(f.beta, 'admin', UPDATE, { id: mine.id, a: { kind: 'image', file_url: PNG } });
    expect(foreign.errors?.[0]?.extensions?.code).toBe('VALIDATION');
    expect((await f.gql<Data>(f.beta, 'admin', LIST, {})).data!.scheduledMessages).toEqual([]);
    // A file of another tenant cannot be attached by its name.
    const stolen = await f.gql<Data>(f.beta, 'admin', CREATE, { i: String(f.beta.instanceId), c: String(customerId), m: 'x', at: inSeconds(60), a: { kind: 'image', file_url: mine.attachment.url } });
    expect(stolen.errors?.[0]?.extensions?.code).toBe('VALIDATION');
  });
});

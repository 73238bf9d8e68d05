import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instancesChannel } from '../../../src/server/modules/instances/instance-events';
import { fixtureJson, TEST_PHONE_NUMBER_ID, TEST_WABA_ID } from '../../helpers/cloud-api-fixtures';
import { FakeCloudApi } from '../../helpers/fake-cloud-api';
import { eventually, openChannelServer, type ChannelServer } from './support/channel-server';

const FIELDS = 'id name channel activated phone_number official_token official_phone_id waba_id messaging_limit webhook_path simulator_path';

describe('connections and templates over GraphQL', () => {
  const fake = new FakeCloudApi();
  let s: ChannelServer;
  let ana: string;
  beforeAll(async () => {
    await fake.start();
    s = await openChannelServer({ cloudApiBaseUrl: fake.baseUrl });
    ana = (await s.server.signIn('demo', 'ana@demo.local')).token;
  });
  afterAll(async () => {
    await s?.close();
    await fake.stop();
  });

  const gql = <T = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}, token = s.adminToken) => s.server.gql<T>('demo', query, variables, token);
  let cloudId = '';

  it('creates connections: a sandbox one gets a number; a Cloud API one starts down', async () => {
    const sandbox = await gql<{ createInstance: Record<string, unknown> }>(`mutation { createInstance(name: "Loja 2") { ${FIELDS} } }`);
    expect(sandbox.data?.createInstance).toMatchObject({ channel: 'sandbox', activated: false, webhook_path: null });
    expect(sandbox.data?.createInstance.phone_number).toMatch(/^551190\d{7}$/);
    expect(sandbox.data?.createInstance.simulator_path).toMatch(/^\/sandbox\?tenant=demo&instance=\d+$/);
    const cloud = await gql<{ createInstance: Record<string, unknown> }>(`mutation { createInstance(name: "Oficial", channel: "cloud-api") { ${FIELDS} } }`);
    cloudId = String(cloud.data?.createInstance.id);
    expect(cloud.data?.createInstance).toMatchObject({ channel: 'cloud-api', activated: false, webhook_path: `/webhooks/whatsapp/demo/${cloudId}` });
  });

  it('refuses connection management to an attendant without the route', async () => {
    const result = await gql(`mutation { createInstance(name: "X") { id } }`, {}, ana);
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('never shows the token back in full, and keeps it when the form sends the mask back', async () => {
    const update = `mutation ($id: ID!, $t: String) { updateInstance(id: $id, official_token: $t, official_phone_id: "${TEST_PHONE_NUMBER_ID}", waba_id: "${TEST_WABA_ID}", messaging_limit: "10 mil") { ${FIELDS} } }`;
    const first = await gql<{ updateInstance: Record<string, string> }>(update, { id: cloudId, t: 'EXPIRED' });
    expect(first.data?.updateInstance).toMatchObject({ official_token: '••••••••IRED', messaging_limit: '10000' });
    await gql(update, { id: cloudId, t: first.data!.updateInstance.official_token });
    const stored = await s.server.database.withTenant(s.tenantId, (tx) => tx.selectFrom('instances').select('official_token').where('id', '=', Number(cloudId)).executeTakeFirstOrThrow());
    // Sealed at rest (issue 13): the row holds no plaintext, and the server's key opens it to the kept value.
    expect(stored.official_token).not.toContain('EXPIRED');
    expect(s.server.app.deps.services.secrets.open(stored.official_token!)).toBe('EXPIRED');
  });

  it('brings a Cloud API connection up only when Meta accepts its token', async () => {
    const connect = `mutation ($id: ID!) { updateInstanceIntegration(id: $id) { activated phone_number } }`;
    const refused = await gql(connect, { id: cloudId });
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION' });
    const check = await gql<{ checkInstanceIntegration: { ok: boolean } }>(`mutation ($id: ID!) { checkInstanceIntegration(id: $id) { ok message } }`, { id: cloudId });
    expect(check.data?.checkInstanceIntegration.ok).toBe(false);

    await gql(`mutation ($id: ID!) { updateInstance(id: $id, official_token: "TEST_TOKEN") { id } }`, { id: cloudId });
    const events: unknown[] = [];
    const unsubscribe = await s.channels.pubsub.subscribe(instancesChannel(s.tenantId), (event) => events.push(event));
    const up = await gql<{ updateInstanceIntegration: { activated: boolean; phone_number: string } }>(connect, { id: cloudId });
    expect(up.data?.updateInstanceIntegration).toEqual({ activated: true, phone_number: '5511900000000' });
    await eventually(async () => events.length > 0);
    expect(events[0]).toEqual({ instance_id: Number(cloudId), dropped: false });
    await unsubscribe();
  });

  it('lists what each user may use, with filters and remove_ids', async () => {
    const all = await gql<{ instances: Array<{ id: string; name: string }> }>(`{ instances { id name } }`);
    expect(all.data?.instances.map((i) => i.name)).toEqual(['Atendimento com robô', 'Loja 2', 'Oficial', 'WhatsApp Loja Demo']);
    const mine = await gql<{ instances: Array<{ name: string }> }>(`{ instances { name } }`, {}, ana);
    expect(mine.data?.instances.map((i) => i.name)).toEqual(['Atendimento com robô', 'WhatsApp Loja Demo']);
    const filtered = await gql<{ instances: Array<{ name: string }> }>(`query ($r: [ID!]) { instances(filters: { channel: "cloud-api" }, remove_ids: $r) { name } }`, { r: [] });
    expect(filtered.data?.instances.map((i) => i.name)).toEqual(['Oficial']);
    const removed = await gql<{ instances: Array<{ name: string }> }>(`query ($r: [ID!]) { instances(remove_ids: $r) { name } }`, { r: [cloudId] });
    expect(removed.data?.instances.map((i) => i.name)).not.toContain('Oficial');
  });

  it('lists the Business account templates with their statuses and submits a new one for review', async () => {
    const list = await gql<{ whatsappTemplates: Array<{ name: string; status: string }> }>(`query ($id: ID!) { whatsappTemplates(instance_id: $id) { name status } }`, { id: cloudId });
    expect(list.data?.whatsappTemplates.map((t) => [t.name, t.status]).sort()).toEqual([
      ['confirmacao_pedido', 'APPROVED'],
      ['pesquisa_satisfacao', 'PENDING'],
      ['promo_black_friday_teste', 'REJECTED'],
      ['reengajamento_cliente', 'PAUSED'],
    ]);
    const paused = await gql<{ whatsappTemplates: Array<{ name: string }> }>(`query ($id: ID!) { whatsappTemplates(instance_id: $id, status: "PAUSED", refresh: false) { name } }`, { id: cloudId });
    expect(paused.data?.whatsappTemplates.map((t) => t.name)).toEqual(['reengajamento_cliente']);
    const request = fixtureJson<{ components: unknown[] }>('template-create-request.json');
    const created = await gql<{ createWhatsappTemplate: { name: string; status: string; provider_id: string } }>(
      `mutation ($id: ID!, $c: JSON!) { createWhatsappTemplate(instance_id: $id, name: "aviso_entrega", language: "pt_BR", category: "UTILITY", parameter_format: "NAMED", components: $c) { name status provider_id } }`,
      { id: cloudId, c: request.components },
    );
    expect(created.data?.createWhatsappTemplate).toMatchObject({ name: 'aviso_entrega', status: 'PENDING' });
    expect(fake.templates.map((t) => t.name)).toContain('aviso_entrega');
    const sandboxTemplates = await gql(`query ($id: ID!) { whatsappTemplates(instance_id: $id) { name } }`, { id: String(s.sandboxId) });
    expect(sandboxTemplates.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION' });
  });

  it('keeps message templates (identifier, value) per tenant', async () => {
    const created = await gql<{ createMessageTemplate: { id: string } }>(`mutation { createMessageTemplate(identifier: "saudacao", value: "Olá! Como posso ajudar?") { id identifier value } }`);
    const id = created.data!.createMessageTemplate.id;
    const duplicate = await gql(`mutation { createMessageTemplate(identifier: "saudacao", value: "Outro") { id } }`);
    expect(duplicate.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION', field: 'identifier' });
    await gql(`mutation ($id: ID!) { updateMessageTemplate(id: $id, value: "Olá, tudo bem?") { id } }`, { id });
    const list = await gql<{ messageTemplates: Array<{ identifier: string; value: string }> }>(`{ messageTemplates { identifier value } }`, {}, ana);
    expect(list.data?.messageTemplates).toEqual([{ identifier: 'saudacao', value: 'Olá, tudo bem?' }]);
    // The demo attendant's role lists configs/quick-answers, the screen that edits them (roles without it: tests/integration/server/store-settings).
    expect((await gql<{ deleteMessageTemplate: boolean }>(`mutation ($id: ID!) { deleteMessageTemplate(id: $id) }`, { id }, ana)).data?.deleteMessageTemplate).toBe(true);
    const gone = await gql(`mutation ($id: ID!) { deleteMessageTemplate(id: $id) }`, { id });
    expect(gone.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('deletes a connection without conversations, and keeps one with history', async () => {
    const kept = await gql(`mutation ($id: ID!) { deleteInstance(id: $id) }`, { id: String(s.sandboxId) });
    expect(kept.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION' });
    expect((await gql<{ deleteInstance: boolean }>(`mutation ($id: ID!) { deleteInstance(id: $id) }`, { id: cloudId })).data?.deleteInstance).toBe(true);
    const gone = await gql(`query ($id: ID!) { instance(id: $id) { id } }`, { id: cloudId });
    expect(gone.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND' });
  });
});

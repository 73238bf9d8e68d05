import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowDefinition } from '../../../src/shared/domain/flows/flow-schema';
import type { JobQueue } from '../../../src/server/jobs/job-queue';
import { createJobQueue } from '../../../src/server/jobs/job-modules';
import { advanceTicket } from '../../../src/server/modules/flows/flow-engine';
import { flowEngineDeps } from '../../../src/server/modules/flows/flow-job-module';
import { ROBOT_INSTANCE_NAME } from '../../../src/server/modules/tenants/demo-seed';
import { seedOtherTenant } from '../../helpers/other-tenant';
import { eventually, openChannelServer, type ChannelServer } from '../channels/support/channel-server';

const SAVE = `mutation ($id: ID!, $input: ChatFlowInput!) { saveChatFlow(id: $id, input: $input) { flow { id published_version has_unpublished_changes } problems { node_id message } } }`;
const CREATE = `mutation ($kind: String!, $input: ChatFlowInput!) { createChatFlow(kind: $kind, input: $input) { flow { id } problems { message } } }`;
const PUBLISH = `mutation ($id: ID!) { publishChatFlow(id: $id) { flow { id published_version has_unpublished_changes } problems { node_id message } } }`;
const LIST = `query ($kind: String!) { chatFlows(kind: $kind) { id name published_version instances { name } } }`;
const SET_FLOW = `mutation ($instance: ID!, $flow: ID) { setInstancePassiveFlow(instance_id: $instance, flow_id: $flow) }`;
const PICK = `mutation ($id: ID!) { pickChatTicket(id: $id) { id } }`;

const at = { x: 0, y: 0 };

/** A flow that waits a second, then asks and says goodbye: for restarts in the middle of a wait. */
const waitingFlow = (seconds: number): FlowDefinition => ({
  nodes: [
    { id: 's', type: 'start', position: at, data: { trigger: 'message' } },
    { id: 'w', type: 'wait', position: at, data: { seconds } },
    { id: 'm', type: 'message', position: at, data: { text: 'Obrigado pela espera!', buttons: [] } },
    { id: 'e', type: 'end', position: at, data: {} },
  ],
  edges: [
    { id: '1', source: 's', target: 'w' },
    { id: '2', source: 'w', target: 'm' },
    { id: '3', source: 'm', target: 'e' },
  ],
});

describe('chat flows: the engine on the inbound pipeline and the job queue', () => {
  let s: ChannelServer;
  let robotId: number;
  let departments: Map<string, number>;
  let phone = 5511970000000;

  beforeAll(async () => {
    s = await openChannelServer();
    await s.server.app.deps.services.jobs!.start();
    const rows = await s.server.database.withTenant(s.tenantId, (tx) => tx.selectFrom('instances').select(['id', 'name']).where('tenant_id', '=', s.tenantId).execute());
    robotId = rows.find((row) => row.name === ROBOT_INSTANCE_NAME)!.id;
    const deps = await s.server.database.withTenant(s.tenantId, (tx) => tx.selectFrom('user_departments').select(['id', 'name']).where('tenant_id', '=', s.tenantId).execute());
    departments = new Map(deps.map((d) => [d.name, d.id]));
  });
  afterAll(async () => {
    await s?.server.app.deps.services.jobs?.stop();
    await s?.close();
  });

  const customerWrites = async (instanceId: number, from: string, text: string) => {
    const answer = await s.inject('POST', `/api/sandbox/demo/${instanceId}/inbound`, { from, name: 'Cliente Robô', text });
    expect(answer.status).toBe(202);
  };
  const botTexts = async (from: string) =>
    s.server.database.withTenant(s.tenantId, async (tx) =>
      (
        await tx
          .selectFrom('customer_chats as m')
          .innerJoin('customers as c', (join) => join.onRef('c.tenant_id', '=', 'm.tenant_id').onRef('c.id', '=', 'm.customer_id'))
          .select(['m.message', 'm.type'])
          .where('m.tenant_id', '=', s.tenantId)
          .where('c.phone_number', '=', from)
          .where('m.is_bot_message', '=', true)
          .orderBy('m.id')
          .execute()
      ).map((m) => (m.type === 'comment' ? `[nota] ${m.message}` : m.message)),
    );
  const ticketOf = (from: string) =>
    s.server.database.withTenant(s.tenantId, (tx) =>
      tx
        .selectFrom('chat_tickets as t')
        .innerJoin('customers as c', (join) => join.onRef('c.tenant_id', '=', 't.tenant_id').onRef('c.id', '=', 't.customer_id'))
        .select(['t.id', 't.inbox', 't.inbox_department_id', 't.user_id', 't.finished_ticket'])
        .where('t.tenant_id', '=', s.tenantId)
        .where('c.phone_number', '=', from)
        .executeTakeFirstOrThrow(),
    );
  const sessionOf = (ticketId: number) =>
    s.server.database.withTenant(s.tenantId, (tx) => tx.selectFrom('chat_flow_sessions').select(['status', 'step']).where('tenant_id', '=', s.tenantId).where('chat_ticket_id', '=', ticketId).orderBy('id', 'desc').executeTakeFirst());
  const nextPhone = () => String((phone += 1));

  it('greets a new customer of the robot connection, asks for the department and routes the answer to Suporte with the answers noted', async () => {
    const from = nextPhone();
    await customerWrites(robotId, from, 'Oi, boa tarde');
    const greeting = await eventually(async () => ((await botTexts(from)).length >= 2 ? botTexts(from) : undefined), 8000);
    expect(greeting).toEqual(['Olá! Bem-vindo à *Loja Demo*.', 'Com quem você quer falar? Responda com o número.\n\n1 - Vendas\n2 - Suporte']);
    await s.dispatch();
    const outbox = (await s.inject('GET', `/api/sandbox/demo/${robotId}/outbox?to=${from}`)).json as { messages: Array<{ text: string }> };
    expect(outbox.messages.map((m) => m.text)).toEqual(greeting);

    await customerWrites(robotId, from, '2');
    const ticket = await eventually(async () => {
      const t = await ticketOf(from);
      return t.inbox_department_id === departments.get('Suporte') ? t : undefined;
    }, 8000);
    expect(ticket).toMatchObject({ inbox: true, user_id: null, finished_ticket: false });
    expect((await botTexts(from)).at(-1)).toBe('[nota] Respostas do cliente ao robô:\n• setor: Suporte');
    expect((await sessionOf(ticket.id))?.status).toBe('handed_over');
  });

  it('reads a message once however often the engine is woken, and stops for good when a person picks the ticket', async () => {
    const from = nextPhone();
    await customerWrites(robotId, from, 'Olá');
    await eventually(async () => ((await botTexts(from)).length >= 2 ? true : undefined), 8000);
    const { id } = await ticketOf(from);
    const engine = flowEngineDeps(s.server.app.deps);
    await advanceTicket(engine, s.tenantId, id);
    await advanceTicket(engine, s.tenantId, id);
    expect(await botTexts(from)).toHaveLength(2);

    const picked = await s.server.gql('demo', PICK, { id: String(id) }, s.adminToken);
    expect(picked.errors).toBeUndefined();
    await customerWrites(robotId, from, '1');
    await eventually(async () => ((await sessionOf(id))?.status === 'taken_over' ? true : undefined), 8000);
    expect(await botTexts(from)).toHaveLength(2);
    expect((await ticketOf(from)).inbox_department_id).not.toBe(departments.get('Vendas'));
  });

  it('asks again after an answer it cannot read, then hands the ticket to a person', async () => {
    const from = nextPhone();
    await customerWrites(robotId, from, 'Olá');
    await eventually(async () => ((await botTexts(from)).length >= 2 ? true : undefined), 8000);
    await customerWrites(robotId, from, 'quero falar com alguém');
    await eventually(async () => ((await botTexts(from)).length >= 3 ? true : undefined), 8000);
    expect((await botTexts(from))[2]).toMatch(/^Não entendi sua resposta\. Com quem você quer falar\?/);
    await customerWrites(robotId, from, 'humano');
    const { id } = await ticketOf(from);
    await eventually(async () => ((await sessionOf(id))?.status === 'handed_over' ? true : undefined), 8000);
    expect((await botTexts(from)).at(-1)).toMatch(/^\[nota\] O robô não entendeu/);
  });

  it('keeps a wait through a restart of the job queue, and sends the rest exactly once', async () => {
    const created = await s.server.gql<{ createChatFlow: { flow: { id: string } } }>('demo', CREATE, { kind: 'passive', input: { name: 'Espera', draft: JSON.stringify(waitingFlow(2)) } }, s.adminToken);
    const flowId = created.data!.createChatFlow.flow.id;
    expect((await s.server.gql('demo', PUBLISH, { id: flowId }, s.adminToken)).errors).toBeUndefined();
    expect((await s.server.gql('demo', SET_FLOW, { instance: String(s.sandboxId), flow: flowId }, s.adminToken)).errors).toBeUndefined();
    const from = nextPhone();
    await customerWrites(s.sandboxId, from, 'Oi');
    const { id } = await eventually(async () => {
      const t = await ticketOf(from).catch(() => undefined);
      return t && (await sessionOf(t.id))?.status === 'waiting_timer' ? t : undefined;
    }, 8000);
    await s.server.app.deps.services.jobs!.stop();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await botTexts(from)).toEqual([]);
    const restarted: JobQueue = createJobQueue(s.server.app.deps);
    s.server.app.deps.services.jobs = restarted;
    await restarted.start();
    await eventually(async () => ((await sessionOf(id))?.status === 'finished' ? true : undefined), 10_000);
    expect(await botTexts(from)).toEqual(['Obrigado pela espera!']);
    expect((await ticketOf(from)).finished_ticket).toBe(true);
    await s.server.gql('demo', SET_FLOW, { instance: String(s.sandboxId), flow: null }, s.adminToken);
  });

  it('refuses to publish a flow that cannot run, and keeps the published version running', async () => {
    const list = await s.server.gql<{ chatFlows: Array<{ id: string; name: string; published_version: number }> }>('demo', LIST, { kind: 'passive' }, s.adminToken);
    const welcome = list.data!.chatFlows.find((flow) => flow.name === 'Boas-vindas')!;
    const broken = { nodes: [{ id: 'inicio', type: 'start', position: at, data: { trigger: 'message' } }, { id: 'm', type: 'message', position: at, data: { text: 'Oi' } }], edges: [{ id: 'x', source: 'inicio', target: 'm' }] };
    const saved = await s.server.gql<{ saveChatFlow: { problems: Array<{ node_id: string }> } }>('demo', SAVE, { id: welcome.id, input: { name: 'Boas-vindas', draft: JSON.stringify(broken) } }, s.adminToken);
    expect(saved.data!.saveChatFlow.problems.map((p) => p.node_id)).toEqual(['m']);
    const published = await s.server.gql<{ publishChatFlow: { flow: { published_version: number; has_unpublished_changes: boolean }; problems: unknown[] } }>('demo', PUBLISH, { id: welcome.id }, s.adminToken);
    expect(published.data!.publishChatFlow.problems).toHaveLength(1);
    expect(published.data!.publishChatFlow.flow).toMatchObject({ published_version: welcome.published_version, has_unpublished_changes: true });
    const from = nextPhone();
    await customerWrites(robotId, from, 'Olá');
    await eventually(async () => ((await botTexts(from)).length >= 2 ? true : undefined), 8000);
  });

  it('starts a flow for a ticket a person holds ("Iniciar fluxo"), for whoever may see the ticket only', async () => {
    const from = nextPhone();
    await customerWrites(s.sandboxId, from, 'Preciso de ajuda');
    const { id } = await eventually(async () => ticketOf(from).catch(() => undefined), 8000);
    expect((await s.server.gql('demo', PICK, { id: String(id) }, s.adminToken)).errors).toBeUndefined();
    const welcomeId = (await s.server.database.asOwner((db) => sql<{ id: number }>`select id from chat_flows where name = 'Boas-vindas'`.execute(db))).rows[0]!.id;
    const START = `mutation ($t: ID!, $f: ID!) { startChatFlow(ticket_id: $t, flow_id: $f) }`;
    const bruno = await s.server.signIn('demo', 'bruno@demo.local');
    expect((await s.server.gql('demo', START, { t: String(id), f: String(welcomeId) }, bruno.token)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await botTexts(from)).toEqual([]);
    const started = await s.server.gql<{ startChatFlow: boolean }>('demo', START, { t: String(id), f: String(welcomeId) }, s.adminToken);
    expect(started.data?.startChatFlow).toBe(true);
    expect(await botTexts(from)).toEqual(['Olá! Bem-vindo à *Loja Demo*.', 'Com quem você quer falar? Responda com o número.\n\n1 - Vendas\n2 - Suporte']);
    expect(await ticketOf(from)).toMatchObject({ user_id: null, inbox: true });
    await customerWrites(s.sandboxId, from, '1');
    await eventually(async () => ((await ticketOf(from)).inbox_department_id === departments.get('Vendas') ? true : undefined), 8000);
  });

  it('answers nothing to an attendant without the flow screens, nor to another tenant', async () => {
    const ana = await s.server.signIn('demo', 'ana@demo.local');
    const denied = await s.server.gql('demo', LIST, { kind: 'passive' }, ana.token);
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    await seedOtherTenant(s.server);
    const other = await s.server.signIn('outra', 'admin@outra.test', 'Pedbot@outra1');
    expect((await s.server.gql<{ chatFlows: unknown[] }>('outra', LIST, { kind: 'passive' }, other.token)).data?.chatFlows).toEqual([]);
    const welcomeId = (await s.server.database.asOwner((db) => sql<{ id: number }>`select id from chat_flows where name = 'Boas-vindas'`.execute(db))).rows[0]!.id;
    const stolen = await s.server.gql('outra', PUBLISH, { id: String(welcomeId) }, other.token);
    expect(stolen.errors?.[0]?.message).toBeTruthy();
    expect(stolen.data ?? null).toBeNull();
    const foreign = await s.server.gql('outra', SET_FLOW, { instance: String(robotId), flow: String(welcomeId) }, other.token);
    expect(foreign.errors).toBeDefined();
    const robotFlow = await s.server.database.withTenant(s.tenantId, (tx) => tx.selectFrom('instances').select('passive_flow_id').where('tenant_id', '=', s.tenantId).where('id', '=', robotId).executeTakeFirstOrThrow());
    expect(robotFlow.passive_flow_id).toBe(Number(welcomeId));
  });
});

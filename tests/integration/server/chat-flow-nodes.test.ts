import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FlowDefinition, FlowEdge, FlowNode } from '../../../src/shared/domain/flows/flow-schema';
import { LOOP_STOPPED_TEXT, RETRY_PREFIX } from '../../../src/shared/domain/flows/flow-run';
import { DEFAULT_OPENING_HOURS } from '../../../src/shared/domain/opening-hours';
import { EMPTY_STORE_INFO } from '../../../src/shared/domain/store-info';
import type { Tx } from '../../../src/server/db/database';
import type { JobRef, SendJobOptions } from '../../../src/server/jobs/job-queue';
import {
  advanceTicket,
  expireSession,
  pendingHttp,
  resumeSession,
  startFlowForCustomer,
  startFlowForTicket,
  type FlowEngineDeps,
} from '../../../src/server/modules/flows/flow-engine';
import { callFlowHttp } from '../../../src/server/modules/flows/flow-job-module';
import { createFlow, publishFlow, restoreVersion } from '../../../src/server/modules/flows/flow-store';
import { flowTexts } from '../../../src/server/modules/flows/texts';
import { receiveInbound } from '../../../src/server/modules/messages/inbound';
import { writeStoreInfo } from '../../../src/server/modules/store-settings/store-info';
import { ChangeSet } from '../../../src/server/sync/changes';
import { createCloudApiInstance } from '../channels/support/cloud-api-instance';
import { openChannelServer, type ChannelServer } from '../channels/support/channel-server';

/**
 * The flow engine node by node (issue 16 §3), on PGlite and PostgreSQL, with a fake clock: the
 * engine's `now` is the test's, and the job queue only records what the engine schedules (a
 * wait's end, an HTTP call, an expiry), which the test runs when the clock reaches it — as the
 * real queue does (chat-flows.test.ts runs the same jobs on pg-boss, through a restart).
 */

const at = { x: 0, y: 0 };
const start: FlowNode = { id: 's', type: 'start', position: at, data: { trigger: 'message' } };
const edge = (source: string, target: string, sourceHandle?: string): FlowEdge => ({ id: `${source}-${sourceHandle ?? 'next'}-${target}`, source, target, sourceHandle: sourceHandle ?? null });
const message = (id: string, text: string, extra: Record<string, unknown> = {}): FlowNode => ({ id, type: 'message', position: at, data: { text, buttons: [], ...extra } }) as FlowNode;
const end = (id = 'e', closing_message: string | null = null): FlowNode => ({ id, type: 'end', position: at, data: { closing_message } });
const chain = (...nodes: FlowNode[]): FlowDefinition => ({ nodes: [start, ...nodes], edges: [start, ...nodes].slice(0, -1).map((node, i) => edge(node.id, nodes[i]!.id)) });

interface Recorded {
  name: string;
  data: { tenantId: number; sessionId?: number; ticketId?: number; step?: number };
  at: number;
  done: boolean;
}

/** The job queue as the engine sees it, keeping each job (once per key) for the test to run. */
class RecordingJobs {
  readonly jobs: Recorded[] = [];
  private readonly keys = new Set<string>();
  send<T extends object>(_tx: Tx, job: JobRef<T>, data: T, options: SendJobOptions = {}): Promise<string | null> {
    const key = options.key ? `${job.name}\u0000${options.key}` : null;
    if (key && this.keys.has(key)) return Promise.resolve(null);
    if (key) this.keys.add(key);
    this.jobs.push({ name: job.name, data: data as Recorded['data'], at: options.at?.getTime() ?? 0, done: false });
    return Promise.resolve(String(this.jobs.length));
  }
}

describe('chat flow engine, node by node, with a fake clock', () => {
  let s: ChannelServer;
  let engine: FlowEngineDeps;
  let jobs: RecordingJobs;
  let now: Date;
  let adminId: number;
  let brunoId: number;
  let departments: Map<string, number>;
  let allow: string[] = [];
  let phone = 5511960000000;
  let flowCount = 0;

  beforeAll(async () => {
    s = await openChannelServer();
    const rows = await s.server.database.withTenant(s.tenantId, async (tx) => ({
      users: await tx.selectFrom('users').select(['id', 'email']).where('tenant_id', '=', s.tenantId).execute(),
      departments: await tx.selectFrom('user_departments').select(['id', 'name']).where('tenant_id', '=', s.tenantId).execute(),
    }));
    adminId = rows.users.find((u) => u.email === 'admin@demo.local')!.id;
    brunoId = rows.users.find((u) => u.email === 'bruno@demo.local')!.id;
    departments = new Map(rows.departments.map((d) => [d.name, d.id]));
  });
  afterAll(async () => {
    await s?.close();
  });
  beforeEach(() => {
    // Tuesday 2026-11-24, 10:00 in São Paulo: inside the demo store's default opening hours.
    now = new Date('2026-11-24T13:00:00Z');
    jobs = new RecordingJobs();
    allow = [];
    engine = { database: s.server.database, pubsub: s.sync.pubsub, jobs, now: () => now };
  });

  const tx = <T>(fn: (tx: Tx) => Promise<T>) => s.server.database.withTenant(s.tenantId, fn);

  /** Creates and publishes a flow; passive ones become the sandbox connection's flow. */
  async function publish(definition: FlowDefinition, options: { kind?: 'passive' | 'active'; expire_minutes?: number; expire_message?: string; instanceId?: number } = {}): Promise<number> {
    const kind = options.kind ?? 'passive';
    return tx(async (t) => {
      flowCount += 1;
      const id = await createFlow(t, s.tenantId, adminId, kind, { name: `Fluxo ${flowCount}`, draft: definition, expire_minutes: options.expire_minutes, expire_message: options.expire_message });
      expect(await publishFlow(t, s.tenantId, id, adminId)).toEqual([]);
      if (kind === 'passive') await t.updateTable('instances').set({ passive_flow_id: id }).where('tenant_id', '=', s.tenantId).where('id', '=', options.instanceId ?? s.sandboxId).execute();
      return id;
    });
  }

  /** Runs every recorded job that is due on the fake clock, as the queue would. */
  async function runDueJobs(): Promise<void> {
    for (;;) {
      const job = jobs.jobs.find((j) => !j.done && j.at <= now.getTime());
      if (!job) return;
      job.done = true;
      const { tenantId, sessionId = 0, ticketId = 0, step = 0 } = job.data;
      if (job.name === 'flows.advance') await advanceTicket(engine, tenantId, ticketId);
      if (job.name === 'flows.timer') await resumeSession(engine, tenantId, sessionId, step, { kind: 'timer' });
      if (job.name === 'flows.expire') await expireSession(engine, tenantId, sessionId, step);
      if (job.name === 'flows.http') {
        const request = await pendingHttp(engine, tenantId, sessionId, step);
        if (request) await resumeSession(engine, tenantId, sessionId, step, { kind: 'http', ...(await callFlowHttp(request, allow)) });
      }
    }
  }

  const later = async (seconds: number) => {
    now = new Date(now.getTime() + seconds * 1000);
    await runDueJobs();
  };

  /** A new customer of a connection: what they write goes through the inbound pipeline and wakes the engine. */
  function customer(instanceId = s.sandboxId, name = 'Maria Souza') {
    const from = String((phone += 1));
    let sent = 0;
    const self = {
      from,
      async write(text: string, providerMessageId = `wamid.flow.${from}.${(sent += 1)}`) {
        const result = await receiveInbound(s.sync.messaging, { tenantId: s.tenantId, instanceId, from, name, text, providerMessageId, sentAt: now });
        const ticket = await self.ticket();
        await advanceTicket(engine, s.tenantId, ticket.id);
        return result;
      },
      ticket: () =>
        tx((t) =>
          t
            .selectFrom('chat_tickets as t')
            .innerJoin('customers as c', (join) => join.onRef('c.tenant_id', '=', 't.tenant_id').onRef('c.id', '=', 't.customer_id'))
            .select(['t.id', 't.customer_id', 't.inbox', 't.inbox_department_id', 't.user_id', 't.finished_ticket'])
            .where('t.tenant_id', '=', s.tenantId)
            .where('t.instance_id', '=', instanceId)
            .where('c.phone_number', '=', from)
            .orderBy('t.id', 'desc')
            .executeTakeFirstOrThrow(),
        ),
      /** What the bot wrote, in order: notes to the team as "[nota] …". */
      async bot() {
        const rows = await tx((t) =>
          t
            .selectFrom('customer_chats as m')
            .innerJoin('customers as c', (join) => join.onRef('c.tenant_id', '=', 'm.tenant_id').onRef('c.id', '=', 'm.customer_id'))
            .select(['m.message', 'm.caption', 'm.type'])
            .where('m.tenant_id', '=', s.tenantId)
            .where('c.phone_number', '=', from)
            .where('m.is_bot_message', '=', true)
            .orderBy('m.id')
            .execute(),
        );
        return rows.map((m) => (m.type === 'comment' ? `[nota] ${m.message}` : (m.message ?? m.caption)));
      },
      async botToCustomer() {
        return (await self.bot()).filter((text) => !text?.startsWith('[nota]'));
      },
      async session() {
        const { id } = await self.ticket();
        return tx((t) => t.selectFrom('chat_flow_sessions').select(['id', 'status', 'step', 'version_id', 'state']).where('tenant_id', '=', s.tenantId).where('chat_ticket_id', '=', id).orderBy('id', 'desc').executeTakeFirstOrThrow());
      },
      contact: async () => tx((t) => t.selectFrom('customers').select(['name', 'document_register', 'open_field']).where('tenant_id', '=', s.tenantId).where('phone_number', '=', from).executeTakeFirstOrThrow()),
    };
    return self;
  }

  it('start and send: text with markup and variables, an image with its caption, buttons and a list, through the outbound queue', async () => {
    await publish(
      chain(
        message('m1', 'Olá, *{{contact.name}}*!'),
        message('m2', 'Nosso catálogo', { media_url: 'https://cdn.example.com/catalogo.png' }),
        message('m3', 'Escolha:', { buttons: ['Ver ofertas', 'Falar com alguém'] }),
        message('m4', 'Nossos horários:', { list: ['Seg a sex, 8h às 18h', 'Sábado, 8h às 12h'] }),
        end(),
      ),
    );
    const maria = customer();
    await maria.write('Oi');
    expect(await maria.bot()).toEqual(['Olá, *Maria Souza*!', 'Nosso catálogo', 'Escolha:', 'Nossos horários:\n\n1 - Seg a sex, 8h às 18h\n2 - Sábado, 8h às 12h']);
    const stored = await tx((t) =>
      t.selectFrom('customer_chats').select(['type', 'media_url', 'message_buttons', 'is_bot_message', 'from_me']).where('tenant_id', '=', s.tenantId).where('is_bot_message', '=', true).orderBy('id', 'desc').offset(1).limit(2).execute(),
    );
    expect(stored[0]).toMatchObject({ type: 'text', message_buttons: JSON.stringify(['Ver ofertas', 'Falar com alguém']), from_me: true });
    expect(stored[1]).toMatchObject({ type: 'image', media_url: 'https://cdn.example.com/catalogo.png' });
    const ticket = await maria.ticket();
    const outbound = await tx((t) =>
      t.selectFrom('outbound_messages as o').innerJoin('customer_chats as m', (j) => j.onRef('m.tenant_id', '=', 'o.tenant_id').onRef('m.id', '=', 'o.customer_chat_id')).select('m.id').where('m.chat_ticket_id', '=', ticket.id).execute(),
    );
    expect(outbound).toHaveLength(4);
    expect((await maria.session()).status).toBe('finished');
    expect(ticket.finished_ticket).toBe(true);
  });

  it('ask: validates text, e-mail, CPF and number, saves to contact fields and variables, asks again at most N times', async () => {
    const ask = (id: string, question: string, answer: string, save_to: unknown, retries = 1): FlowNode => ({ id, type: 'ask', position: at, data: { question, answer, options: [], retries, save_to } }) as FlowNode;
    const definition: FlowDefinition = {
      nodes: [
        start,
        ask('nome', 'Seu nome?', 'text', { scope: 'contact', key: 'name' }),
        ask('email', 'Seu e-mail?', 'email', { scope: 'variable', key: 'email' }),
        ask('cpf', 'Seu CPF?', 'cpf', { scope: 'contact', key: 'document_register' }),
        ask('qtd', 'Quantas unidades?', 'number', { scope: 'variable', key: 'qtd' }, 0),
        message('ok', 'Obrigado, {{contact.name}}: {{email}}, {{qtd}} unidades.'),
        end(),
        { id: 'humano', type: 'transfer', position: at, data: { department_id: String(departments.get('Suporte')) } },
      ],
      edges: [edge('s', 'nome'), edge('nome', 'email', 'answer'), edge('email', 'cpf', 'answer'), edge('cpf', 'qtd', 'answer'), edge('qtd', 'ok', 'answer'), edge('qtd', 'humano', 'invalid'), edge('ok', 'e')],
    };
    await publish(definition);
    const c = customer();
    await c.write('Oi');
    expect(await c.botToCustomer()).toEqual(['Seu nome?']);
    await c.write('Joana Lima');
    await c.write('joana@');
    expect((await c.botToCustomer()).at(-1)).toBe(`${RETRY_PREFIX} Seu e-mail?`);
    await c.write('Joana@Exemplo.com.br');
    await c.write('123.456.789-00');
    expect((await c.botToCustomer()).at(-1)).toBe(`${RETRY_PREFIX} Seu CPF?`);
    await c.write('529.982.247-25');
    expect(await c.contact()).toMatchObject({ name: 'Joana Lima', document_register: '52998224725' });
    await c.write('1.234,5');
    expect((await c.botToCustomer()).at(-1)).toBe('Obrigado, Joana Lima: joana@exemplo.com.br, 1234.5 unidades.');
    expect((await c.session()).status).toBe('finished');

    // Retries 1: one re-ask, and the second invalid answer leaves by "invalid"; retries 0: at once.
    const d = customer();
    await d.write('Oi');
    await d.write('Ana');
    await d.write('x');
    await d.write('y');
    // The e-mail question's "invalid" exit is not connected: a person takes over, told why.
    expect(await d.botToCustomer()).toEqual(['Seu nome?', 'Seu e-mail?', `${RETRY_PREFIX} Seu e-mail?`]);
    expect((await d.session()).status).toBe('handed_over');
    expect((await d.bot()).at(-1)).toMatch(new RegExp(`^\\[nota\\] ${flowTexts.handOver.invalid_answer}`));
    const e = customer();
    await e.write('Oi');
    for (const answer of ['Rui', 'rui@exemplo.com', '529.982.247-25', 'muitas']) await e.write(answer);
    expect((await e.botToCustomer()).filter((text) => text?.startsWith(RETRY_PREFIX))).toEqual([]);
    expect(await e.ticket()).toMatchObject({ inbox: true, inbox_department_id: departments.get('Suporte'), user_id: null });
  });

  it('ask by option: the number or the text picks the exit', async () => {
    const definition: FlowDefinition = {
      nodes: [
        start,
        { id: 'menu', type: 'ask', position: at, data: { question: 'Deseja?', answer: 'option', options: ['Comprar', 'Trocar'], retries: 1, save_to: { scope: 'variable', key: 'desejo' } } },
        message('a', 'Compra: {{desejo}}'),
        message('b', 'Troca: {{desejo}}'),
        end('e1'),
        end('e2'),
      ],
      edges: [edge('s', 'menu'), edge('menu', 'a', 'option-0'), edge('menu', 'b', 'option-1'), edge('a', 'e1'), edge('b', 'e2')],
    };
    await publish(definition);
    const byNumber = customer();
    await byNumber.write('Oi');
    expect(await byNumber.botToCustomer()).toEqual(['Deseja?\n\n1 - Comprar\n2 - Trocar']);
    await byNumber.write('2');
    expect((await byNumber.botToCustomer()).at(-1)).toBe('Troca: Trocar');
    const byText = customer();
    await byText.write('Oi');
    await byText.write('  comprar ');
    expect((await byText.botToCustomer()).at(-1)).toBe('Compra: Comprar');
  });

  it('condition: the store opening hours from the store info, the weekday and time, a contact field and a variable', async () => {
    const condition = (id: string, rules: unknown[], match = 'all'): FlowNode => ({ id, type: 'condition', position: at, data: { match, rules } }) as FlowNode;
    const definition: FlowDefinition = {
      nodes: [
        start,
        condition('aberto', [{ source: 'business_hours', op: 'open' }]),
        condition('manha', [
          { source: 'weekday', op: 'in', value: '1,2,3,4,5' },
          { source: 'time', op: 'between', value: '08:00-12:00' },
        ]),
        condition('cliente', [{ source: 'contact', key: 'name', op: 'contains', value: 'vip' }]),
        message('vip', 'Olá, cliente VIP! Bom dia.'),
        message('dia', 'Bom dia!'),
        message('tarde', 'Boa tarde!'),
        message('fechado', 'Estamos fechados.'),
        end('e1'),
        end('e2'),
        end('e3'),
        end('e4'),
      ],
      edges: [
        edge('s', 'aberto'),
        edge('aberto', 'manha', 'true'),
        edge('aberto', 'fechado', 'false'),
        edge('manha', 'cliente', 'true'),
        edge('manha', 'tarde', 'false'),
        edge('cliente', 'vip', 'true'),
        edge('cliente', 'dia', 'false'),
        edge('vip', 'e1'),
        edge('dia', 'e2'),
        edge('tarde', 'e3'),
        edge('fechado', 'e4'),
      ],
    };
    await publish(definition);
    const first = async (name = 'Maria') => {
      const c = customer(s.sandboxId, name);
      await c.write('Oi');
      return (await c.botToCustomer())[0];
    };
    expect(await first()).toBe('Bom dia!');
    expect(await first('Pedro VIP')).toBe('Olá, cliente VIP! Bom dia.');
    now = new Date('2026-11-24T18:30:00Z'); // Tuesday 15:30
    expect(await first()).toBe('Boa tarde!');
    now = new Date('2026-11-22T13:00:00Z'); // Sunday 10:00: closed by default
    expect(await first()).toBe('Estamos fechados.');
    // Open on Sundays by the store info: the flow reads the store's own hours.
    const changes = new ChangeSet();
    await tx((t) => writeStoreInfo(t, changes, s.tenantId, { ...EMPTY_STORE_INFO, name: 'Loja Demo', opening_hours: DEFAULT_OPENING_HOURS.map((d) => (d.day === 0 ? { ...d, open: true, opens: '09:00', closes: '13:00' } : d)) }));
    expect(await first()).toBe('Boa tarde!');
    await tx((t) => writeStoreInfo(t, new ChangeSet(), s.tenantId, EMPTY_STORE_INFO));

    // A variable set by an answer.
    await publish({
      nodes: [
        start,
        { id: 'q', type: 'ask', position: at, data: { question: 'Tem pedido?', answer: 'text', options: [], retries: 0, save_to: { scope: 'variable', key: 'pedido' } } },
        condition('tem', [{ source: 'variable', key: 'pedido', op: 'eq', value: 'sim' }]),
        message('y', 'Informe o número.'),
        message('n', 'Tudo bem.'),
        end('e1'),
        end('e2'),
      ],
      edges: [edge('s', 'q'), edge('q', 'tem', 'answer'), edge('tem', 'y', 'true'), edge('tem', 'n', 'false'), edge('y', 'e1'), edge('n', 'e2')],
    });
    const c = customer();
    await c.write('Oi');
    await c.write('Sim');
    expect((await c.botToCustomer()).at(-1)).toBe('Informe o número.');
  });

  it('transfer to a department or to an attendant ends the bot, with the answers noted for the team', async () => {
    const menu: FlowNode = { id: 'menu', type: 'ask', position: at, data: { question: 'Setor?', answer: 'option', options: ['Suporte', 'Bruno'], retries: 0, save_to: { scope: 'variable', key: 'setor' } } };
    await publish({
      nodes: [
        start,
        menu,
        { id: 'dep', type: 'transfer', position: at, data: { department_id: String(departments.get('Suporte')) } },
        { id: 'user', type: 'transfer', position: at, data: { user_id: String(brunoId) } },
      ],
      edges: [edge('s', 'menu'), edge('menu', 'dep', 'option-0'), edge('menu', 'user', 'option-1')],
    });
    const toDepartment = customer();
    await toDepartment.write('Oi');
    await toDepartment.write('1');
    expect(await toDepartment.ticket()).toMatchObject({ inbox: true, inbox_department_id: departments.get('Suporte'), user_id: null });
    expect((await toDepartment.bot()).at(-1)).toBe(`[nota] ${flowTexts.answersTitle}\n• setor: Suporte`);
    expect((await toDepartment.session()).status).toBe('handed_over');
    await toDepartment.write('Alô?');
    expect(await toDepartment.bot()).toHaveLength(2);

    const toBruno = customer();
    await toBruno.write('Oi');
    await toBruno.write('Bruno');
    expect(await toBruno.ticket()).toMatchObject({ inbox: false, user_id: brunoId });
  });

  it('HTTP request: maps the JSON answer into variables; a private address is refused unless allowed; a slow answer times out', async () => {
    let delayMs = 0;
    const api: Server = createServer((req, res) => {
      setTimeout(() => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ pedido: { status: 'enviado', itens: [{ nome: 'Camisa' }] } }));
      }, delayMs);
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(api.address() as AddressInfo).port}/pedidos/{{contact.name}}`;
    const httpFlow = (timeout_ms: number): FlowDefinition => ({
        nodes: [
          start,
          { id: 'api', type: 'http', position: at, data: { method: 'GET', url, timeout_ms, map: [{ path: 'pedido.status', variable: 'status' }, { path: 'pedido.itens.0.nome', variable: 'item' }] } },
          message('ok', 'Seu pedido ({{item}}) está {{status}}.'),
          message('falha', 'Não consegui consultar agora.'),
          end('e1'),
          end('e2'),
        ],
        edges: [edge('s', 'api'), edge('api', 'ok', 'ok'), edge('api', 'falha', 'error'), edge('ok', 'e1'), edge('falha', 'e2')],
    });
    try {
      await publish(httpFlow(10_000));
      // The operator has not allowed the loopback address: refused, the error path.
      const refused = customer();
      await refused.write('Oi');
      expect((await refused.session()).status).toBe('waiting_http');
      await runDueJobs();
      expect(await refused.botToCustomer()).toEqual(['Não consegui consultar agora.']);

      allow = ['127.0.0.1'];
      const answered = customer();
      await answered.write('Oi');
      await runDueJobs();
      expect(await answered.botToCustomer()).toEqual(['Seu pedido (Camisa) está enviado.']);

      await publish(httpFlow(500));
      delayMs = 5000;
      const slow = customer();
      await slow.write('Oi');
      await runDueJobs();
      expect(await slow.botToCustomer()).toEqual(['Não consegui consultar agora.']);
    } finally {
      api.closeAllConnections();
      await new Promise((resolve) => api.close(resolve));
    }
  });

  it('wait: nothing until the fake clock reaches its end, then the rest exactly once', async () => {
    await publish(chain(message('m1', 'Um momento…'), { id: 'w', type: 'wait', position: at, data: { seconds: 120 } }, message('m2', 'Pronto!'), end()));
    const c = customer();
    await c.write('Oi');
    expect((await c.session()).status).toBe('waiting_timer');
    const timer = jobs.jobs.find((job) => job.name === 'flows.timer')!;
    expect(timer.at).toBe(now.getTime() + 120_000);
    await c.write('Ainda aí?');
    await later(119);
    expect(await c.botToCustomer()).toEqual(['Um momento…']);
    await later(1);
    expect(await c.botToCustomer()).toEqual(['Um momento…', 'Pronto!']);
    // The same timer delivered again (a retry) finds the session moved on.
    await resumeSession(engine, s.tenantId, timer.data.sessionId!, timer.data.step!, { kind: 'timer' });
    expect(await c.botToCustomer()).toEqual(['Um momento…', 'Pronto!']);
  });

  it('add category tags the ticket; end sends its closing message and finishes the ticket', async () => {
    const category = await tx((t) => t.insertInto('categories').values({ tenant_id: s.tenantId, name: 'Robô', color: '#336699' }).returning('id').executeTakeFirstOrThrow());
    await publish(chain({ id: 'cat', type: 'category', position: at, data: { category_id: String(category.id) } }, end('e', 'Até logo, {{contact.name}}!')));
    const c = customer();
    await c.write('Oi');
    const ticket = await c.ticket();
    const tags = await tx((t) => t.selectFrom('ticket_categories').select('category_id').where('tenant_id', '=', s.tenantId).where('chat_ticket_id', '=', ticket.id).execute());
    expect(tags).toEqual([{ category_id: category.id }]);
    expect(await c.botToCustomer()).toEqual(['Até logo, Maria Souza!']);
    expect(ticket.finished_ticket).toBe(true);
  });

  it('versions: a running session keeps its version; new sessions take the new one; an earlier version can be restored', async () => {
    const version = (greeting: string): FlowDefinition => ({
      nodes: [start, message('m', greeting), { id: 'q', type: 'ask', position: at, data: { question: 'Tudo bem?', answer: 'text', options: [], retries: 0 } }, message('bye', `${greeting} Tchau!`), end()],
      edges: [edge('s', 'm'), edge('m', 'q'), edge('q', 'bye', 'answer'), edge('bye', 'e')],
    });
    const flowId = await publish(version('Versão um.'));
    const old = customer();
    await old.write('Oi');
    await tx(async (t) => {
      await t.updateTable('chat_flows').set({ draft: JSON.stringify(version('Versão dois.')) }).where('tenant_id', '=', s.tenantId).where('id', '=', flowId).execute();
      expect(await publishFlow(t, s.tenantId, flowId, adminId)).toEqual([]);
    });
    const fresh = customer();
    await fresh.write('Oi');
    await old.write('Sim');
    expect(await old.botToCustomer()).toEqual(['Versão um.', 'Tudo bem?', 'Versão um. Tchau!']);
    expect((await fresh.botToCustomer())[0]).toBe('Versão dois.');

    const versions = await tx((t) => t.selectFrom('chat_flow_versions').select(['id', 'version']).where('tenant_id', '=', s.tenantId).where('flow_id', '=', flowId).orderBy('version').execute());
    expect(await tx((t) => restoreVersion(t, s.tenantId, flowId, versions[0]!.id, adminId))).toEqual([]);
    const restored = customer();
    await restored.write('Oi');
    expect((await restored.botToCustomer())[0]).toBe('Versão um.');
    expect((await tx((t) => t.selectFrom('chat_flow_versions').select('version').where('tenant_id', '=', s.tenantId).where('flow_id', '=', flowId).execute())).length).toBe(3);
  });

  const PICK = `mutation ($id: ID!) { pickChatTicket(id: $id) { id } }`;
  /** Greets, waits a minute, asks, ends: a session that waits for a timer, then for an answer. */
  const waitingFlow = (): FlowDefinition => {
    const flow = chain(message('m1', 'Olá!'), { id: 'w', type: 'wait', position: at, data: { seconds: 60 } }, { id: 'q', type: 'ask', position: at, data: { question: 'Posso ajudar?', answer: 'text', options: [], retries: 0 } }, end());
    flow.edges = flow.edges.map((e) => (e.source === 'q' ? { ...e, sourceHandle: 'answer' } : e));
    return flow;
  };

  it('takeover: a pick stops the bot at once, so does an attendant writing; the ticket can be handed back to a flow', async () => {
    const flowId = await publish(waitingFlow());
    const picked = customer();
    await picked.write('Oi');
    expect((await s.server.gql('demo', PICK, { id: String((await picked.ticket()).id) }, s.adminToken)).errors).toBeUndefined();
    expect((await picked.session()).status).toBe('taken_over');
    await later(60);
    await picked.write('Oi de novo');
    expect(await picked.botToCustomer()).toEqual(['Olá!']);
    expect((await picked.session()).status).toBe('taken_over');

    const written = customer();
    await written.write('Oi');
    await later(60);
    expect((await written.session()).status).toBe('waiting_answer');
    const send = await s.server.gql('demo', `mutation ($i: ID!) { sendMessage(to_number: "${written.from}", message: "Sou a atendente, posso ajudar?", instance_id: $i, hash: "takeover-${written.from}") { id } }`, { i: String(s.sandboxId) }, s.adminToken);
    expect(send.errors).toBeUndefined();
    expect((await written.session()).status).toBe('taken_over');
    await written.write('Pode sim');
    expect(await written.botToCustomer()).toEqual(['Olá!', 'Posso ajudar?']);
    expect((await written.session()).status).toBe('taken_over');

    // Handed back: the bot runs a flow again on the same ticket, and the ticket leaves the attendant.
    const ticket = await written.ticket();
    expect(await startFlowForTicket(engine, s.tenantId, ticket.id, flowId, adminId)).toBe('started');
    expect((await written.botToCustomer()).at(-1)).toBe('Olá!');
    expect(await written.ticket()).toMatchObject({ user_id: null, inbox: true });
  });

  it('expiry: an abandoned session ends after its configured time with its message, and never restarts by itself', async () => {
    await publish(waitingFlow(), { expire_minutes: 15, expire_message: 'Encerramos por falta de resposta.' });
    const c = customer();
    await c.write('Oi');
    await later(60);
    expect((await c.session()).status).toBe('waiting_answer');
    await later(14 * 60);
    expect((await c.session()).status).toBe('waiting_answer');
    await later(60);
    expect((await c.session()).status).toBe('expired');
    expect((await c.bot()).slice(-2)).toEqual(['Encerramos por falta de resposta.', `[nota] ${flowTexts.expiredNote}`]);
    const count = (await c.bot()).length;
    await c.write('Voltei');
    await later(3600);
    expect(await c.bot()).toHaveLength(count);
    const { id: ticketId } = await c.ticket();
    const sessions = await tx((t) => t.selectFrom('chat_flow_sessions').select('status').where('tenant_id', '=', s.tenantId).where('chat_ticket_id', '=', ticketId).execute());
    expect(sessions).toEqual([{ status: 'expired' }]);
    expect(await c.ticket()).toMatchObject({ finished_ticket: false, user_id: null });
  });

  it('expiry without a message only notes it for the team', async () => {
    await publish(waitingFlow(), { expire_minutes: 1 });
    const c = customer();
    await c.write('Oi');
    await later(60);
    await later(60);
    expect((await c.session()).status).toBe('expired');
    expect(await c.botToCustomer()).toEqual(['Olá!', 'Posso ajudar?']);
  });

  it('loop guard: a session that runs in circles without an answer stops and says so in the conversation', async () => {
    await publish({
      nodes: [
        start,
        message('menu', 'Menu principal'),
        { id: 'c1', type: 'condition', position: at, data: { match: 'all', rules: [{ source: 'business_hours', op: 'open' }] } },
      ],
      edges: [edge('s', 'menu'), edge('menu', 'c1'), edge('c1', 'menu', 'true'), edge('c1', 'menu', 'false')],
    });
    const c = customer();
    await c.write('Oi');
    const texts = await c.bot();
    expect(texts.filter((text) => text === 'Menu principal').length).toBeLessThanOrEqual(13);
    expect(texts.slice(-2)).toEqual([LOOP_STOPPED_TEXT, `[nota] ${flowTexts.handOver.loop}`]);
    expect((await c.session()).status).toBe('stopped');
    await c.write('Alô');
    expect(await c.bot()).toHaveLength(texts.length);
  });

  it('a duplicated inbound message advances the session once', async () => {
    await publish({
      nodes: [start, { id: 'q', type: 'ask', position: at, data: { question: 'Seu nome?', answer: 'text', options: [], retries: 0, save_to: { scope: 'variable', key: 'nome' } } }, { id: 'q2', type: 'ask', position: at, data: { question: 'Sua cidade?', answer: 'text', options: [], retries: 0 } }, message('m', 'Obrigado, {{nome}}.'), end()],
      edges: [edge('s', 'q'), edge('q', 'q2', 'answer'), edge('q2', 'm', 'answer'), edge('m', 'e')],
    });
    const c = customer();
    await c.write('Oi');
    const first = await c.write('Carla', `wamid.dup.${c.from}`);
    const again = await c.write('Carla', `wamid.dup.${c.from}`);
    expect(first.duplicate).toBe(false);
    expect(again).toMatchObject({ duplicate: true, messageId: first.messageId });
    const ticket = await c.ticket();
    await advanceTicket(engine, s.tenantId, ticket.id);
    expect(await c.botToCustomer()).toEqual(['Seu nome?', 'Sua cidade?']);
    expect((await c.session()).status).toBe('waiting_answer');
  });

  describe('active flows and the 24-hour window', () => {
    let cloudId: number;
    beforeAll(async () => {
      cloudId = await createCloudApiInstance(s.server.database, s.tenantId, 'WhatsApp Oficial (fluxos)');
    });

    const template: FlowNode = { id: 't', type: 'template', position: at, data: { name: 'retomar_contato', language: 'pt_BR', parameters: ['{{contact.name}}'] } };
    const question: FlowNode = { id: 'q', type: 'ask', position: at, data: { question: 'Podemos ajudar?', answer: 'option', options: ['Sim', 'Não'], retries: 0 } };
    const withTemplate = (): FlowDefinition => ({ nodes: [start, template, question, end('e1'), end('e2')], edges: [edge('s', 't'), edge('t', 'q'), edge('q', 'e1', 'option-0'), edge('q', 'e2', 'option-1')] });
    const freeText = (): FlowDefinition => ({ nodes: [start, message('m', 'Oi, {{contact.name}}!'), question, end('e1'), end('e2')], edges: [edge('s', 'm'), edge('m', 'q'), edge('q', 'e1', 'option-0'), edge('q', 'e2', 'option-1')] });

    /** A Cloud API customer who last wrote `hoursAgo` hours before the fake clock. */
    async function cloudCustomer(hoursAgo: number) {
      const c = customer(cloudId, 'Cliente Oficial');
      await receiveInbound(s.sync.messaging, { tenantId: s.tenantId, instanceId: cloudId, from: c.from, name: 'Cliente Oficial', text: 'Olá', providerMessageId: `wamid.window.${c.from}`, sentAt: new Date(now.getTime() - hoursAgo * 3_600_000) });
      const ticket = await c.ticket();
      await tx((t) => t.updateTable('chat_tickets').set({ finished_ticket: true, finished_at: now }).where('tenant_id', '=', s.tenantId).where('id', '=', ticket.id).execute());
      return { ...c, customerId: ticket.customer_id };
    }

    it('refuses to publish an active flow that writes free text before a template', async () => {
      const problems = await tx(async (t) => {
        const id = await createFlow(t, s.tenantId, adminId, 'active', { name: 'Ativo sem modelo', draft: freeText() });
        return publishFlow(t, s.tenantId, id, adminId);
      });
      expect(problems).toEqual([{ node_id: 'm', message: expect.stringContaining('Fluxo ativo: o bloco "m"') as string }]);
    });

    it('starts an active flow for a customer outside the window only with a template first, and once per key', async () => {
      const active = await publish(withTemplate(), { kind: 'active' });
      const passive = await publish(freeText(), { instanceId: cloudId });
      const late = await cloudCustomer(25);
      const request = { tenantId: s.tenantId, instanceId: cloudId, customerId: late.customerId, userId: null };

      expect(await startFlowForCustomer(engine, { ...request, flowId: passive })).toBe('outside_window');
      const tickets = await tx((t) => t.selectFrom('chat_tickets').select('id').where('tenant_id', '=', s.tenantId).where('customer_id', '=', late.customerId).where('finished_ticket', '=', false).execute());
      expect(tickets).toEqual([]);

      expect(await startFlowForCustomer(engine, { ...request, flowId: active, key: `campanha:1:${late.customerId}` })).toBe('started');
      const sent = await tx((t) =>
        t.selectFrom('customer_chats').select(['type', 'message', 'hash', 'is_bot_message']).where('tenant_id', '=', s.tenantId).where('customer_id', '=', late.customerId).where('is_bot_message', '=', true).orderBy('id').execute(),
      );
      expect(sent.map((m) => m.type)).toEqual(['template', 'text']);
      const templateSend = await tx((t) => t.selectFrom('template_sends').select(['name', 'language', 'components']).where('tenant_id', '=', s.tenantId).where('hash', '=', sent[0]!.hash).executeTakeFirstOrThrow());
      expect(templateSend).toMatchObject({ name: 'retomar_contato', language: 'pt_BR', components: [{ type: 'body', parameters: [{ type: 'text', text: 'Cliente Oficial' }] }] });
      expect(await late.ticket()).toMatchObject({ user_id: null, inbox: true, finished_ticket: false });

      expect(await startFlowForCustomer(engine, { ...request, flowId: active, key: `campanha:1:${late.customerId}` })).toBe('already_started');
      expect(await startFlowForCustomer(engine, { ...request, flowId: active, key: `campanha:2:${late.customerId}` })).toBe('busy');

      // Inside the window free text may go first.
      const recent = await cloudCustomer(2);
      expect(await startFlowForCustomer(engine, { ...request, customerId: recent.customerId, flowId: passive })).toBe('started');
      expect((await recent.botToCustomer())[0]).toBe('Oi, Cliente Oficial!');
    });

    it('"Iniciar fluxo" outside the window answers the catalogue’s validation error with the pt-BR reason', async () => {
      const passive = await publish(freeText(), { instanceId: cloudId });
      const late = await cloudCustomer(30);
      // The attendant holds an open ticket of a customer who has not written for 30 hours.
      const ticket = await tx((t) =>
        t.insertInto('chat_tickets').values({ tenant_id: s.tenantId, instance_id: cloudId, customer_id: late.customerId, user_id: adminId, inbox: false, protocol: `P${late.from}`, started_at: now }).returning('id').executeTakeFirstOrThrow(),
      );
      const START = `mutation ($t: ID!, $f: ID!) { startChatFlow(ticket_id: $t, flow_id: $f) }`;
      const refused = await s.server.gql('demo', START, { t: String(ticket.id), f: String(passive) }, s.adminToken);
      expect(refused.errors?.[0]).toMatchObject({ message: 'Erro nos dados informados.', extensions: { code: 'VALIDATION', detail: flowTexts.outsideWindow } });
      expect(await late.bot()).toEqual([]);
      expect(await late.ticket()).toMatchObject({ user_id: adminId });
    });
  });
});

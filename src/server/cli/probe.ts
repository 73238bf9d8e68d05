// `npm run probe`: starts the server as production would run it (NODE_ENV=production, a scratch
// DATA_DIR, a free port) and checks its defences from outside, over HTTP and websockets, one line
// per check. Exit code 1 when any check fails.
import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import WebSocket from 'ws';
import { startServer } from '../main';
import { SEALED_PREFIX } from '../security/secret-box';

const APP_SECRET = 'probe-app-secret';
process.env.NODE_ENV = 'production';
process.env.CLOUD_API_APP_SECRET = APP_SECRET;
delete process.env.SANDBOX_ENABLED;
delete process.env.DATABASE_URL;
delete process.env.REDIS_URL;

const dataDir = await mkdtemp(join(tmpdir(), 'pedbot-probe-'));
const server = await startServer({ port: 0, quiet: true, config: { dataDir, logLevel: 'silent', host: '127.0.0.1', autoTransferIntervalMs: 0 } });
const base = `http://127.0.0.1:${server.port}`;
let failures = 0;

async function check(name: string, run: () => Promise<string | true>): Promise<void> {
  let outcome: string | true;
  try {
    outcome = await run();
  } catch (error) {
    outcome = error instanceof Error ? error.message : String(error);
  }
  if (outcome === true) console.log(`ok      ${name}`);
  else {
    failures += 1;
    console.log(`FALHOU  ${name}: ${outcome}`);
  }
}

const expectThat = (condition: boolean, otherwise: string): string | true => (condition ? true : otherwise);

interface GqlAnswer {
  status: number;
  body: { data?: Record<string, unknown> | null; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };
}
async function gql(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<GqlAnswer> {
  const response = await fetch(`${base}/demo/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: (await response.json()) as GqlAnswer['body'] };
}
const LOG_IN = 'mutation ($e: String!, $p: String!) { logIn(email: $e, password: $p) { token } }';
const codeOf = (answer: GqlAnswer) => answer.body.errors?.[0]?.extensions?.code;

try {
  const signedIn = await gql(LOG_IN, { e: 'admin@demo.local', p: 'Pedbot@demo1' });
  const token = (signedIn.body.data?.logIn as { token?: string } | undefined)?.token ?? '';

  await check('cabeçalhos de segurança no console (CSP sem script inline, frame-ancestors, nosniff, Referrer-Policy)', async () => {
    const headers = (await fetch(`${base}/demo/login`)).headers;
    const csp = headers.get('content-security-policy') ?? '';
    return expectThat(
      /script-src 'self'(;|$)/.test(csp) && csp.includes("frame-ancestors 'none'") && headers.get('x-content-type-options') === 'nosniff' && Boolean(headers.get('referrer-policy')),
      `CSP "${csp}", nosniff "${headers.get('x-content-type-options')}", referrer "${headers.get('referrer-policy')}"`,
    );
  });

  await check('token da API oficial cifrado no banco (só o final mascarado volta ao cliente)', async () => {
    const plain = 'probe-cloud-token-at-rest-9876';
    const created = await gql('mutation { createInstance(name: "Sonda", channel: "cloud-api") { id } }', {}, token);
    const id = (created.body.data?.createInstance as { id?: string } | undefined)?.id;
    const updated = await gql('mutation ($id: ID!, $t: String) { updateInstance(id: $id, official_token: $t) { official_token } }', { id, t: plain }, token);
    const shown = (updated.body.data?.updateInstance as { official_token?: string } | undefined)?.official_token;
    const { rows } = await server.database.asOwner((db) => sql<{ value: string | null }>`select official_token as value from instances where id = ${Number(id)}`.execute(db));
    const stored = rows[0]?.value ?? '';
    await gql('mutation ($id: ID!) { deleteInstance(id: $id) }', { id }, token);
    return expectThat(stored.startsWith(SEALED_PREFIX) && !stored.includes(plain) && shown === '••••••••9876', `gravado "${stored.slice(0, 20)}…", mostrado "${shown}"`);
  });

  await check('sandbox desligado em produção (página e API respondem 404)', async () => {
    const page = await fetch(`${base}/sandbox`);
    const api = await fetch(`${base}/api/sandbox/demo/1/inbound`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"from":"5511999999999","text":"x"}' });
    return expectThat(page.status === 404 && api.status === 404, `página ${page.status}, API ${api.status}`);
  });

  await check('introspecção recusada a quem não entrou', async () => {
    const answer = await gql('{ __schema { queryType { name } } }');
    return expectThat(answer.status === 401 && !answer.body.data, `HTTP ${answer.status}`);
  });

  await check('consulta com 200 níveis recusada', async () => {
    let inner = 'id';
    for (let i = 0; i < 200; i++) inner = `parentCustomerChat { ${inner} }`;
    const answer = await gql(`{ customerChats(customer_id: "1", instance_id: "1") { ${inner} } }`, {}, token);
    return expectThat(!answer.body.data && codeOf(answer) === 'VALIDATION', `HTTP ${answer.status} ${codeOf(answer)}`);
  });

  await check('consulta com 500 apelidos recusada', async () => {
    const answer = await gql(`{ ${Array.from({ length: 500 }, (_, i) => `a${i}: __typename`).join(' ')} }`, {}, token);
    return expectThat(!answer.body.data && codeOf(answer) === 'VALIDATION', `HTTP ${answer.status} ${codeOf(answer)}`);
  });

  await check('push maior que o lote do cliente recusado', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => ({ newDocumentState: { id: `tmp:p${i}`, is_temp: true, hash: `p${i}`, customer_id: '1', instance_id: '1', message: 'x' } }));
    const answer = await gql('mutation ($rows: [CustomerChatPushRow!]!) { pushCustomerChat(rows: $rows) { id } }', { rows }, token);
    return expectThat(codeOf(answer) === 'VALIDATION', `resposta ${JSON.stringify(answer.body).slice(0, 120)}`);
  });

  await check('upload sem token recusado antes de ler o corpo (401, conexão fechada)', () =>
    new Promise((resolve) => {
      const req = httpRequest(`${base}/api/file/upload`, { method: 'POST', headers: { 'content-type': 'image/png', 'content-length': String(100 * 1024 * 1024 - 1) } }, (res) => {
        res.resume();
        resolve(expectThat(res.statusCode === 401 && res.headers.connection === 'close', `HTTP ${res.statusCode}, connection ${res.headers.connection}`));
        req.destroy();
      });
      req.on('error', (error) => resolve(error.message));
      req.write(Buffer.alloc(1024));
      setTimeout(() => resolve('sem resposta em 3 s: o corpo foi esperado'), 3000).unref();
    }),
  );

  await check('websocket fecha quadro grande antes de entrar (1009)', () =>
    new Promise((resolve) => {
      const socket = new WebSocket(`${base.replace('http', 'ws')}/demo/graphql`, 'graphql-transport-ws');
      socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { token: 'x'.repeat(1024 * 1024) } })));
      socket.on('close', (code) => resolve(expectThat(code === 1009, `fechado com ${code}`)));
      socket.on('error', () => undefined);
    }),
  );

  await check('texto com NUL recusado com 400, sem erro do banco', async () => {
    const answer = await gql('mutation ($e: String!) { forgot(email: $e) }', { e: 'a\u0000@demo.local' });
    const route = await fetch(`${base}/api/settings/whatsapp%00status`);
    const text = await route.text();
    return expectThat(answer.status === 400 && route.status === 400 && !/UTF8|0x00|SQL/.test(text + JSON.stringify(answer.body)), `GraphQL ${answer.status}, rota ${route.status} ${text.slice(0, 80)}`);
  });

  await check('webhook assinado com remetente inválido e data absurda: 200, guardado à parte', async () => {
    const created = await gql('mutation { createInstance(name: "Probe Cloud", channel: "cloud-api") { id } }', {}, token);
    const id = (created.body.data?.createInstance as { id?: string } | undefined)?.id;
    if (!id) return `createInstance falhou: ${JSON.stringify(created.body).slice(0, 120)}`;
    const message = { from: '55abc', id: 'wamid.PROBE', timestamp: '99999999999999999999', type: 'text', text: { body: 'a\u0000b' } };
    const body = JSON.stringify({ object: 'whatsapp_business_account', entry: [{ id: '1', changes: [{ field: 'messages', value: { metadata: { phone_number_id: '1' }, messages: [message] } }] }] });
    const signature = `sha256=${createHmac('sha256', APP_SECRET).update(body).digest('hex')}`;
    const response = await fetch(`${base}/webhooks/whatsapp/demo/${id}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature }, body });
    return expectThat(response.status === 200, `HTTP ${response.status} ${(await response.text()).slice(0, 80)}`);
  });

  await check('forgot limitado por conta (4º pedido: 429)', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await gql('mutation { forgot(email: "ana@demo.local") }'));
    const last = answers[3]!;
    return expectThat(last.status === 429 && /^Muitas tentativas\. Tente novamente em \d+ minutos?\.$/.test(last.body.errors?.[0]?.message ?? ''), `HTTP ${last.status}`);
  });

  await check('link de redefinição falso não custa hash e é recusado', async () => {
    const started = Date.now();
    const answer = await gql('mutation { resetPassword(token: "forjado-000000000000000000000000000000000000", password: "Nova#Senha2024") }');
    return expectThat(codeOf(answer) === 'RESET_INVALID' && Date.now() - started < 1000, `${codeOf(answer)} em ${Date.now() - started} ms`);
  });

  await check('e-mail inexistente bloqueia igual a uma conta real (5ª falha: 429)', async () => {
    const real: number[] = [];
    const fake: number[] = [];
    for (let i = 0; i < 5; i++) real.push((await gql(LOG_IN, { e: 'bruno@demo.local', p: 'Errada#123' })).status);
    for (let i = 0; i < 5; i++) fake.push((await gql(LOG_IN, { e: 'ninguem@demo.local', p: 'Errada#123' })).status);
    return expectThat(real.join() === fake.join() && real[4] === 429, `conta real ${real.join()}, inexistente ${fake.join()}`);
  });

  await check('entradas limitadas por endereço (429 com a mensagem)', async () => {
    let last: GqlAnswer | null = null;
    for (let i = 0; i < 25 && last?.status !== 429; i++) last = await gql(LOG_IN, { e: `probe${i}@x.test`, p: 'Errada#123' });
    const message = last?.body.errors?.[0]?.message ?? '';
    return expectThat(last?.status === 429 && /^Muitas tentativas\. Tente novamente em \d+ minutos?\.$/.test(message), `HTTP ${last?.status} ${message}`);
  });
} finally {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
}
console.log(failures === 0 ? 'probe: todas as verificações passaram' : `probe: ${failures} verificação(ões) falharam`);
process.exit(failures === 0 ? 0 : 1);

/**
 * The client side of channels-inbound.ts, in its own process so its CPU is not the server's:
 * subscribes graphql-ws clients to streamCustomerChat, sends the messages through the sandbox API
 * or the signed Cloud API webhook with a fixed number of requests in flight, waits until every
 * client received every message, and prints one JSON line with the figures.
 *
 *   node --import tsx tests/bench/_channels-load.ts <json options>
 */
import { Agent, request as httpRequest } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { signPayload } from '../../src/server/channels/cloud-api/signature';
import { fixtureVariant, TEST_APP_SECRET } from '../helpers/cloud-api-fixtures';

export interface LoadOptions {
  url: string;
  path: 'sandbox' | 'cloud-api';
  instanceId: number;
  messages: number;
  concurrency: number;
  customers: number;
  clients: number;
  token: string;
  run: string;
  /** Open loop: send at this many messages per second whatever the answers; unset = closed loop of `concurrency`. */
  rate?: number;
  /** Messages sent first and left out of the figures (one per customer: they exist, code is warm). */
  warmup: number;
}

export interface LoadFigures {
  seconds: number;
  /** When the last request was answered (all stored), before every client had it. */
  answeredSeconds: number;
  times: number[];
  seen: number[];
  /** This process's CPU (user + system) during the measured part, ms. */
  cpuMs: number;
  /** This process's event-loop delay p99 while measuring, ms: how late it may have noticed an answer. */
  loopDelayP99: number;
}

const options = JSON.parse(process.argv[2] ?? '{}') as LoadOptions;

function subscribe(seen: Set<string>): Promise<Client> {
  const client = createClient({
    url: `${options.url.replace('http', 'ws')}/demo/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${options.token}` },
  });
  return new Promise((resolve, reject) => {
    client.subscribe<{ streamCustomerChat: { documents: Array<{ id: string; from_me: boolean }>; resync: boolean } }>(
      { query: `subscription { streamCustomerChat(instance_id: "${options.instanceId}") { resync documents { id from_me } } }` },
      {
        next: (result) => {
          const bulk = result.data?.streamCustomerChat;
          if (bulk?.resync) resolve(client);
          for (const doc of bulk?.documents ?? []) if (!doc.from_me) seen.add(doc.id);
        },
        error: reject,
        complete: () => undefined,
      },
    );
  });
}

const phoneOf = (i: number) => `55119${String(70_000_000 + (i % options.customers)).padStart(8, '0')}`;

interface Prepared {
  path: string;
  headers: Record<string, string | number>;
  body: Buffer;
}

/** Built before sending: the generator's own JSON and HMAC work would otherwise delay the answers it times. */
function prepare(i: number): Prepared {
  if (options.path === 'sandbox') {
    const body = Buffer.from(JSON.stringify({ from: phoneOf(i), name: `Cliente ${i % options.customers}`, text: `Mensagem ${i} do teste de carga` }));
    return { path: `/api/sandbox/demo/${options.instanceId}/inbound`, headers: { 'content-type': 'application/json', 'content-length': body.length }, body };
  }
  const body = fixtureVariant('inbound-text.json', {
    'wamid.TEST_IN_TEXT_0001': `wamid.BENCH_${options.run}_${i}`,
    '5511900000001': phoneOf(i),
    'PED-0001': `PED-${i}`,
  });
  return {
    path: `/webhooks/whatsapp/demo/${options.instanceId}`,
    headers: { 'content-type': 'application/json', 'content-length': body.length, 'x-hub-signature-256': signPayload(body, TEST_APP_SECRET) },
    body,
  };
}

/** Keep-alive connections, as Meta and a busy client hold them; node:http costs the generator far less CPU per request than fetch. */
const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
const target = new URL(options.url);

function send(prepared: Prepared): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: target.hostname, port: target.port, method: 'POST', path: prepared.path, headers: prepared.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(prepared.body);
  });
}

const seen = Array.from({ length: options.clients }, () => new Set<string>());
const clients = await Promise.all(seen.map(subscribe));

const total = options.warmup + options.messages;
const requests = Array.from({ length: total }, (_, i) => prepare(i));

async function timed(i: number, times: number[], sent = performance.now()): Promise<void> {
  const { status, text } = await send(requests[i]!);
  if (status >= 300) throw new Error(`request ${i}: HTTP ${status} ${text}`);
  times.push(performance.now() - sent);
}

async function closedLoop(from: number, to: number, times: number[]): Promise<void> {
  let next = from;
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (next < to) await timed(next++, times);
    }),
  );
}

/** Past this many unanswered requests the server is overloaded anyway; more would only measure the client. */
const MAX_IN_FLIGHT = 256;

async function openLoop(from: number, to: number, rate: number, times: number[]): Promise<void> {
  const started = performance.now();
  const inFlight = new Set<Promise<void>>();
  for (let i = from; i < to; i++) {
    const due = started + ((i - from) / rate) * 1000;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    while (inFlight.size >= MAX_IN_FLIGHT) await Promise.race(inFlight);
    // Time from when the message was due: waiting for a free slot is part of the answer time.
    const request = timed(i, times, due).finally(() => inFlight.delete(request));
    inFlight.add(request);
  }
  await Promise.all(inFlight);
}

await closedLoop(0, options.warmup, []);
while (!seen.every((s) => s.size >= options.warmup)) await new Promise((resolve) => setTimeout(resolve, 2));
const times: number[] = [];
// Tells the parent to start counting the server's CPU: setup and warm-up are not the messages measured.
process.stdout.write('measuring\n');
const cpuBefore = process.cpuUsage();
const loopDelay = monitorEventLoopDelay({ resolution: 1 });
loopDelay.enable();
const started = performance.now();
if (options.rate) await openLoop(options.warmup, total, options.rate, times);
else await closedLoop(options.warmup, total, times);
const answeredSeconds = (performance.now() - started) / 1000;
const deadline = performance.now() + 120_000;
while (!seen.every((s) => s.size >= total) && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 2));
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
loopDelay.disable();
await Promise.all(clients.map((c) => c.dispose()));
agent.destroy();
const figures: LoadFigures = {
  seconds,
  answeredSeconds,
  times,
  seen: seen.map((s) => s.size - options.warmup),
  cpuMs: (cpu.user + cpu.system) / 1000,
  loopDelayP99: Number((loopDelay.percentile(99) / 1e6).toFixed(1)),
};
process.stdout.write(`${JSON.stringify(figures)}\n`);

/**
 * The client side of fan-out.ts, in its own process so its CPU is not the server's: signs in every
 * attendant, subscribes one graphql-ws client (its own WebSocket) per attendant to
 * streamCustomerChat, sends inbound messages through the sandbox API at a fixed rate, each from the
 * customer whose ticket one attendant holds (in turn), and times each message from its sending to
 * its arrival at every client that receives it. Prints one JSON line with the figures.
 *
 *   node --import tsx tests/bench/_fan-out-load.ts <json options>
 */
import { Agent, request as httpRequest } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

export interface FanOutOptions {
  url: string;
  instanceId: number;
  /** Sign-ins of the subscribed users; `phones[i]` writes to the ticket `emails[i]` holds (unset: the admin, who sees every ticket). */
  emails: string[];
  password: string;
  /** The customers written to, in turn. */
  phones: string[];
  rate: number;
  messages: number;
  run: string;
}

export interface FanOutFigures {
  /** Per (message, receiving client): ms from sending the message to the client holding its document. */
  latencies: number[];
  /** Messages whose expected client never got them within the wait. */
  missing: number;
  /** Documents of the run received by a client that was not expected to see them. */
  unexpected: number;
  httpTimes: number[];
  seconds: number;
  cpuMs: number;
  loopDelayP99: number;
}

const options = JSON.parse(process.argv[2] ?? '{}') as FanOutOptions;
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
const target = new URL(options.url);

function post(path: string, body: unknown, token?: string): Promise<{ status: number; text: string }> {
  const payload = Buffer.from(JSON.stringify(body));
  const headers: Record<string, string | number> = { 'content-type': 'application/json', 'content-length': payload.length };
  if (token) headers.authorization = `Bearer ${token}`;
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: target.hostname, port: target.port, method: 'POST', path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

async function signIn(email: string): Promise<string> {
  const { text } = await post('/demo/graphql', { query: 'mutation ($e: String!, $p: String!) { logIn(email: $e, password: $p) { token } }', variables: { e: email, p: options.password } });
  const token = (JSON.parse(text) as { data?: { logIn?: { token?: string } } }).data?.logIn?.token;
  if (!token) throw new Error(`sign-in of ${email} failed: ${text}`);
  return token;
}

const sentAt = new Map<number, number>();
/** receivedBy[client] = message numbers of this run it received. */
const receivedBy = options.emails.map(() => new Set<number>());
const latencies: number[] = [];
const marker = `fan ${options.run} `;

function subscribe(token: string, client: number): Promise<Client> {
  const ws = createClient({ url: `${options.url.replace('http', 'ws')}/demo/graphql`, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${token}` }, lazy: false });
  return new Promise((resolve, reject) => {
    ws.subscribe<{ streamCustomerChat: { documents: Array<{ message: string | null }>; resync: boolean } }>(
      { query: `subscription { streamCustomerChat(instance_id: "${options.instanceId}") { resync documents { message } } }` },
      {
        next: (result) => {
          const bulk = result.data?.streamCustomerChat;
          if (bulk?.resync) resolve(ws);
          const now = performance.now();
          for (const doc of bulk?.documents ?? []) {
            if (!doc.message?.startsWith(marker)) continue;
            const n = Number(doc.message.slice(marker.length));
            if (receivedBy[client]!.has(n)) continue;
            receivedBy[client]!.add(n);
            latencies.push(now - sentAt.get(n)!);
          }
        },
        error: reject,
        complete: () => undefined,
      },
    );
  });
}

/** Sign-ins a few at a time: each one hashes a password on the server. */
async function inTurns<T>(count: number, parallel: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await fn(i);
      }
    }),
  );
  return out;
}

const tokens = await inTurns(options.emails.length, 8, (i) => signIn(options.emails[i]!));
const clients = await inTurns(tokens.length, 16, (i) => subscribe(tokens[i]!, i));
process.stdout.write('measuring\n');

const cpuBefore = process.cpuUsage();
const loopDelay = monitorEventLoopDelay({ resolution: 1 });
loopDelay.enable();
const httpTimes: number[] = [];
const started = performance.now();
const inFlight = new Set<Promise<void>>();
for (let n = 0; n < options.messages; n++) {
  const wait = started + (n / options.rate) * 1000 - performance.now();
  if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
  const phone = options.phones[n % options.phones.length]!;
  sentAt.set(n, performance.now());
  const request = post(`/api/sandbox/demo/${options.instanceId}/inbound`, { from: phone, name: `Cliente ${phone}`, text: `${marker}${n}` }).then(({ status, text }) => {
    if (status >= 300) throw new Error(`message ${n}: HTTP ${status} ${text}`);
    httpTimes.push(performance.now() - sentAt.get(n)!);
  });
  const tracked = request.finally(() => inFlight.delete(tracked));
  inFlight.add(tracked);
}
await Promise.all(inFlight);
/** Which client should see message n: the holder of its customer's ticket, or every client when they are administrators. */
const expected = (n: number): number[] => (options.emails.length === options.phones.length ? [n % options.phones.length] : options.emails.map((_, i) => i));
const complete = () => {
  for (let n = 0; n < options.messages; n++) for (const client of expected(n)) if (!receivedBy[client]!.has(n)) return false;
  return true;
};
const deadline = performance.now() + 30_000;
while (!complete() && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
loopDelay.disable();
let missing = 0;
let expectedPairs = 0;
for (let n = 0; n < options.messages; n++) {
  for (const client of expected(n)) {
    expectedPairs++;
    if (!receivedBy[client]!.has(n)) missing++;
  }
}
const received = receivedBy.reduce((sum, set) => sum + set.size, 0);
await Promise.all(clients.map((client) => client.dispose()));
agent.destroy();
const figures: FanOutFigures = {
  latencies,
  missing,
  unexpected: received - (expectedPairs - missing),
  httpTimes,
  seconds,
  cpuMs: (cpu.user + cpu.system) / 1000,
  loopDelayP99: Number((loopDelay.percentile(99) / 1e6).toFixed(1)),
};
process.stdout.write(`${JSON.stringify(figures)}\n`);

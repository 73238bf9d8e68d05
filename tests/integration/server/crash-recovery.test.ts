import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/server/db/database';
import { ACK } from '../../../src/shared/domain/messages';
import { testServerUrl } from '../../helpers/test-database';
import { MESSAGE_FIELDS } from './support/operations';

/**
 * Issue 13 §2: a server killed with SIGKILL in the middle of sending (claims taken, sends handed
 * to the channel, provider ids not yet recorded) and of the sandbox's sent → delivered → read
 * steps, then started again on the same database. Every message reaches the customer exactly once,
 * in the order written per customer, without waiting out a long lease, and every one ends read.
 */
const CHILD = fileURLToPath(new URL('./support/crash-child.ts', import.meta.url));
const ACK_STEP_MS = 400;
const CUSTOMERS = 4;
const PER_CUSTOMER = 12;

interface Running {
  child: ChildProcess;
  url: string;
}

function startChild(dataDir: string, databaseUrl: string): Promise<Running> {
  const child = fork(CHILD, [dataDir, databaseUrl, String(ACK_STEP_MS)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ child, url: (m as { url: string }).url }));
    child.once('exit', (code) => reject(new Error(`server exited early (${code})`)));
  });
}

const killHard = (running: Running): Promise<void> =>
  new Promise((resolve) => {
    running.child.once('exit', () => resolve());
    running.child.kill('SIGKILL');
  });

async function until<T>(check: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`not in ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A fresh PostgreSQL database for the child when the suite runs on a server; '' for PGlite. */
async function freshServerDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!testServerUrl) return { url: '', drop: async () => undefined };
  const name = `pedbot_crash_${randomBytes(6).toString('hex')}`;
  const admin = await openDatabase({ databaseUrl: testServerUrl, migrate: false });
  await admin.asOwner((db) => sql.raw(`create database ${name}`).execute(db));
  await admin.close();
  const url = new URL(testServerUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = await openDatabase({ databaseUrl: testServerUrl, migrate: false });
      await cleanup.asOwner((db) => sql.raw(`drop database if exists ${name} with (force)`).execute(db));
      await cleanup.close();
    },
  };
}

describe('a server killed mid-send and mid-acks', () => {
  let dataDir: string;
  let database: { url: string; drop: () => Promise<void> };
  let running: Running | null = null;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pedbot-crash-'));
    database = await freshServerDatabase();
    // On PGlite the child starts from the suite's migrated template, written into its data folder.
    const template = process.env.PEDBOT_TEST_TEMPLATE;
    if (!database.url && template) {
      const seeded = await openDatabase({ pgliteDir: join(dataDir, 'pglite'), pgliteSnapshot: new Blob([await readFile(template)]), migrate: false });
      await seeded.close();
    }
  });
  afterAll(async () => {
    if (running) await killHard(running);
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const call = async (path: string, init: RequestInit = {}): Promise<Record<string, unknown>> => {
    const response = await fetch(`${running!.url}${path}`, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
    return (await response.json()) as Record<string, unknown>;
  };
  const gql = async (query: string, variables: Record<string, unknown>, token?: string) => {
    const body = await call('/demo/graphql', { method: 'POST', body: JSON.stringify({ query, variables }), headers: token ? { authorization: `Bearer ${token}` } : {} });
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return body.data as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  };

  it('delivers every send once, in order per customer, and resumes the ack steps to read', async () => {
    running = await startChild(dataDir, database.url);
    // The demo's main connection (the other one greets customers with a robot first).
    const { instances } = (await call('/api/sandbox/demo/instances')) as { instances: Array<{ id: number; name: string }> };
    const instanceId = String(instances.find((i) => i.name === 'WhatsApp Loja Demo')!.id);
    const login = async () =>
      (await gql('mutation ($e: String!, $p: String!) { logIn(email: $e, password: $p) { token } }', { e: 'admin@demo.local', p: 'Pedbot@demo1' })).logIn
        .token as string;
    let token = await login();

    const phones = Array.from({ length: CUSTOMERS }, (_, c) => `551197700${String(c).padStart(4, '0')}`);
    for (const phone of phones) {
      await call(`/api/sandbox/demo/${instanceId}/inbound`, { method: 'POST', body: JSON.stringify({ from: phone, name: `Queda ${phone.slice(-2)}`, text: 'Oi' }) });
    }
    const pulled = await gql(
      `query ($i: ID!) { pullCustomer(checkpoint: null, limit: 1000, instance_id: $i) { documents { id phone_number } } }`,
      { i: instanceId },
      token,
    );
    const customerOf = new Map<string, string>(
      (pulled.pullCustomer.documents as Array<{ id: string; phone_number: string }>).map((c) => [c.phone_number, c.id]),
    );
    const text = (c: number, n: number) => `queda c${c} m${String(n).padStart(2, '0')}`;
    const run = randomBytes(3).toString('hex');
    // One push per round, one message per customer in each: the queue interleaves the customers.
    for (let n = 0; n < PER_CUSTOMER; n++) {
      const rows = phones.map((phone, c) => {
        const hash = `crash-${run}-${c}-${n}`;
        return { newDocumentState: { id: `tmp:${hash}`, is_temp: true, hash, customer_id: customerOf.get(phone), instance_id: instanceId, message: text(c, n) } };
      });
      await gql(`mutation ($rows: [CustomerChatPushRow!]!) { pushCustomerChat(rows: $rows) { id } }`, { rows }, token);
    }

    type Sent = { id: string; text: string; ack_label: string };
    const outbox = async (): Promise<Sent[]> => ((await call(`/api/sandbox/demo/${instanceId}/outbox`)) as { messages: Sent[] }).messages.filter((m) => m.text?.startsWith('queda '));
    const total = CUSTOMERS * PER_CUSTOMER;
    // Kill while sends are in flight and many ack steps are still to come.
    await until(async () => ((await outbox()).length >= 12 ? true : undefined), 30_000, 'sends started');
    await killHard(running);
    running = null;

    running = await startChild(dataDir, database.url);
    token = await login();
    // No send waits out a long lease (it was 2 minutes), none stays at one tick.
    const delivered = await until(
      async () => {
        const sent = await outbox();
        return sent.length >= total && sent.every((m) => m.ack_label === 'read') ? sent : undefined;
      },
      30_000,
      'every message sent and read on the phone',
    );
    // Exactly once, and per customer in the order written.
    expect(delivered).toHaveLength(total);
    for (let c = 0; c < CUSTOMERS; c++) {
      expect(delivered.filter((m) => m.text.startsWith(`queda c${c} `)).map((m) => m.text)).toEqual(Array.from({ length: PER_CUSTOMER }, (_, n) => text(c, n)));
    }
    // The console shows each as read, with the id the phone has.
    const byText = new Map(delivered.map((m) => [m.text, m.id]));
    await until(
      async () => {
        const { pullCustomerChat } = await gql(
          `query ($i: ID!) { pullCustomerChat(checkpoint: null, limit: 1000, instance_id: $i) { documents { ${MESSAGE_FIELDS} } } }`,
          { i: instanceId },
          token,
        );
        const mine = (pullCustomerChat.documents as Array<{ message: string; ack: number; whatsapp_message_id: string; from_me: boolean }>).filter(
          (m) => m.from_me && m.message?.startsWith('queda '),
        );
        const done = mine.length === total && mine.every((m) => m.ack === ACK.read && m.whatsapp_message_id === byText.get(m.message));
        return done ? true : undefined;
      },
      15_000,
      'every message read in the console',
    );
  }, 120_000);
});

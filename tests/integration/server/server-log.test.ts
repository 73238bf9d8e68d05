import { fork } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../../src/server/config';
import { testServerUrl } from '../../helpers/test-database';

const CHILD = fileURLToPath(new URL('./support/log-child.ts', import.meta.url));
const MAIL_LINE = 'mail not sent (SMTP_URL unset)';

interface LogLine {
  level?: number;
  msg?: string;
  [field: string]: unknown;
}

/** Starts a server at `logLevel`, runs `work` against it, and returns everything it wrote to stdout. */
async function serverOutput(logLevel: 'debug', work: (url: string) => Promise<void>): Promise<string[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'pedbot-log-'));
  dirs.push(dataDir);
  const env = { ...process.env };
  for (const name of ['LOG_LEVEL', 'DATABASE_URL', 'SMTP_URL', 'REDIS_URL', 'NODE_ENV', 'JWT_SECRET', 'DATA_ENCRYPTION_KEY']) delete env[name];
  const child = fork(CHILD, [dataDir, logLevel], { execArgv: ['--import', 'tsx'], env, stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { url: string }).url));
    child.once('exit', (code) => reject(new Error(`server exited early (${code})`)));
  });
  try {
    await work(url.replace('localhost', '127.0.0.1'));
    // The log is written asynchronously: give the last lines a moment.
    await new Promise((resolve) => setTimeout(resolve, 300));
  } finally {
    child.disconnect();
    await exited;
  }
  return output.split('\n').filter((line) => line.trim() !== '');
}

const json = (lines: string[]): LogLine[] =>
  lines.flatMap((line) => {
    try {
      return [JSON.parse(line) as LogLine];
    } catch {
      return [];
    }
  });

const FORGOT = 'mutation { forgot(email: "ana@demo.local") }';
async function tour(url: string): Promise<void> {
  for (const path of ['/api/settings/whatsapp_status', '/api/settings/maintenance_status', '/demo/login?next=/x']) await fetch(`${url}${path}`);
  await fetch(`${url}/demo/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: FORGOT }) });
}

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** Issue 13 §3: the log of a running server (a process of its own, its real stdout); the database plays no part. */
describe.skipIf(Boolean(testServerUrl))('the server log', () => {
  // One process (a fresh server takes long to start on a busy machine): at debug, so the request lines show,
  // with their level proving the default level (info) leaves them out.
  it('keeps the banner in view, logs each request once at debug without its query, and the reset link as the README says', async () => {
    const lines = await serverOutput('debug', tour);
    expect(lines.some((line) => /^PedBot em http:\/\/localhost:\d+$/.test(line))).toBe(true);
    expect(lines.some((line) => line.startsWith('Contas de demonstração'))).toBe(true);
    const logged = json(lines);
    const requests = logged.filter((line) => /request/i.test(line.msg ?? ''));
    expect(requests.map((line) => [line.level, line.msg, line.method, line.path, line.status])).toEqual([
      [20, 'request', 'GET', '/api/settings/whatsapp_status', 200],
      [20, 'request', 'GET', '/api/settings/maintenance_status', 200],
      [20, 'request', 'GET', '/demo/login', expect.any(Number)],
      [20, 'request', 'POST', '/demo/graphql', 200],
    ]);
    // Above debug (the default info level) nothing is logged for these requests but the reset mail.
    expect(logged.filter((line) => (line.level ?? 0) > 20 && !/listening/.test(line.msg ?? '')).map((line) => line.msg)).toEqual([MAIL_LINE]);

    // The README tells where a reset link goes without SMTP_URL in the log line's own words.
    const mail = logged.find((line) => line.msg === MAIL_LINE);
    expect(mail).toMatchObject({ level: 30, to: 'ana@demo.local', link: expect.stringMatching(/^http:\/\/localhost:\d+\/demo\/forgot\/\S+$/) });
    const readme = await readFile(join(projectRoot, 'README.md'), 'utf8');
    expect(readme).toContain(`\`${MAIL_LINE}\``);
    expect(readme).toMatch(/`mail not sent \(SMTP_URL unset\)` line[^.]*`link`/);
  }, 240_000);
});

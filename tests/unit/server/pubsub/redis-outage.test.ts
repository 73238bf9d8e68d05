import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../../../../src/server/logger';
import { createRedisPubSub } from '../../../../src/server/pubsub/redis';

const REDIS_SERVER = '/usr/bin/redis-server';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'ignore'] });
  await new Promise<void>((resolve) => child.stdout!.on('data', (chunk: Buffer) => String(chunk).includes('Ready to accept') && resolve()));
  return child;
}
const stopRedis = (child: ChildProcess) => new Promise((resolve) => child.once('exit', resolve).kill('SIGKILL'));

/** Issue 13: a Redis outage is two structured log lines, not a raw stack per reconnect. */
describe.skipIf(!existsSync(REDIS_SERVER))('Redis outage', () => {
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) await stopRedis(child);
  });

  it('logs the outage once when it starts and once when it ends, and prints nothing to stderr', async () => {
    const port = await freePort();
    children.push(await startRedis(port));
    const lines: Array<[string, string]> = [];
    const record = (level: string) => (_fields: unknown, message: string) => lines.push([level, message]);
    const logger = { error: record('error'), warn: record('warn'), info: record('info') } as unknown as Logger;
    const stderr = vi.spyOn(console, 'error');
    const bus = createRedisPubSub(`redis://127.0.0.1:${port}`, { logger, prefix: 'outage-test:' });
    const seen: unknown[] = [];
    await bus.subscribe('ping', (event) => seen.push(event));

    await stopRedis(children[0]!);
    // Several reconnect attempts fail meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(lines).toEqual([['error', expect.stringContaining('outage started')]]);

    children.push(await startRedis(port));
    await expect.poll(() => lines.length, { timeout: 10_000 }).toBe(2);
    expect(lines[1]).toEqual(['warn', expect.stringContaining('outage ended')]);
    // The bus works again: the subscription was restored.
    await expect.poll(async () => {
      await bus.publish('ping', { n: 1 });
      return seen.length;
    }, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(stderr.mock.calls.filter(([first]) => String(first).includes('ioredis'))).toEqual([]);
    stderr.mockRestore();
    await bus.close();
  }, 30_000);
});

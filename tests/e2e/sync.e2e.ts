import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DEMO_PASSWORD, launchChromium, setNetwork } from './support/browser';

/**
 * The data module in real Chromium (issue 3 §4): the harness page (src/app/data/harness, built
 * here into dist/sync-harness with its own service worker holding the app's outbox queue) runs
 * the app binding against the real server: IndexedDB through Dexie, replication, a reload while
 * offline with the outbox intact, and the outbox delivered once when the network is back.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const harnessDir = `${root}src/app/data/harness`;
const outDir = `${root}dist/sync-harness`;

async function buildHarness(): Promise<void> {
  await build({ configFile: false, root: harnessDir, base: '/sync-harness/', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  await build({
    configFile: false,
    logLevel: 'warn',
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      outDir,
      emptyOutDir: false,
      minify: false,
      lib: { entry: `${harnessDir}/harness-sw.ts`, formats: ['iife'], name: 'pedbotHarnessWorker', fileName: () => 'sw.js' },
    },
  });
}

interface LocalMessage {
  id: string;
  hash: string;
  is_temp: boolean;
  message?: string;
  ack: number;
  chat_ticket_id?: string;
}

const instances = async (): Promise<string> => {
  const body = (await (await fetch(`${baseUrl()}/api/sandbox/demo/instances`)).json()) as { instances: Array<{ id: number }> };
  return String(body.instances[0]?.id);
};
const inbound = async (instanceId: string, from: string, text: string) => {
  const response = await fetch(`${baseUrl()}/api/sandbox/demo/${instanceId}/inbound`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ from, text, name: 'Cliente do teste' }),
  });
  expect(response.status).toBe(202);
};
const outboxCount = async (instanceId: string, text: string) => {
  const body = (await (await fetch(`${baseUrl()}/api/sandbox/demo/${instanceId}/outbox`)).json()) as { messages: Array<{ text: string | null }> };
  return body.messages.filter((m) => m.text === text).length;
};
const messages = (page: Page) => page.evaluate(() => window.pedbotHarness.messages()) as Promise<LocalMessage[]>;

describe('data module in Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    await buildHarness();
    browser = await launchChromium();
    context = await browser.newContext({ baseURL: baseUrl(), locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('replicates into IndexedDB, keeps an offline send across a reload, and delivers it once online', async () => {
    const instanceId = await instances();
    const phone = '5511966660001';
    await inbound(instanceId, phone, 'Olá, estou no navegador');

    await page.goto('/sync-harness/index.html');
    await page.evaluate(() => window.pedbotHarness.registerWorker());
    await page.reload();
    await page.evaluate(([password]) => window.pedbotHarness.signIn('demo', 'admin@demo.local', password!), [DEMO_PASSWORD]);
    await page.evaluate((id) => window.pedbotHarness.start(id), instanceId);

    await expect
      .poll(async () => (await messages(page)).some((m) => m.message === 'Olá, estou no navegador'), { timeout: 20_000 })
      .toBe(true);
    const ticketId = (await messages(page)).find((m) => m.message === 'Olá, estou no navegador')!.chat_ticket_id!;
    const databases = await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? ''));
    expect(databases.some((name) => name.includes('pedbot'))).toBe(true);
    await expect.poll(() => page.locator('#health').textContent(), { timeout: 10_000 }).toBe('Online');
    await expect.poll(() => page.evaluate(() => window.pedbotHarness.isLeader())).toBe(true);

    await setNetwork(context, false);
    await expect.poll(() => page.locator('#health').textContent(), { timeout: 15_000 }).toMatch(/^Offline desde \d{2}:\d{2}$/);
    const text = `Enviada sem rede ${Date.now()}`;
    const temp = (await page.evaluate(([id, t]) => window.pedbotHarness.send(id!, t!), [ticketId, text])) as LocalMessage;
    expect(temp).toMatchObject({ is_temp: true, ack: 0 });
    await expect.poll(() => page.evaluate(() => window.pedbotHarness.queuedSends()), { timeout: 15_000 }).toBeGreaterThan(0);

    await page.reload();
    await page.waitForFunction(() => !!window.pedbotHarness);
    expect(await page.evaluate(() => window.pedbotHarness.resume())).toBe(true);
    const afterReload = await messages(page);
    expect(afterReload.filter((m) => m.hash === temp.hash)).toEqual([expect.objectContaining({ is_temp: true, message: text })]);
    expect(await outboxCount(instanceId, text)).toBe(0);

    await setNetwork(context, true);
    await expect
      .poll(
        async () => {
          const local = (await messages(page)).filter((m) => m.hash === temp.hash);
          return local.length === 1 && !local[0]!.is_temp;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await expect.poll(() => outboxCount(instanceId, text), { timeout: 15_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await outboxCount(instanceId, text)).toBe(1);
  });

  it('replicates in one tab only, and another takes over within seconds when it closes', async () => {
    const second = await context.newPage();
    await second.goto('/sync-harness/index.html');
    await second.waitForFunction(() => !!window.pedbotHarness);
    expect(await second.evaluate(() => window.pedbotHarness.resume())).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const leading = async () => [await page.evaluate(() => window.pedbotHarness.isLeader()), await second.evaluate(() => window.pedbotHarness.isLeader())];
    expect(await leading()).toEqual([true, false]);
    await expect.poll(() => second.locator('#health').textContent(), { timeout: 10_000 }).toBe('Online');

    const closedAt = Date.now();
    await page.close();
    await expect.poll(() => second.evaluate(() => window.pedbotHarness.isLeader()), { timeout: 10_000 }).toBe(true);
    expect(Date.now() - closedAt).toBeLessThan(5_000);
    const instanceId = await instances();
    await inbound(instanceId, '5511966660001', 'Chegou na outra aba');
    await expect
      .poll(async () => (await messages(second)).some((m) => m.message === 'Chegou na outra aba'), { timeout: 15_000 })
      .toBe(true);
    page = second;
  });
});

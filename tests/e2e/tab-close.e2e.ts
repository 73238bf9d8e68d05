import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, baseUrl, launchChromium, newPage } from './support/browser';

/**
 * Issue 13 §2: an attendant presses Enter and closes the tab 0–800 ms later, again and again, while
 * the local database is busy. The message must be in it before the composer lets go of it (the page asks before
 * leaving while the write is pending: the attendant here stays when asked, and closes again), so
 * after reopening every message reaches the customer exactly once and no sent text is left behind
 * as a draft.
 */
// Each round holds the local database busy past the latest close (1.2 s against 0.8 s), so every round closes
// while the write is pending: eight closes spread over 0–800 ms test what sixteen did in half the time.
const ROUNDS = 8;

const composer = (page: Page) => page.getByRole('textbox', { name: 'Mensagem' });
const row = (page: Page, name: string) => page.getByTestId('virtual-list').getByRole('button', { name: new RegExp(`^${name}`) });

/**
 * Keeps the local messages store busy for `ms` with a write transaction of its own, as a large
 * pull's write does: the composer's write queues behind it, so the tab closes while it is pending.
 */
async function busyLocalDatabase(page: Page, ms: number): Promise<void> {
  await page.evaluate(async (holdMs) => {
    const name = (await indexedDB.databases()).map((d) => d.name ?? '').find((n) => n.endsWith('--customerchats'));
    if (!name) throw new Error('no local messages store');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const store = db.transaction('docs', 'readwrite').objectStore('docs');
    const until = Date.now() + holdMs;
    const spin = () => {
      if (Date.now() < until) store.count().onsuccess = spin;
      else db.close();
    };
    spin();
  }, ms);
}

/** Closes the tab as a user does: the page may ask first; then the user stays and tries again shortly. */
async function closeTab(page: Page): Promise<number> {
  let asked = 0;
  page.on('dialog', (dialog) => {
    asked += 1;
    void dialog.dismiss();
  });
  const closed = new Promise<void>((resolve) => page.once('close', () => resolve()));
  for (;;) {
    await page.close({ runBeforeUnload: true }).catch(() => undefined);
    const done = await Promise.race([closed.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 150))]);
    if (done) return asked;
  }
}

describe('a tab closed right after Enter', () => {
  let browser: Browser;
  let context: BrowserContext;
  let instanceId: string;

  beforeAll(async () => {
    browser = await launchChromium();
    // The demo's main connection (the other one greets customers with a robot first).
    const body = (await (await fetch(`${baseUrl()}/api/sandbox/demo/instances`)).json()) as { instances: Array<{ id: number; name: string }> };
    instanceId = String(body.instances.find((i) => i.name === 'WhatsApp Loja Demo')?.id);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('delivers every message exactly once after reopening', { timeout: 300_000 }, async () => {
    const phone = `55119${String(Date.now()).slice(-8)}`;
    const name = `Aba ${phone.slice(-4)}`;
    const response = await fetch(`${baseUrl()}/api/sandbox/demo/${instanceId}/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: phone, name, text: 'Oi, pode me responder?' }),
    });
    expect(response.status).toBe(202);
    const received = async (): Promise<string[]> => {
      const outbox = (await (await fetch(`${baseUrl()}/api/sandbox/demo/${instanceId}/outbox?to=${phone}`)).json()) as { messages: Array<{ text: string | null }> };
      return outbox.messages.map((m) => m.text ?? '');
    };

    let page: Page;
    ({ context, page } = await newPage(browser));
    // "Lembrar-me": the session outlives the tab, as the attendant who closes tabs relies on.
    await page.goto('/demo/login');
    await page.getByRole('textbox', { name: 'E-mail' }).fill('admin@demo.local');
    await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('checkbox', { name: 'Lembrar-me' }).check();
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('navigation', { name: 'Menu principal' }).waitFor();
    await page.goto('/demo/instances/list/choose-instance');
    await page.getByRole('button', { name: 'Atender pela conexão WhatsApp Loja Demo' }).click();
    await page.goto('/demo/chat/attendance');
    await row(page, name).click({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Assumir atendimento' }).first().click();
    await composer(page).waitFor({ timeout: 15_000 });

    const texts: string[] = [];
    let asked = 0;
    for (let round = 0; round < ROUNDS; round++) {
      if (round > 0) {
        page = await context.newPage();
        await page.goto('/demo/chat/attendance');
        await page.getByRole('tab', { name: /Meus/ }).click({ timeout: 20_000 });
        await row(page, name).click({ timeout: 20_000 });
        await composer(page).waitFor({ timeout: 15_000 });
      }
      const text = `Resposta ${round} antes de fechar a aba`;
      texts.push(text);
      await composer(page).fill(text);
      await busyLocalDatabase(page, 1_200);
      await composer(page).press('Enter');
      await page.waitForTimeout(Math.round((round * 800) / (ROUNDS - 1)));
      asked += await closeTab(page);
    }
    // The page asked before leaving while a write was pending.
    expect(asked).toBeGreaterThan(0);

    page = await context.newPage();
    await page.goto('/demo/chat/attendance');
    await page.getByRole('tab', { name: /Meus/ }).click({ timeout: 20_000 });
    await row(page, name).click({ timeout: 20_000 });
    await composer(page).waitFor({ timeout: 15_000 });
    await expect.poll(received, { timeout: 60_000 }).toEqual(texts);
    expect(await composer(page).inputValue()).toBe('');
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await received()).toEqual(texts);
  });
});

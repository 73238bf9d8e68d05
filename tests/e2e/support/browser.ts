import { mkdir } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { inject } from 'vitest';

export const baseUrl = (): string => inject('baseUrl');

export const ARTIFACTS_DIR = new URL('../artifacts/', import.meta.url).pathname;

/**
 * Debian's Chromium, headless, with the flags that keep it quiet and offline-safe (DESIGN §7).
 * Playwright gives each launch a fresh temporary profile (user-data dir).
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function newPage(browser: Browser, viewport = { width: 1440, height: 900 }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const page = await context.newPage();
  return { context, page };
}

export const DEMO_PASSWORD = 'Pedbot@demo1';

/** Signs in through the login form, as a user would, and waits for the signed-in page. */
export async function signIn(page: Page, email: string, path = '/demo/login'): Promise<void> {
  await page.goto(path);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByRole('navigation', { name: 'Menu principal' }).waitFor();
}

/** Waits for the splash to go and for menus and the side menu to finish moving, then shoots. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  await page.locator('#splash').waitFor({ state: 'detached' });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${ARTIFACTS_DIR}${name}.png` });
}

const abortServiceWorkerRequest = (route: Route) =>
  route.request().serviceWorker() ? route.abort('internetdisconnected') : route.fallback();

/**
 * Takes the browser off the network and back. `setOffline` alone can miss the service worker
 * (a worker restarted after idling may fetch before the emulation reaches it: playwright#2311),
 * so its requests are also aborted as a lost connection would.
 */
export async function setNetwork(context: BrowserContext, online: boolean): Promise<void> {
  if (online) {
    await context.unroute('**/*', abortServiceWorkerRequest);
    await context.setOffline(false);
  } else {
    await context.route('**/*', abortServiceWorkerRequest);
    await context.setOffline(true);
  }
}

/**
 * Starts watching the page for `text` and returns a reader of the page clock's time it first appeared in the
 * DOM. A locator's wait polls at growing intervals (up to 500 ms apart), so timing an arrival by when the wait
 * returns measures Playwright's polling as much as the app; the page's own observer sees the mutation itself.
 */
export async function watchForText(page: Page, text: string): Promise<() => Promise<number | null>> {
  const key = await page.evaluate((wanted) => {
    const seen = ((window as unknown as { __pedbotSeen?: Record<string, number> }).__pedbotSeen ??= {});
    const look = (): boolean => {
      if (!document.body.textContent?.includes(wanted)) return false;
      seen[wanted] = Date.now();
      return true;
    };
    if (!look()) {
      const observer = new MutationObserver(() => {
        if (look()) observer.disconnect();
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    }
    return wanted;
  }, text);
  return () => page.evaluate((wanted) => (window as unknown as { __pedbotSeen?: Record<string, number> }).__pedbotSeen?.[wanted] ?? null, key);
}

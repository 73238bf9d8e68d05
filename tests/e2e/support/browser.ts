import { mkdir } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { inject } from 'vitest';
import { USER_FIELDS } from '../../../src/app/api/auth-operations';
import { PLACEHOLDER_IP } from '../../../src/app/api/client-ip';
import { HOME_PATH } from '../../../src/shared/domain/routes';
import { graphqlAt } from './graphql';

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
export async function signInThroughForm(page: Page, email: string): Promise<void> {
  await page.goto('/demo/login');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByRole('navigation', { name: 'Menu principal' }).waitFor();
}

/**
 * Signs in as the login form does (its `logIn` call, the session it stores for the tab, the presence it announces)
 * without loading the login page first, and opens the page a sign-in lands on. Each app load costs a second or
 * more of CPU on the 2-core CI machine; the form itself has its own stories (sign-in.e2e.ts).
 */
export async function signIn(page: Page, email: string): Promise<void> {
  // Any page of the origin that is not the app, to reach its storage.
  await page.goto('/manifest.webmanifest');
  const origin = new URL(page.url()).origin;
  const login = `mutation ($email: String!, $password: String!) {
    logIn(email: $email, password: $password, remember: false, ip: "${PLACEHOLDER_IP}") { token refresh_token expires_in two_factor_required user { ${USER_FIELDS} } }
  }`;
  const { logIn } = (await graphqlAt(origin, login, { email, password: DEMO_PASSWORD })) as {
    logIn: { token: string | null; refresh_token: string; expires_in: number; two_factor_required: boolean; user: unknown };
  };
  if (!logIn.token) throw new Error(`sign-in of ${email} needs ${logIn.two_factor_required ? 'a second factor' : 'a token'}: use signInThroughForm`);
  const session = { tenant: 'demo', token: logIn.token, refreshToken: logIn.refresh_token, expiresAt: Date.now() + logIn.expires_in * 1000, user: logIn.user, remember: false };
  await page.evaluate((stored) => {
    sessionStorage.setItem('pedbot.session', JSON.stringify(stored));
    localStorage.removeItem('pedbot.session');
    localStorage.setItem('pedbot.last-tenant', JSON.stringify('demo'));
  }, session);
  await graphqlAt(origin, `mutation ($ip: String) { connected(ip: $ip) }`, { ip: PLACEHOLDER_IP }, logIn.token);
  await page.goto(`/demo/${HOME_PATH}`);
  await page.getByRole('navigation', { name: 'Menu principal' }).waitFor();
}

/**
 * Pictures are for a person to look at, and nobody looks at a CI run's: the stories take theirs only when
 * PEDBOT_SCREENSHOTS=1 (the tours always do), which saves about a second a picture on the 2-core machine.
 */
const SHOOT = process.env.PEDBOT_SCREENSHOTS === '1';

/** Waits for the splash to go and for menus and the side menu to finish moving, then shoots. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.locator('#splash').waitFor({ state: 'detached' });
  if (!SHOOT) return;
  await mkdir(ARTIFACTS_DIR, { recursive: true });
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

import { readFile, writeFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchChromium, newPage, setNetwork, signIn } from './support/browser';

const SW_FILE = new URL('../../dist/sw.js', import.meta.url);

const controllingWorker = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 20_000 })
    .toBe(`${baseUrl()}/sw.js`);

describe('installable offline app (PWA)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('serves the manifest with the product fields and its icons', async () => {
    const response = await fetch(`${baseUrl()}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    const manifest = (await response.json()) as Record<string, unknown> & {
      icons: Array<{ src: string; sizes: string; purpose?: string }>;
    };
    expect(manifest).toMatchObject({
      name: 'PedBot',
      short_name: 'PedBot',
      lang: 'pt-BR',
      start_url: '/',
      scope: '/',
      display: 'standalone',
    });
    expect(manifest.theme_color).toMatch(/^#/);
    expect(manifest.background_color).toMatch(/^#/);
    const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of manifest.icons) {
      const image = await fetch(`${baseUrl()}${icon.src}`);
      expect(image.headers.get('content-type'), icon.src).toBe('image/png');
    }
  });

  it('links the manifest, registers a controlling service worker with a fetch handler, and works offline', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin@demo.local');
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
    await controllingWorker(page);
    const sw = await (await fetch(`${baseUrl()}/sw.js`)).text();
    expect(sw).toContain('fetch');

    await setNetwork(context, false);
    await page.reload();
    await page.getByRole('navigation', { name: 'Menu principal' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Conexões' }).waitFor();
    await page.getByRole('status', { name: 'Conexão: Offline' }).waitFor();
    await page.goto('/demo/help/rules');
    await page.getByRole('heading', { level: 1, name: 'Regras de uso' }).waitFor();
    await setNetwork(context, true);
    await context.close();
  });

  it('lets a new service worker take over at once, then clears the runtime caches and reloads (SPEC §4)', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/demo/login');
    await controllingWorker(page);
    await page.evaluate(async () => {
      await caches.open('pedbot-media');
      (window as { beforeUpdate?: boolean }).beforeUpdate = true;
    });
    const original = await readFile(SW_FILE, 'utf8');
    try {
      await writeFile(SW_FILE, `${original}\n// next version ${Date.now()}\n`);
      const reloaded = page.waitForEvent('load', { timeout: 30_000 });
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      await reloaded;
      await page.getByRole('heading', { name: 'Entrar' }).waitFor();
      expect(await page.evaluate(() => (window as { beforeUpdate?: boolean }).beforeUpdate)).toBeUndefined();
      const cacheNames = await page.evaluate(() => caches.keys());
      expect(cacheNames).not.toContain('pedbot-media');
      expect(cacheNames.some((name) => name.startsWith('workbox-precache'))).toBe(true);
    } finally {
      await writeFile(SW_FILE, original);
    }
    await context.close();
  });
});

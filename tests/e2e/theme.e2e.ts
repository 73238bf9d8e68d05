import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, newPage, signIn } from './support/browser';

describe('themes', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser.close();
  });

  const scheme = (page: Page) =>
    page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));

  it('keeps the chosen theme across a reload', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin@demo.local');
    expect(await scheme(page)).toBe('light');
    await page.getByRole('button', { name: 'Alterar tema' }).click();
    await page.getByRole('menuitem', { name: 'Tema escuro' }).click();
    await expect.poll(() => scheme(page)).toBe('dark');
    await page.reload();
    await page.getByRole('navigation', { name: 'Menu principal' }).waitFor();
    expect(await scheme(page)).toBe('dark');
    await context.close();
  });

  it('semi-dark darkens the menu on a light page', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin@demo.local');
    await page.getByRole('button', { name: 'Alterar tema' }).click();
    await page.getByRole('menuitem', { name: 'Tema semiescuro' }).click();
    await expect.poll(() => page.locator('.pedbot-dark-surface').count()).toBe(1);
    expect(await scheme(page)).toBe('light');
    const menuBackground = await page
      .locator('.pedbot-dark-surface')
      .evaluate((element) => getComputedStyle(element).backgroundColor);
    const [r = 255, g = 255, b = 255] = menuBackground.match(/\d+/g)!.map(Number);
    expect(r + g + b).toBeLessThan(200);
    await context.close();
  });
});

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchChromium, newPage, screenshot, signIn } from '../support/browser';

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
];

async function chooseTheme(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Alterar tema' }).click();
  await page.getByRole('menuitem', { name }).click();
  await page.mouse.move(0, 0);
}

/** Pictures for a person to look at (tests/e2e/artifacts/, not committed). */
describe('screenshots', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser.close();
  });

  for (const viewport of VIEWPORTS) {
    const size = `${viewport.width}x${viewport.height}`;

    it(`login and main layout at ${size}`, async () => {
      const { context, page } = await newPage(browser, viewport);
      await page.goto('/demo/login');
      await page.getByRole('heading', { name: 'Entrar' }).waitFor();
      await screenshot(page, `login-light-${size}`);

      await signIn(page, 'admin@demo.local');
      await page.getByText('Logado com sucesso!').waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
      await page.goto('/demo/users/list');
      await page.getByRole('heading', { level: 1, name: 'Usuários' }).waitFor();
      await screenshot(page, `main-light-${size}`);

      await page.getByRole('button', { name: 'Expandir menu' }).click();
      await screenshot(page, `main-light-menu-open-${size}`);

      await chooseTheme(page, 'Tema escuro');
      await screenshot(page, `main-dark-menu-open-${size}`);
      await page.getByRole('button', { name: 'Recolher menu' }).click();
      await screenshot(page, `main-dark-${size}`);

      await chooseTheme(page, 'Tema semiescuro');
      await page.getByRole('button', { name: 'Expandir menu' }).click();
      await screenshot(page, `main-semi-dark-${size}`);

      await page.getByRole('button', { name: /Menu do usuário/ }).click();
      await page.getByRole('menuitem', { name: 'Sair' }).click();
      await chooseThemeOnLogin(page);
      await screenshot(page, `login-dark-${size}`);
      await context.close();
    });
  }
});

/** The login page has no theme switch: the stored choice applies, so set it as the app does. */
async function chooseThemeOnLogin(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.setItem('pedbot.theme', JSON.stringify('dark')));
  await page.reload();
  await page.getByRole('heading', { name: 'Entrar' }).waitFor();
}

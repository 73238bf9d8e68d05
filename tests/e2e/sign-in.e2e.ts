import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, launchChromium, newPage, signInThroughForm } from './support/browser';

describe('sign-in and the main layout', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('signs the admin in, shows the admin sections, and signs out to the login page', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, 'admin@demo.local');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/demo/instances/list/choose-instance');
    await page.getByText('Logado com sucesso!').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Conexões' }).waitFor();
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    for (const section of ['Painéis', 'Administração', 'Configurações', 'Ajuda']) {
      await menu.getByRole('button', { name: section }).waitFor();
    }
    const breadcrumbs = page.getByRole('navigation', { name: 'Trilha de navegação' });
    expect(await breadcrumbs.innerText()).toMatch(/Início\s*\/\s*Conexões\s*\/\s*Conexões/);

    await page.getByRole('button', { name: /Menu do usuário/ }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await page.getByRole('heading', { name: 'Entrar' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/demo/login');
    await page.goto('/demo/help/rules');
    await page.getByRole('heading', { name: 'Entrar' }).waitFor();
    // The installed app starts at '/': a browser that signed in before opens its tenant.
    await page.goto('/');
    await page.getByRole('heading', { name: 'Entrar' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/demo/login');
    await context.close();
  });

  it('shows only the sections an attendant may open', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, 'ana@demo.local');
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await menu.getByRole('button', { name: 'Ajuda' }).waitFor();
    expect(await menu.getByRole('button', { name: 'Administração' }).count()).toBe(0);
    await context.close();
  });

  it('refuses a wrong password with the spec text', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/demo/login');
    await page.getByRole('textbox', { name: 'E-mail' }).fill('bruno@demo.local');
    await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(`${DEMO_PASSWORD}x`);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByText('Senha ou E-mail incorreto.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/demo/login');
    await context.close();
  });

  it('returns to the page asked for after signing in', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/demo/help/rules');
    await page.getByRole('heading', { name: 'Entrar' }).waitFor();
    await page.getByRole('textbox', { name: 'E-mail' }).fill('bruno@demo.local');
    await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('heading', { level: 1, name: 'Regras de uso' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/demo/help/rules');
    await context.close();
  });
});

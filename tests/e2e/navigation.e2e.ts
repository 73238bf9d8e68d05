import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, newPage, signIn } from './support/browser';

describe('navigation rules (SPEC §2)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('sends an attendant opening users/list to not-authorized', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'ana@demo.local');
    await page.goto('/demo/users/list');
    await page.getByRole('heading', { name: 'Acesso não autorizado' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/demo/not-authorized');
    await context.close();
  });

  it('sends an unknown path to the 404 page', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/demo/nada/por/aqui');
    await page.getByRole('heading', { name: 'Página não encontrada' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/demo/pages/error-404');
    await context.close();
  });

  it('sends an unknown tenant to the tenant-invalid page', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/nao-existe/login');
    await page.getByRole('heading', { name: 'Loja não encontrada.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/nao-existe/pages/tenant-invalid');
    await context.close();
  });

  it('sends a bare / to the coming-soon page, which asks for the store and leads to its sign-in', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Entrar no PedBot' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/pages/comingsoon');
    await page.getByRole('textbox', { name: 'Endereço da sua loja' }).fill('Demo');
    await page.getByRole('button', { name: 'Ir para o login' }).click();
    await page.getByRole('textbox', { name: 'E-mail' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/demo/login');
    await context.close();
  });

  it('shows the page title and breadcrumbs of a signed-in screen', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin@demo.local');
    await page.goto('/demo/users/list');
    await page.getByRole('heading', { level: 1, name: 'Usuários' }).waitFor();
    const breadcrumbs = page.getByRole('navigation', { name: 'Trilha de navegação' });
    expect(await breadcrumbs.innerText()).toMatch(/Início\s*\/\s*Administração\s*\/\s*Usuários/);
    await context.close();
  });

  it('warns for 10 s when the browser cannot open the local database (private mode)', async () => {
    const { context, page } = await newPage(browser);
    await context.addInitScript(() => {
      IDBFactory.prototype.open = () => {
        throw new DOMException('A mutation operation was attempted on a database that did not allow mutations.', 'InvalidStateError');
      };
    });
    // The page's clock is Playwright's: the 10 s pass at once instead of in real time.
    await page.clock.install();
    await page.goto('/demo/login');
    const notice = page.getByRole('alert').filter({ hasText: 'Navegador não suportado!' });
    await notice.getByText('Não é possível utilizar o PedBot neste navegador no modo anônimo').waitFor();
    await page.clock.runFor(8_000);
    expect(await notice.count()).toBe(1);
    await page.clock.runFor(3_000);
    await notice.waitFor({ state: 'detached', timeout: 5_000 });
    await context.close();
  });
});

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchChromium, screenshot, signIn } from '../support/browser';
import { createConnectedCloudApi, DEMO_CONNECTION, startCloudApiServer, type CloudApiServer } from '../support/cloud-api-server';

const SIZES = { 1440: { width: 1440, height: 900 }, 1024: { width: 1024, height: 768 } } as const;

/** The connection and Meta template screens at 1440×900 and 1024×768, light and dark, with a Cloud API connection up. */
describe('connection screens', () => {
  let running: CloudApiServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    running = await startCloudApiServer();
    browser = await launchChromium();
    const page = await signedIn('light');
    await createConnectedCloudApi(page, 'Loja Modelos');
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await running?.close();
  });

  const pages = new Map<string, Promise<Page>>();
  function signedIn(theme: 'light' | 'dark'): Promise<Page> {
    let page = pages.get(theme);
    if (!page) {
      page = (async () => {
        const context = await browser.newContext({ baseURL: running.server.url, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
        contexts.push(context);
        if (theme === 'dark') await context.addInitScript(() => localStorage.setItem('pedbot.theme', '"dark"'));
        const opened = await context.newPage();
        await signIn(opened, 'admin@demo.local');
        return opened;
      })();
      pages.set(theme, page);
    }
    return page;
  }

  describe.each(['light', 'dark'] as const)('in the %s theme', (theme) => {
    async function shoot(name: string, path: () => string, ready: (page: Page) => Promise<unknown>): Promise<void> {
      const page = await signedIn(theme);
      for (const [width, viewport] of Object.entries(SIZES)) {
        await page.setViewportSize(viewport);
        await page.goto(path());
        await ready(page);
        await screenshot(page, `${name}-${theme}-${width}`);
      }
    }
    const text = (value: string) => (p: Page) => p.getByText(value, { exact: true }).first().waitFor();

    it('connection chooser', () => shoot('instances-choose', () => '/demo/instances/list/choose-instance', text(DEMO_CONNECTION)));
    it('connection edit', () =>
      shoot('instances-edit', () => `/demo/instances/edit/${running.demoId}`, (p) => p.getByRole('button', { name: 'Salvar alterações' }).waitFor()));
    it('sandbox build', () => shoot('instances-build-sandbox', () => `/demo/instances/build/${running.demoId}`, text('Conexão de teste (sandbox)')));
    it('template list', () => shoot('templates-list', () => '/demo/meta/template-messages', (p) => p.getByRole('table').waitFor()));
    it('template add with its preview', () =>
      shoot('templates-add', () => '/demo/meta/template-messages/add', async (p) => {
        await p.getByRole('textbox', { name: 'Nome do modelo' }).fill('boas_vindas');
        await p.getByRole('textbox', { name: 'Cabeçalho (opcional)' }).fill('Bem-vindo à Loja Demo');
        await p.getByRole('textbox', { name: 'Corpo da mensagem' }).fill('Oi {{1}}! Seu cupom é *BEMVINDO10*, válido até {{2}} de hoje.');
        await p.getByRole('textbox', { name: 'Rodapé (opcional)' }).fill('Responda SAIR para não receber mais');
        await p.getByRole('textbox', { name: 'Exemplo de {{1}} no corpo' }).fill('Maria');
        await p.getByRole('button', { name: 'Adicionar botão: Link' }).click();
        await p.getByRole('textbox', { name: 'Texto do botão 1' }).fill('Ver ofertas');
        await p.evaluate(() => window.scrollTo(0, 0));
      }));
  });
});

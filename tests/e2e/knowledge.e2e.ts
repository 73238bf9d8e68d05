import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchChromium, newPage, screenshot, signIn } from './support/browser';

/**
 * The knowledge base (issue 14 §3): an administrator writes an article with tags and an attachment,
 * finds it on the list, and an attendant's composer searches it, inserts its text and attaches its file.
 */
describe('knowledge base', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('is written on knowledge/add, listed with search, and inserted from the composer', async () => {
    const { context, page } = await newPage(browser, { width: 1024, height: 768 });
    await signIn(page, 'admin@demo.local');
    await page.goto('/demo/orders/knowledge/list');
    await page.getByRole('button', { name: 'Novo conhecimento' }).click();
    await page.getByRole('textbox', { name: 'Título' }).fill('Prazo de entrega');
    const body = 'Entregamos em *até 3 dias úteis* na capital.';
    await page.getByRole('textbox', { name: 'Texto' }).fill(body);
    await page.getByLabel('Como o cliente vê').locator('strong', { hasText: 'até 3 dias úteis' }).waitFor();
    const tags = page.getByRole('combobox', { name: 'Etiquetas' });
    await tags.fill('entrega');
    await tags.press('Enter');
    await page.locator('input[type=file]').setInputFiles({ name: 'politica.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await page.getByText('Anexo: politica.pdf').waitFor();
    await screenshot(page, 'knowledge-form-light-1024');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/\/demo\/orders\/knowledge\/list/);
    await page.getByRole('cell', { name: 'Prazo de entrega', exact: true }).waitFor();

    await page.getByRole('searchbox', { name: 'Buscar no conhecimento' }).fill('capital');
    await expect.poll(() => page.url()).toContain('q=capital');
    await page.getByRole('cell', { name: 'Prazo de entrega', exact: true }).waitFor();

    // An attendant's composer on a customer's ticket.
    const instances = (await (await fetch(`${baseUrl()}/api/sandbox/demo/instances`)).json()) as { instances: Array<{ id: number; name: string }> };
    const name = `Cliente Conhecimento ${String(Date.now()).slice(-6)}`;
    const sent = await fetch(`${baseUrl()}/api/sandbox/demo/${instances.instances.find((i) => i.name === 'WhatsApp Loja Demo')?.id}/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: `55319${String(Date.now()).slice(-8)}`, name, text: 'Qual o prazo de entrega?' }),
    });
    expect(sent.status).toBe(202);
    await page.goto('/demo/instances/list/choose-instance');
    await page.getByRole('button', { name: 'Atender pela conexão WhatsApp Loja Demo' }).click();
    await page.getByTestId('virtual-list').getByRole('button', { name: new RegExp(`^${name}`) }).click();
    await page.getByRole('button', { name: 'Assumir atendimento' }).first().click();
    // As the other stories do, the attendant starts once the composer is there (one clean CI run under
    // full load timed out waiting for the search opened right after the click on Assumir).
    await page.getByRole('textbox', { name: 'Mensagem' }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Buscar no conhecimento' }).click();
    await page.getByRole('textbox', { name: 'Buscar artigo' }).fill('prazo');
    const article = page.getByRole('listitem', { name: 'Prazo de entrega' });
    await article.getByRole('button', { name: 'Inserir texto' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: 'Mensagem' }).inputValue()).toContain(body);

    await page.getByRole('button', { name: 'Buscar no conhecimento' }).click();
    await page.getByRole('listitem', { name: 'Prazo de entrega' }).getByRole('button', { name: 'Anexar arquivo' }).click();
    await page.getByText('politica.pdf').first().waitFor();
    await screenshot(page, 'knowledge-composer-light-1024');
    await context.close();
  });
});

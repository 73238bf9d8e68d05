import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, newPage, screenshot, signIn } from './support/browser';

/**
 * The help pages a new attendant reads (issue 14 §5): how to pick, reply, transfer and close,
 * offline work, the 24-hour window, shortcuts, the store's contact and rules; and training
 * videos the administrator manages, played in the page.
 */
describe('help pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('teaches an attendant the work, the WhatsApp rules and the shortcuts, and plays the videos the administrator lists', { timeout: 120_000 }, async () => {
    const admin = await newPage(browser, { width: 1024, height: 768 });
    await signIn(admin.page, 'admin@demo.local');
    await admin.page.goto('/demo/help/training-videos');
    await admin.page.getByRole('button', { name: 'Novo vídeo' }).click();
    await admin.page.getByRole('textbox', { name: 'Título' }).fill('Como assumir um atendimento');
    await admin.page.getByRole('textbox', { name: 'Endereço do vídeo' }).fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await admin.page.getByRole('textbox', { name: 'Descrição' }).fill('Da fila à primeira resposta, em dois minutos.');
    await admin.page.getByRole('button', { name: 'Salvar' }).click();
    await admin.page.getByText('Vídeo salvo.').waitFor();
    await admin.context.close();

    const { context, page } = await newPage(browser, { width: 1024, height: 768 });
    await signIn(page, 'ana@demo.local');
    await page.goto('/demo/help/training-videos');
    const player = page.locator('iframe[title="Como assumir um atendimento"]');
    await player.waitFor({ timeout: 20_000 });
    expect(await player.getAttribute('src')).toMatch(/youtube(-nocookie)?\.com\/embed\/dQw4w9WgXcQ/);
    await page.getByText('Da fila à primeira resposta, em dois minutos.').first().waitFor();
    await screenshot(page, 'help-videos-light-1024');

    await page.goto('/demo/help/support');
    for (const heading of ['Assumir um atendimento', 'Responder', 'Transferir', 'Finalizar', 'Trabalhar sem internet', 'Atalhos de teclado', 'Fale com a loja']) {
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
    }
    await page.getByRole('button', { name: 'Alterar tema' }).click();
    await page.getByRole('menuitem', { name: 'Tema escuro' }).click();
    await screenshot(page, 'help-support-dark-1024');

    await page.goto('/demo/help/whatsapp-protocol');
    await page.getByRole('heading', { name: 'A janela de 24 horas' }).waitFor();
    await page.getByRole('heading', { name: 'Modelos de mensagem' }).waitFor();
    await page.goto('/demo/help/rules');
    await page.getByRole('heading', { name: 'Dados dos clientes' }).waitFor();
    await context.close();
  });
});

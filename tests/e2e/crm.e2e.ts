import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTimestamp } from '../../src/shared/domain/datetime';
import { baseUrl, launchChromium, newPage, screenshot, signIn } from './support/browser';

/**
 * CRM screens (issue 15): an administrator sets up categories and close reasons; an attendant
 * schedules a message that reaches the sandbox customer once, at its time.
 */
describe('CRM', () => {
  let browser: Browser;
  let instanceId: string;
  const pages: Page[] = [];

  const open = async (email: string) => {
    const { page } = await newPage(browser, { width: 1024, height: 768 });
    pages.push(page);
    await signIn(page, email);
    return page;
  };

  beforeAll(async () => {
    browser = await launchChromium();
    const body = (await (await fetch(`${baseUrl()}/api/sandbox/demo/instances`)).json()) as { instances: Array<{ id: number }> };
    instanceId = String(body.instances[0]?.id);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lets the administrator add a category and a reason that requires a note', async () => {
    const page = await open('admin@demo.local');
    await page.goto('/demo/crm/category');
    await page.getByRole('button', { name: 'Nova categoria' }).first().click();
    await expect.poll(() => page.url()).toContain('/demo/crm/category/add');
    await page.getByRole('textbox', { name: 'Nome' }).fill('Cliente VIP');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByRole('cell', { name: 'Cliente VIP', exact: true }).waitFor();
    expect(page.url()).toMatch(/\/demo\/crm\/category$/);

    await page.goto('/demo/crm/reasons/new');
    await page.getByRole('textbox', { name: 'Nome' }).fill('Troca aprovada');
    await page.getByRole('checkbox', { name: 'Exigir observação ao finalizar' }).check();
    await page.getByRole('button', { name: 'Salvar' }).click();
    const row = page.getByRole('row', { name: /Troca aprovada/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('Obrigatória');
    await screenshot(page, 'crm-reasons');
  });

  it('sends a message an attendant scheduled for 10 seconds later to the customer exactly once', { timeout: 90_000 }, async () => {
    const phone = `55119${String(Date.now()).slice(-8)}`;
    const name = `Agenda ${phone.slice(-4)}`;
    const inbound = await fetch(`${baseUrl()}/api/sandbox/demo/${instanceId}/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: phone, name, text: 'Me avisem amanhã, por favor' }),
    });
    expect(inbound.status).toBe(202);
    const received = async () =>
      ((await (await fetch(`${baseUrl()}/api/sandbox/demo/${instanceId}/outbox?to=${phone}`)).json()) as { messages: Array<{ text: string | null }> }).messages.filter(
        (m) => m.text === 'Seu pedido está pronto para retirada!',
      );

    const page = await open('ana@demo.local');
    await page.goto('/demo/crm/schedules');
    await page.getByRole('button', { name: 'Agendar mensagem' }).first().click();
    await page.getByRole('combobox', { name: 'Conexão' }).click();
    await page.getByRole('option', { name: 'WhatsApp Loja Demo' }).click();
    await page.getByPlaceholder('Digite o nome ou o número').fill(name);
    await page.getByRole('option', { name: new RegExp(name) }).click();
    await page.getByRole('textbox', { name: 'Mensagem' }).fill('Seu pedido está pronto para retirada!');
    const due = Date.now() + 10_000;
    await page.getByLabel('Data e hora de envio').fill(formatTimestamp(due).replace(' ', 'T'));
    await page.getByRole('button', { name: 'Salvar' }).click();
    const row = page.getByRole('row', { name: new RegExp(name) });
    await row.getByText('Agendada').waitFor();
    expect(await received()).toHaveLength(0);

    await expect.poll(async () => (await received()).length, { timeout: 30_000, interval: 250 }).toBe(1);
    expect(Date.now()).toBeGreaterThanOrEqual(due - 1000);
    // The list follows by itself (tenant change over the socket): no reload.
    await row.getByText('Enviada').waitFor({ timeout: 15_000 });
    await screenshot(page, 'crm-schedules');
    await page.waitForTimeout(2000);
    expect(await received()).toHaveLength(1);
  });
});

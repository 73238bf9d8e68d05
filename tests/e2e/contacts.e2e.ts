import { readFile, writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchChromium, newPage, screenshot, signIn } from './support/browser';
import { contactsCsv } from './support/contacts-csv';

/**
 * Contacts and the blocklist as a store's staff uses them (issue 14 §8): a CSV of 1,000 contacts
 * with 20 bad rows and 50 repeats imported through the worker, its summary and refused-rows file;
 * a number blocked from the blocklist screen whose messages, sent through the sandbox, open no
 * ticket while another customer's do.
 */
describe('contacts and blocklist', () => {
  let browser: Browser;
  let dir: string;
  beforeAll(async () => {
    browser = await launchChromium();
    dir = await mkdtemp(join(tmpdir(), 'pedbot-contacts-e2e-'));
  });
  afterAll(async () => {
    await browser.close();
  });

  const open = async () => {
    const opened = await newPage(browser, { width: 1024, height: 768 });
    await signIn(opened.page, 'admin@demo.local');
    return opened;
  };
  const grid = (page: Page) => page.getByRole('grid', { name: 'Contatos' });

  it('imports 1,000 rows: 930 created, 70 refused with their lines and reasons in a downloadable file', async () => {
    const csv = contactsCsv('48');
    const file = join(dir, 'contatos.csv');
    await writeFile(file, csv.text);
    const { context, page } = await open();
    await page.goto('/demo/customers/list');
    await page.getByRole('button', { name: 'Importar CSV' }).click();
    await page.locator('input[type=file]').setInputFiles(file);
    await page.getByRole('table', { name: 'Primeiras linhas do arquivo' }).getByText('Cliente 0000').waitFor();
    // The header's names chose the columns; the phone is the one that must be there.
    await expect.poll(() => page.getByRole('combobox', { name: 'Telefone' }).inputValue()).toBe('telefone');
    await page.getByRole('button', { name: 'Importar', exact: true }).click();
    const summary = page.getByRole('status', { name: 'Importação concluída' });
    await summary.waitFor({ timeout: 30_000 });
    expect(await summary.innerText()).toContain('930 criados');
    expect(await summary.innerText()).toContain('0 atualizados');
    expect(await summary.innerText()).toContain('70 recusados');
    await screenshot(page, 'contacts-import-summary-light-1024');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Baixar linhas recusadas' }).click()]);
    const refused = Papa.parse<string[]>((await readFile((await download.path()) ?? '', 'utf8')).replace(/^\ufeff/, ''), { skipEmptyLines: true }).data;
    expect(refused[0]?.slice(0, 3)).toEqual(['linha', 'motivo', 'nome']);
    const rows = refused.slice(1);
    expect(rows.map((row) => Number(row[0]))).toEqual(csv.refusedLines);
    expect(rows.filter((row) => row[1] === 'Telefone não informado')).toHaveLength(10);
    expect(rows.filter((row) => row[1] === 'Telefone inválido')).toHaveLength(10);
    expect(rows.filter((row) => row[1]?.startsWith('Telefone repetido no arquivo (mesmo da linha '))).toHaveLength(50);
    await page.getByRole('button', { name: 'Fechar' }).click();

    // The list reads the server: a number typed in another format finds its contact.
    await page.getByRole('searchbox', { name: 'Buscar contato' }).fill('+55 48 8000-0007');
    await grid(page).getByText('Cliente 0007').waitFor();
    await expect.poll(() => grid(page).getByRole('row').count()).toBe(2);
    // Its CPF, imported as bare digits, reads with its punctuation.
    await grid(page).getByText('100.000.000-07', { exact: true }).waitFor();
    await page.getByRole('searchbox', { name: 'Buscar contato' }).fill('');
    await page.getByRole('combobox', { name: 'Grupo' }).click();
    await page.getByRole('option', { name: 'Atacado' }).click();
    const shown = await page.getByText(/^3\d\d contatos$/).innerText();
    // Export takes the same filter: every contact of the group, and only those.
    const [exported] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
    const exportedRows = Papa.parse<Record<string, string>>((await readFile((await exported.path()) ?? '', 'utf8')).replace(/^\ufeff/, ''), { header: true, skipEmptyLines: true }).data;
    expect(exportedRows).toHaveLength(Number(shown.split(' ')[0]));
    expect(new Set(exportedRows.map((r) => r.grupo))).toEqual(new Set(['Atacado']));
    await page.getByRole('button', { name: 'Alterar tema' }).click();
    await page.getByRole('menuitem', { name: 'Tema escuro' }).click();
    await screenshot(page, 'contacts-list-dark-1024');
    await context.close();
  });

  it("opens a contact's conversation on the connection an ordinary attendant chooses, switching to it", async () => {
    const instances = (await (await fetch(`${baseUrl()}/api/sandbox/demo/instances`)).json()) as { instances: Array<{ id: number; name: string }> };
    const instanceId = instances.instances.find((i) => i.name === 'WhatsApp Loja Demo')?.id;
    const suffix = String(Date.now()).slice(-7);
    const name = `Conversa ${suffix}`;
    const phone = `5531 9${suffix}3`;

    // Ana (atendente, Vendas) attends through the robot connection when she opens the contacts.
    const { context, page } = await newPage(browser, { width: 1024, height: 768 });
    await signIn(page, 'ana@demo.local');
    await page.goto('/demo/instances/list/choose-instance');
    await page.getByRole('button', { name: 'Atender pela conexão Atendimento com robô' }).click();
    await page.goto('/demo/customers/list');
    await page.getByRole('button', { name: 'Novo contato' }).click();
    await page.getByRole('textbox', { name: 'Nome' }).fill(name);
    await page.getByRole('textbox', { name: 'Telefone (WhatsApp)' }).fill(`(31) 9${suffix.slice(0, 4)}-${suffix.slice(4)}3`);
    // The number check is held back a moment, so SPEC §9's loading text can be seen while it runs.
    await page.route('**/demo/graphql', async (route) => {
      if (route.request().postData()?.includes('createContact')) await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.fallback();
    });
    await page.getByRole('button', { name: 'Criar contato' }).click();
    await page.getByRole('status').filter({ hasText: 'Verificando se o contato é válido e se possui WhatsApp…' }).waitFor();
    await page.getByText('Contato criado.').waitFor();
    await page.unroute('**/demo/graphql');
    await page.getByRole('searchbox', { name: 'Buscar contato' }).fill(name);
    await grid(page).getByText(name).waitFor();
    await page.getByRole('button', { name: `Ações de ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Abrir conversa' }).click();
    const dialog = page.getByRole('dialog', { name: `Abrir conversa com ${name}` });
    await dialog.getByRole('combobox', { name: 'Conexão' }).click();
    await page.getByRole('option', { name: 'WhatsApp Loja Demo' }).click();
    await screenshot(page, 'contacts-open-conversation-light-1024');
    await page.evaluate(() => document.documentElement.setAttribute('data-mantine-color-scheme', 'dark'));
    await screenshot(page, 'contacts-open-conversation-dark-1024');
    await page.evaluate(() => document.documentElement.setAttribute('data-mantine-color-scheme', 'light'));
    await dialog.getByRole('button', { name: 'Abrir conversa' }).click();

    // The attendance screen switched to that connection and opened her new ticket, ready to write.
    await page.waitForURL(/\/demo\/chat\/attendance$/, { timeout: 20_000 });
    const composer = page.getByRole('textbox', { name: 'Mensagem' });
    await composer.waitFor({ timeout: 20_000 });
    await composer.fill('Olá! Aqui é a Ana, da loja.');
    await composer.press('Enter');
    await expect
      .poll(async () => {
        const response = await fetch(`${baseUrl()}/api/sandbox/demo/${instanceId}/outbox?to=${phone.replace(/\D/g, '')}`);
        return ((await response.json()) as { messages: Array<{ text: string | null }> }).messages.map((m) => m.text);
      }, { timeout: 30_000 })
      .toEqual(['Olá! Aqui é a Ana, da loja.']);
    await page.getByRole('tab', { name: /Meus/ }).click();
    await page.getByTestId('virtual-list').getByRole('button', { name: new RegExp(`^${name}`) }).waitFor({ timeout: 20_000 });
    await context.close();
  });

  it('blocks a number typed in any format; its messages open no ticket, with who and when on the list', async () => {
    const instances = (await (await fetch(`${baseUrl()}/api/sandbox/demo/instances`)).json()) as { instances: Array<{ id: number; name: string }> };
    const instanceId = instances.instances.find((i) => i.name === 'WhatsApp Loja Demo')?.id;
    const suffix = String(Date.now()).slice(-7);
    const blocked = { phone: `5521 9${suffix}1`, name: `Bloqueado ${suffix}` };
    const control = { phone: `55219${suffix}2`, name: `Liberado ${suffix}` };
    const inbound = (from: string, name: string) =>
      fetch(`${baseUrl()}/api/sandbox/demo/${instanceId}/inbound`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ from: from.replace(/\D/g, ''), name, text: 'Olá, quero comprar' }),
      });

    const { context, page } = await open();
    await page.goto('/demo/numbers-blacklist/list');
    await page.getByRole('button', { name: 'Bloquear número' }).click();
    // Typed without the country code and with punctuation: stored as 55 + digits (SPEC §5).
    await page.getByRole('textbox', { name: 'Telefone' }).fill(`(21) 9${suffix.slice(0, 4)}-${suffix.slice(4)}1`);
    await page.getByRole('button', { name: 'Bloquear', exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: `(21) 9${suffix.slice(0, 4)}-${suffix.slice(4)}1` });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} por Administrador Demo/);
    await screenshot(page, 'blocklist-light-1024');

    // The session lives in this tab: the attendant's screen is the same page, on the connection chooser.
    const attendance = page;
    await attendance.goto('/demo/instances/list/choose-instance');
    await attendance.getByRole('button', { name: 'Atender pela conexão WhatsApp Loja Demo' }).click();
    await attendance.getByRole('tablist', { name: 'Listas de atendimentos' }).waitFor();
    expect((await inbound(blocked.phone, blocked.name)).status).toBe(202);
    expect((await inbound(control.phone, control.name)).status).toBe(202);
    // The second customer's ticket arrives; the blocked one's never does.
    await attendance.getByRole('button', { name: new RegExp(`^${control.name}`) }).waitFor({ timeout: 10_000 });
    expect(await attendance.getByRole('button', { name: new RegExp(`^${blocked.name}`) }).count()).toBe(0);
    await context.close();
  });
});

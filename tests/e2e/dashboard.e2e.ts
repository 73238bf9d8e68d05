import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchChromium, newPage, screenshot, signIn } from './support/browser';
import { scriptDay, type ScriptedDay } from './support/scripted-day';

/** After a scripted day on the sandbox, each dashboard shows that day's numbers, and an export holds the same rows. */
describe('dashboards after a scripted day', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let day: ScriptedDay;
  // The server reads the rollups and Recharts draws after it: give screens a few seconds on a busy machine.
  const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });
  const card = (metric: string) => page.getByTestId(`card-${metric}`);
  const open = async (screen: string, query = '') => {
    await page.goto(`/demo/dashboard/${screen}?preset=today&instance=${day.instanceId}${query}`);
  };

  beforeAll(async () => {
    day = await scriptDay(baseUrl());
    browser = await launchChromium();
    ({ context, page } = await newPage(browser, { width: 1024, height: 768 }));
    await signIn(page, 'admin@demo.local');
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('analytics: cards and the live queue; the CSV and XLSX hold the same row as the cards', async () => {
    await open('analytics');
    await poll(() => card('opened').textContent()).toBe('3');
    expect(await card('picked').textContent()).toBe('2');
    expect(await card('closed').textContent()).toBe('2');
    expect(await card('transferred').textContent()).toBe('1');
    expect(await card('unanswered').textContent()).toBe('1');
    expect(await page.getByTestId('live-waiting').textContent()).toBe('1');

    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()]);
    expect(csv.suggestedFilename()).toMatch(/^analises_\d{4}-\d{2}-\d{2}_conexao-loja-relatorios-\d+\.csv$/);
    const lines = (await readFile((await csv.path())!, 'utf8')).replace(/^\ufeff/, '').trim().split(/\r?\n/);
    expect(lines[0]?.split(';').slice(0, 5)).toEqual(['Dia', 'Abertos', 'Encerrados', 'Transferidos', 'Sem resposta']);
    expect(lines).toHaveLength(2);
    expect(lines[1]?.split(';').slice(1, 5)).toEqual(['3', '2', '1', '1']);

    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar XLSX' }).click()]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await xlsx.path())!);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect((sheet.getRow(2).values as unknown[]).slice(2, 6)).toEqual([3, 2, 1, 1]);
  });

  it('analytics2: a bar opens the tickets behind it', async () => {
    await open('analytics2');
    await poll(() => card('opened').textContent()).toBe('3');
    await page.locator('.recharts-bar-rectangle').last().click();
    const drill = page.getByRole('region', { name: /Atendimentos por trás do número/ }).or(page.getByLabel(/Atendimentos por trás do número/));
    await poll(() => drill.getByRole('link', { name: 'Abrir conversa' }).count()).toBe(3);
  });

  it('report: each attendant’s productivity, sortable', async () => {
    await open('report');
    const table = page.getByRole('table');
    await poll(() => table.getByRole('row').count()).toBe(3);
    const ana = table.getByRole('row', { name: /Ana Souza/ });
    const admin = table.getByRole('row', { name: /Administrador Demo/ });
    // Assumidos, Encerrados, Transferidos
    expect((await ana.getByRole('cell').allTextContents()).slice(1, 4)).toEqual(['0', '1', '0']);
    expect((await admin.getByRole('cell').allTextContents()).slice(1, 4)).toEqual(['2', '1', '1']);
    const firstRow = async () => (await table.getByRole('row').nth(1).textContent()) ?? '';
    // A new column keeps the direction (descending), a second click turns it.
    await table.getByText('Assumidos', { exact: true }).click();
    await poll(firstRow).toMatch(/^Administrador Demo/);
    await table.getByText('Assumidos', { exact: true }).click();
    await poll(firstRow).toMatch(/^Ana Souza/);
  });

  it('report-nps: satisfaction figures and the detractor with a link to the conversation', async () => {
    await open('report-nps');
    await poll(() => page.getByTestId('nps-answers').textContent()).toBe('2 / 2');
    expect(await page.getByTestId('nps-average').textContent()).toBe('3,5');
    expect(await page.getByTestId('nps-headline').textContent()).toBe('50 %');
    const detractors = page.getByRole('table').nth(2);
    await poll(() => detractors.getByRole('row').count()).toBe(2);
    expect(await detractors.getByRole('row').nth(1).textContent()).toContain('Ana Souza');
  });

  it('security-report: the failed sign-in with the claimed and the server-seen address', async () => {
    await page.goto('/demo/dashboard/security-report?preset=today');
    await page.getByLabel('Filtrar por IP').fill(day.claimedIp);
    const events = page.getByRole('table', { name: 'Eventos' });
    await poll(() => events.getByRole('row').count()).toBe(2);
    const row = events.getByRole('row').nth(1);
    expect(await row.textContent()).toContain('Falha de entrada');
    expect(await row.textContent()).toContain('Bruno Lima');
    expect(await row.textContent()).toContain(day.claimedIp);
  });

  it('report-new: builds a report, saves it by name and opens it again', async () => {
    await open('report-new');
    await page.getByLabel('Nome do relatório').fill('Encerrados por atendente');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Relatório salvo.').waitFor();
    const table = page.getByRole('table', { name: 'Montar relatório' });
    await poll(() => table.getByRole('row').count()).toBe(3);
    await page.reload();
    await page.getByRole('combobox', { name: 'Abrir relatório salvo' }).click();
    await page.getByRole('option', { name: 'Encerrados por atendente' }).click();
    expect(await page.getByLabel('Nome do relatório').inputValue()).toBe('Encerrados por atendente');
  });

  it('analytics: durations in pt-BR, and counted in the opening hours on request without changing the counts', async () => {
    await open('analytics');
    await poll(() => card('opened').textContent()).toBe('3');
    // "45 s", "3 min 20 s", "1 h 5 min": never a bare number of seconds.
    expect(await card('first_response').textContent()).toMatch(/^(\d+ d )?(\d+ h )?(\d+ min )?\d+ (s|min|h)$|^\d+ (min|h|d)$/);
    await page.getByRole('switch', { name: 'Só horário de funcionamento' }).click();
    await page.waitForURL(/horas=comercial/);
    await poll(() => card('opened').textContent()).toBe('3');
    expect(await card('closed').textContent()).toBe('2');
  });

  it('every screen reads at 1024×768 in the light and the dark theme', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      await open('analytics');
      if ((await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))) !== scheme) {
        await page.getByRole('button', { name: 'Alterar tema' }).click();
        await page.getByRole('menuitem', { name: scheme === 'dark' ? 'Tema escuro' : 'Tema claro' }).click();
      }
      for (const screen of ['analytics', 'analytics2', 'report', 'report-nps', 'security-report', 'report-new']) {
        await open(screen);
        await page.getByRole('button', { name: 'Exportar CSV' }).first().waitFor();
        // Every block has its data (or its empty text): tables are at their full height.
        await poll(() => page.getByRole('status', { name: 'Carregando números…' }).count()).toBe(0);
        expect(await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe(scheme);
        // No table spills out of the card that holds it over the next one.
        const spills = await page.evaluate(() =>
          [...document.querySelectorAll('.mantine-datatable')].flatMap((table) => {
            const card = table.closest('.mantine-Paper-root');
            const bottom = table.getBoundingClientRect().bottom;
            return card && bottom > card.getBoundingClientRect().bottom + 1 ? [Math.round(bottom - card.getBoundingClientRect().bottom)] : [];
          }),
        );
        expect(spills, screen).toEqual([]);
        await screenshot(page, `dashboard-${screen}-${scheme}`);
      }
    }
  });

  it('an attendant without the dashboard routes is sent to not-authorized', async () => {
    const other = await newPage(browser, { width: 1024, height: 768 });
    await signIn(other.page, 'ana@demo.local');
    await other.page.goto('/demo/dashboard/analytics');
    await other.page.waitForURL(/not-authorized/);
    await other.context.close();
  });
});

import { writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DEMO_PASSWORD, launchChromium, newPage, screenshot, signIn } from './support/browser';
import { graphql, type Data } from './support/graphql';

const CONTACTS = 200;
/** Slow enough (10 a second) that the campaign can be paused half-way on screen. */
const PACE = 10;

/**
 * A WhatsApp campaign as a store runs it on the sandbox (issue 15 §4): 200 new contacts from a CSV,
 * live progress on screen, paused and resumed, each contact receiving exactly one message, and
 * three replies opening campaign tickets in the attendance console's campaign tab.
 */
describe('WhatsApp campaigns', () => {
  let browser: Browser;
  let instanceId: string;
  let token: string;
  let dir: string;
  let savedPace = 0;
  const area = `55219${String(Date.now()).slice(-4)}`;
  const phones = Array.from({ length: CONTACTS }, (_, i) => `${area}${String(i).padStart(4, '0')}`);
  const names = phones.map((_, i) => `Camp ${String(i).padStart(3, '0')} ${area.slice(-4)}`);
  const text = `Oferta de aniversário ${area.slice(-4)} para {{nome}}: 20% hoje!`;

  /** Every message the sandbox network delivered from the store to these numbers. */
  const outbox = async () => {
    const body = (await (await fetch(`${baseUrl()}/api/sandbox/demo/${instanceId}/outbox`)).json()) as { messages: Array<{ text: string | null }> };
    return body.messages.filter((m) => m.text?.includes(`Oferta de aniversário ${area.slice(-4)}`));
  };

  beforeAll(async () => {
    browser = await launchChromium();
    dir = await mkdtemp(join(tmpdir(), 'pedbot-campaigns-e2e-'));
    const body = (await (await fetch(`${baseUrl()}/api/sandbox/demo/instances`)).json()) as { instances: Array<{ id: number; name: string }> };
    instanceId = String(body.instances.find((i) => i.name === 'WhatsApp Loja Demo')?.id);
    token = (await graphql('mutation ($e: String!, $p: String!) { logIn(email: $e, password: $p) { token } }', { e: 'admin@demo.local', p: DEMO_PASSWORD })).logIn.token;
    savedPace = (await graphql('query ($id: ID!) { instance(id: $id) { messaging_send } }', { id: instanceId }, token)).instance.messaging_send ?? 0;
    await graphql('mutation ($id: ID!, $s: Int) { updateInstance(id: $id, messaging_send: $s) { id } }', { id: instanceId, s: PACE }, token);
  });
  afterAll(async () => {
    if (token) await graphql('mutation ($id: ID!, $s: Int) { updateInstance(id: $id, messaging_send: $s) { id } }', { id: instanceId, s: savedPace }, token).catch(() => undefined);
    await browser?.close();
  });

  const open = async (theme: 'light' | 'dark' = 'light'): Promise<Page> => {
    const { page } = await newPage(browser, { width: 1024, height: 768 });
    await signIn(page, 'admin@demo.local');
    if (theme === 'dark') {
      await page.getByRole('button', { name: 'Alterar tema' }).click();
      await page.getByRole('menuitem', { name: 'Tema escuro' }).click();
    }
    return page;
  };

  it('sends a campaign to 200 contacts once each, paused and resumed on screen, and replies open campaign tickets', { timeout: 240_000 }, async () => {
    const csv = join(dir, 'aniversariantes.csv');
    await writeFile(csv, ['nome;telefone', ...phones.map((p, i) => `${names[i]};${p}`)].join('\n'));
    const page = await open();
    await page.goto('/demo/whatsapp/campaigns');
    await page.getByRole('button', { name: 'Nova campanha' }).first().click();
    await expect.poll(() => page.url()).toContain('/demo/whatsapp/campaigns/add');

    const name = `Aniversariantes ${area.slice(-4)}`;
    await page.getByRole('textbox', { name: 'Nome da campanha' }).fill(name);
    await page.getByRole('combobox', { name: 'Conexão' }).click();
    await page.getByRole('option', { name: 'WhatsApp Loja Demo', exact: true }).click();
    await page.locator('input[type=file]').setInputFiles(csv);
    const preview = page.getByRole('status', { name: 'Quem vai receber' });
    await preview.getByText('200 contatos vão receber').waitFor({ timeout: 15_000 });
    expect(await preview.innerText()).toContain('0 removidos');
    await page.getByRole('textbox', { name: 'Texto da mensagem' }).fill(text);
    await screenshot(page, 'campaign-add-light-1024');
    expect(await outbox()).toHaveLength(0);

    await page.getByRole('button', { name: 'Salvar e iniciar' }).click();
    await expect.poll(() => page.url(), { timeout: 30_000 }).toMatch(/\/demo\/whatsapp\/campaigns\/edit\/\d+$/);
    const bar = page.getByRole('progressbar', { name: `Progresso de ${name}` });
    // The bar moves on its own (campaign events over the tenant's socket): no reload.
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 30_000, interval: 200 }).toBeGreaterThan(5);
    await screenshot(page, 'campaign-report-running-light-1024');

    await page.getByRole('button', { name: 'Pausar', exact: true }).click();
    const campaignId = page.url().split('/').pop()!;
    const pausedAt = Date.now();
    await page.getByRole('dialog').getByRole('button', { name: 'Pausar' }).click();
    await expect.poll(async () => (await graphql('query ($id: ID!) { campaign(id: $id) { status } }', { id: campaignId }, token)).campaign.status, { timeout: 15_000, interval: 100 }).toBe('pausada');
    console.log(`paused on the server after ${Date.now() - pausedAt} ms`);
    await page.getByRole('button', { name: 'Retomar', exact: true }).waitFor({ timeout: 15_000 });
    console.log(`paused on screen after ${Date.now() - pausedAt} ms`);
    expect((await graphql('query ($id: ID!) { campaign(id: $id) { status } }', { id: campaignId }, token)).campaign.status).toBe('pausada');
    const atPause = (await outbox()).length;
    expect(atPause).toBeGreaterThan(0);
    expect(atPause).toBeLessThan(CONTACTS);
    // Paused means paused: nothing more goes out (one send may have been in the hand-over).
    await page.waitForTimeout(2500);
    const whilePaused = (await outbox()).length;
    expect(whilePaused - atPause).toBeLessThanOrEqual(1);
    await page.waitForTimeout(1500);
    expect((await outbox()).length).toBe(whilePaused);
    await screenshot(page, 'campaign-report-paused-light-1024');

    await page.getByRole('button', { name: 'Retomar', exact: true }).click();
    await expect.poll(async () => (await bar.getAttribute('aria-valuenow')) ?? '', { timeout: 90_000, interval: 500 }).toBe('100');
    await expect.poll(async () => (await graphql('query ($id: ID!) { campaign(id: $id) { status } }', { id: campaignId }, token)).campaign.status, { timeout: 10_000 }).toBe('concluida');
    await page.getByRole('button', { name: 'Pausar', exact: true }).waitFor({ state: 'detached' });

    // Exactly one message per contact: each text carries its contact's name, so 200 distinct texts, each once.
    const sent = (await outbox()).map((m) => m.text);
    expect(sent).toHaveLength(CONTACTS);
    expect(new Set(sent)).toEqual(new Set(names.map((n) => text.replace('{{nome}}', n))));
    for (const i of [0, 99, 199]) {
      const own = (await (await fetch(`${baseUrl()}/api/sandbox/demo/${instanceId}/outbox?to=${phones[i]}`)).json()) as { messages: unknown[] };
      expect(own.messages).toHaveLength(1);
    }

    // Three customers answer: each reply opens a campaign ticket.
    for (const i of [3, 50, 199]) {
      const response = await fetch(`${baseUrl()}/api/sandbox/demo/${instanceId}/inbound`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ from: phones[i], name: names[i], text: 'Quero aproveitar a oferta!' }),
      });
      expect(response.status).toBe(202);
    }
    await page.getByTestId('campaign-replies').getByText('3', { exact: true }).waitFor({ timeout: 15_000 });
    await screenshot(page, 'campaign-report-done-light-1024');

    // The replies' tickets are campaign tickets of this campaign…
    const query = 'query ($i: ID!) { chatTickets(instance_id: $i, is_campaign: true, pagination_limit: 100, all_users: true, inbox: true) { items { is_campaign inbox campaign { name } customer { name } } } }';
    const ours = async () =>
      ((await graphql(query, { i: instanceId }, token)).chatTickets.items as Data[]).filter((item) => [3, 50, 199].some((i) => item.customer?.name === names[i]));
    await expect.poll(async () => (await ours()).length, { timeout: 15_000 }).toBe(3);
    expect((await ours()).every((item) => item.is_campaign && item.campaign?.name === name)).toBe(true);

    // …waiting in the Fila of the attendance console's campaign tab.
    await page.goto('/demo/instances/list/choose-instance');
    await page.getByRole('button', { name: 'Atender pela conexão WhatsApp Loja Demo' }).click();
    await page.goto('/demo/chat/attendance');
    await page.getByRole('tab', { name: /Fila/ }).click();
    await page.locator('.mantine-SegmentedControl-label').filter({ hasText: /^Campanha/ }).click();
    await expect.poll(() => page.getByRole('radio', { name: /^Campanha/ }).isChecked()).toBe(true);
    const list = page.getByTestId('virtual-list');
    for (const i of [3, 50, 199]) await list.getByRole('button', { name: new RegExp(`^${names[i]}`) }).waitFor({ timeout: 15_000 });
    await screenshot(page, 'campaign-tickets-attendance-light-1024');
  });

  it('shows the campaign screens in the dark theme at 1024×768', { timeout: 60_000 }, async () => {
    const page = await open('dark');
    await page.goto('/demo/whatsapp/campaigns');
    await page.getByRole('progressbar').first().waitFor();
    await screenshot(page, 'campaigns-list-dark-1024');
    await page.goto('/demo/whatsapp/campaigns/add');
    await page.getByRole('textbox', { name: 'Nome da campanha' }).waitFor();
    await screenshot(page, 'campaign-add-dark-1024');
    await page.goto('/demo/whatsapp/campaigns');
    await page.getByRole('row', { name: /Aniversariantes/ }).first().click();
    await page.getByRole('progressbar').first().waitFor();
    await screenshot(page, 'campaign-report-dark-1024');
  });
});

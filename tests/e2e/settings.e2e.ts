import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, baseUrl, launchChromium, screenshot, signIn } from './support/browser';
import { graphql, type Data } from './support/graphql';

/**
 * The store's own settings end to end (issue 14 §4, §8): the closing message set on a connection
 * reaches the customer when a ticket closes, and a quick answer added in settings is offered to an
 * attendant whose console is already open. The customer is played through the sandbox API.
 */

const tokenOf = async (email: string): Promise<string> => {
  const response = await fetch(`${baseUrl()}/demo/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'mutation ($e: String!, $p: String!) { logIn(email: $e, password: $p) { token } }', variables: { e: email, p: DEMO_PASSWORD } }),
  });
  return ((await response.json()) as Data).data.logIn.token;
};

const inbound = async (instanceId: string, from: string, name: string, text: string) => {
  const response = await fetch(`${baseUrl()}/api/sandbox/demo/${instanceId}/inbound`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ from, name, text }),
  });
  expect(response.status).toBe(202);
};

const received = async (instanceId: string, phone: string): Promise<Array<string | null>> => {
  const response = await fetch(`${baseUrl()}/api/sandbox/demo/${instanceId}/outbox?to=${phone}`);
  return ((await response.json()) as { messages: Array<{ text: string | null }> }).messages.map((m) => m.text);
};

const demoInstanceId = async (): Promise<string> => {
  const body = (await (await fetch(`${baseUrl()}/api/sandbox/demo/instances`)).json()) as { instances: Array<{ id: number; name: string }> };
  return String(body.instances.find((i) => i.name === 'WhatsApp Loja Demo')?.id);
};

describe('settings a store runs itself with', () => {
  let browser: Browser;
  let adminToken: string;
  const contexts: BrowserContext[] = [];
  const page = async (email: string, viewport = { width: 1024, height: 768 }): Promise<Page> => {
    const context = await browser.newContext({ baseURL: baseUrl(), viewport, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    contexts.push(context);
    const p = await context.newPage();
    await signIn(p, email);
    return p;
  };

  beforeAll(async () => {
    browser = await launchChromium();
    adminToken = await tokenOf('admin@demo.local');
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it("changes a connection's closing message with a preview, and the customer receives the new text when the ticket closes", { timeout: 180_000 }, async () => {
    // The demo connection gets an override for this test only, so the store's message stays what other tests expect.
    const instanceId = await demoInstanceId();
    try {
      await closeWithOverride(instanceId);
    } finally {
      await graphql('mutation ($i: ID) { saveSettings(instance_id: $i, values: [{ key: "closing_message", value: null }]) { key } }', { i: instanceId }, adminToken);
    }
  });

  const closeWithOverride = async (instanceId: string) => {
    const admin = await page('admin@demo.local');
    await admin.goto('/demo/configs/closing-messages');
    await admin.getByRole('combobox', { name: 'Aplicar a' }).click();
    await admin.getByRole('option', { name: 'Conexão WhatsApp Loja Demo' }).click();
    await admin.getByText('Esta conexão usa o valor da loja.', { exact: false }).waitFor();
    const message = admin.getByRole('textbox', { name: 'Mensagem de encerramento' });
    await message.fill('Obrigado, *');
    await admin.getByRole('button', { name: 'Nome do cliente' }).click();
    await message.press('End');
    await message.pressSequentially('*! Volte sempre.');
    const preview = admin.getByRole('figure', { name: 'Como o cliente vê' });
    await expect.poll(() => preview.innerText()).toBe('Obrigado, Maria Souza! Volte sempre.');
    expect(await preview.locator('strong').innerText()).toBe('Maria Souza');
    await admin.getByRole('button', { name: 'Salvar' }).click();
    await admin.getByText('Configuração salva.').waitFor();
    await admin.getByText('Esta conexão tem um valor próprio.').waitFor();
    await screenshot(admin, 'settings-closing-light');

    const phone = `55118${String(Date.now()).slice(-8)}`;
    await inbound(instanceId, phone, 'Joana Prado', 'Oi, meu pedido chegou');
    let ticketId = '';
    await expect
      .poll(async () => {
        const data = await graphql('query ($i: ID!, $q: String) { chatTickets(instance_id: $i, search_query: $q, all_users: true) { items { id } } }', { i: instanceId, q: 'Joana Prado' }, adminToken);
        ticketId = data.chatTickets.items[0]?.id ?? '';
        return ticketId;
      })
      .not.toBe('');
    await graphql('mutation ($id: ID!) { pickChatTicket(id: $id) { id } }', { id: ticketId }, adminToken);
    const refs = await graphql('query ($i: ID!) { attendanceReferences(instance_id: $i) { closing_reasons { id } } }', { i: instanceId }, adminToken);
    await graphql('mutation ($id: ID!, $r: ID!) { finishChatTicket(id: $id, reason_id: $r) { id } }', { id: ticketId, r: refs.attendanceReferences.closing_reasons[0].id }, adminToken);
    await expect.poll(() => received(instanceId, phone), { timeout: 30_000 }).toContain('Obrigado, *Joana Prado*! Volte sempre.');
    // The store's message is not what this connection sends.
    expect(await received(instanceId, phone)).not.toContain('Seu atendimento foi finalizado. Obrigado pelo contato!');

    // Back to the store's message, from the screen.
    await admin.getByRole('button', { name: 'Usar o valor da loja' }).click();
    await admin.getByText('Esta conexão usa o valor da loja.', { exact: false }).waitFor();
    expect(await message.inputValue()).toBe('Seu atendimento foi finalizado. Obrigado pelo contato!');
  };

  it('offers a quick answer added in settings to an attendant whose console is open, without a reload', { timeout: 180_000 }, async () => {
    const instanceId = await demoInstanceId();
    const phone = `55117${String(Date.now()).slice(-8)}`;
    const customer = `Cliente ${phone.slice(-4)}`;
    await inbound(instanceId, phone, customer, 'Qual a chave Pix?');

    const attendant = await page('admin@demo.local', { width: 1440, height: 900 });
    await attendant.goto('/demo/instances/list/choose-instance');
    await attendant.getByRole('button', { name: 'Atender pela conexão WhatsApp Loja Demo' }).click();
    await attendant.goto('/demo/chat/attendance');
    await attendant.getByTestId('virtual-list').getByRole('button', { name: new RegExp(`^${customer}`) }).click({ timeout: 30_000 });
    await attendant.getByRole('button', { name: 'Assumir atendimento' }).first().click();
    const composer = attendant.getByRole('textbox', { name: 'Mensagem' });
    await composer.waitFor({ timeout: 20_000 });
    const shortcut = `pix${phone.slice(-4)}`;
    await composer.fill(`/${shortcut}`);
    expect(await attendant.getByRole('listbox', { name: 'Respostas rápidas' }).getByRole('option').count()).toBe(0);
    await composer.fill('');

    // Ana (her role lists configs/quick-answers) adds it from another browser.
    const ana = await page('ana@demo.local');
    await ana.goto('/demo/configs/quick-answers');
    await ana.getByRole('button', { name: 'Nova resposta rápida' }).click();
    await ana.getByRole('textbox', { name: 'Atalho' }).fill(shortcut);
    await ana.getByRole('textbox', { name: 'Texto' }).fill('Nossa chave Pix é o CNPJ da loja.');
    await ana.getByRole('button', { name: 'Salvar' }).click();
    await ana.getByText('Resposta rápida salva.').waitFor();
    await ana.getByRole('cell', { name: `/${shortcut}`, exact: true }).waitFor();
    await screenshot(ana, 'settings-quick-answers-light');

    const option = attendant.getByRole('listbox', { name: 'Respostas rápidas' }).getByRole('option', { name: new RegExp(shortcut) });
    await expect
      .poll(async () => {
        await composer.fill(`/${shortcut}`);
        return option.count();
      }, { timeout: 20_000 })
      .toBe(1);
    await composer.press('Enter');
    expect(await composer.inputValue()).toBe('Nossa chave Pix é o CNPJ da loja.');
  });

  it("turns a feature off on configs/dynamic-settings and another signed-in user's menu follows at once", { timeout: 120_000 }, async () => {
    const other = await page('admin@demo.local', { width: 1440, height: 900 });
    await other.goto('/demo/help/support');
    const campaignsMenu = other.getByLabel('Campanhas', { exact: true });
    await expect.poll(() => campaignsMenu.count(), { timeout: 20_000 }).toBeGreaterThan(0);

    const admin = await page('admin@demo.local');
    await admin.goto('/demo/configs/dynamic-settings');
    await admin.getByRole('switch', { name: 'Favoritos também esperam a vez' }).waitFor();
    const feature = admin.getByRole('switch', { name: 'Campanhas' });
    expect(await feature.isChecked()).toBe(true);
    await feature.click({ force: true });
    await admin.getByText('Configuração salva.').waitFor();
    await expect.poll(() => campaignsMenu.count(), { timeout: 20_000 }).toBe(0);
    await screenshot(admin, 'settings-dynamic-light-1024');
    await admin.getByRole('button', { name: 'Alterar tema' }).click();
    await admin.getByRole('menuitem', { name: 'Tema escuro' }).click();
    await screenshot(admin, 'settings-dynamic-dark-1024');
    await admin.evaluate(() => window.scrollTo(0, 0));
    await screenshot(admin, 'settings-dynamic-top-dark-1024');

    // Back on, for the other stories of this run.
    await feature.click({ force: true });
    await expect.poll(() => campaignsMenu.count(), { timeout: 20_000 }).toBeGreaterThan(0);

    // The survey's thank-you and scale, previewed as the customer sees them (not saved: other stories expect the defaults).
    await admin.goto('/demo/configs/nps-messages');
    await admin.getByRole('textbox', { name: 'Agradecimento' }).fill('Obrigado, {{nome_cliente}}! Sua nota ajuda a loja.');
    const preview = admin.getByRole('figure', { name: 'Como o cliente vê' });
    await preview.getByText('Obrigado, {{nome_cliente}}! Sua nota ajuda a loja.').waitFor();
    expect(await preview.innerText()).toContain('Responda com uma nota de 1 a 5.');
    await screenshot(admin, 'settings-nps-dark-1024');
    await admin.getByRole('button', { name: 'Alterar tema' }).click();
    await admin.getByRole('menuitem', { name: 'Tema claro' }).click();
    await screenshot(admin, 'settings-nps-light-1024');
  });

  it('keeps the store hours in 24 hours: the admin changes a closing time, an attendant reads it and cannot edit', { timeout: 120_000 }, async () => {
    const admin = await page('admin@demo.local');
    await admin.goto('/demo/configs/client-form');
    const closesHours = admin.getByRole('spinbutton', { name: 'Segunda-feira: fecha às (horas)' });
    const closesMinutes = admin.getByRole('spinbutton', { name: 'Segunda-feira: fecha às (minutos)' });
    await closesHours.waitFor();
    expect([await closesHours.inputValue(), await closesMinutes.inputValue()]).toEqual(['18', '00']);
    // Whatever the browser's language, no 12-hour clock.
    expect(await admin.getByRole('form').innerText()).not.toMatch(/\b[AP]M\b/);
    await closesHours.fill('19');
    await closesMinutes.fill('30');
    await admin.getByRole('button', { name: 'Salvar', exact: true }).click();
    await admin.getByText('Dados da loja salvos.').waitFor();
    await admin.reload();
    await closesHours.waitFor();
    expect([await closesHours.inputValue(), await closesMinutes.inputValue()]).toEqual(['19', '30']);
    await screenshot(admin, 'settings-store-light-1024');

    const attendant = await page('bruno@demo.local');
    await attendant.goto('/demo/configs/client-form');
    const seen = attendant.getByRole('spinbutton', { name: 'Segunda-feira: fecha às (horas)' });
    await seen.waitFor();
    expect(await seen.inputValue()).toBe('19');
    expect(await seen.getAttribute('aria-readonly')).toBe('true');
    await seen.press('ArrowUp');
    await seen.press('2');
    expect(await seen.inputValue()).toBe('19');
    expect(await attendant.getByRole('button', { name: 'Salvar', exact: true }).count()).toBe(0);

    // Back to the seeded hours, for the other stories of this run.
    await closesHours.fill('18');
    await closesMinutes.fill('00');
    await admin.getByRole('button', { name: 'Salvar', exact: true }).click();
    await admin.getByText('Dados da loja salvos.').last().waitFor();
  });

  it('keeps starred pages on the server: a star made on one device is in the short list on another', { timeout: 120_000 }, async () => {
    const first = await page('bruno@demo.local');
    await first.goto('/demo/help/rules');
    await first.getByRole('heading', { name: 'Dados dos clientes' }).waitFor();
    await first.getByRole('button', { name: 'Adicionar página aos favoritos' }).click();
    await first.getByRole('button', { name: 'Remover página dos favoritos' }).waitFor();
    await expect.poll(async () => (await graphql('{ starredPages { url } }', {}, await tokenOf('bruno@demo.local'))).starredPages.map((p: Data) => p.url)).toEqual(['/demo/help/rules']);

    const second = await page('bruno@demo.local');
    await second.getByRole('button', { name: 'Páginas favoritas' }).click();
    await second.getByRole('menuitem', { name: 'Regras de uso' }).click();
    await second.waitForURL('**/demo/help/rules');
    await second.getByRole('button', { name: 'Remover página dos favoritos' }).waitFor();
  });
});

import { crc32, deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, baseUrl, launchChromium, screenshot, setNetwork, signIn } from './support/browser';
import { graphql, type Data } from './support/graphql';

/**
 * The attendance console end to end (issue 5, Proof): two attendants in Chromium — Ana (Vendas)
 * and the administrator — and a customer played through the sandbox simulator's API.
 */

/** A small photo-like PNG (a blue gradient with a parcel-coloured box), made without an image library. */
function photoPng(width = 240, height = 160): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = y * (width * 3 + 1) + 1 + x * 3;
      const box = x > 70 && x < 170 && y > 45 && y < 125;
      rows.set(box ? [196, 140, 80] : [60 + (x * 100) / width, 130 + (y * 80) / height, 230], at);
    }
  }
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/** Closes the transient Mantine notifications so screenshots show the console itself. */
async function dismissNotifications(page: Page): Promise<void> {
  for (const close of await page.locator('.mantine-Notifications-root button').all()) await close.click().catch(() => undefined);
  await page.locator('.mantine-Notifications-root .mantine-Notification-root').first().waitFor({ state: 'detached', timeout: 5_000 }).catch(() => undefined);
}

const tokenOf = async (email: string): Promise<string> =>
  (await graphql('mutation ($e: String!, $p: String!) { logIn(email: $e, password: $p) { token } }', { e: email, p: DEMO_PASSWORD })).logIn.token;

class Customer {
  readonly phone = `55119${String(Date.now()).slice(-8)}`;
  readonly name = `Cliente ${this.phone.slice(-4)}`;
  constructor(private readonly instanceId: string) {}
  async write(text: string): Promise<void> {
    const response = await fetch(`${baseUrl()}/api/sandbox/demo/${this.instanceId}/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: this.phone, name: this.name, text }),
    });
    expect(response.status).toBe(202);
  }
  /** What the customer's phone received from the store, oldest first. */
  async received(): Promise<Array<{ type: string; text: string | null; caption: string | null }>> {
    const response = await fetch(`${baseUrl()}/api/sandbox/demo/${this.instanceId}/outbox?to=${this.phone}`);
    return ((await response.json()) as { messages: Array<{ type: string; text: string | null; caption: string | null }> }).messages;
  }
}

async function openConsole(page: Page, email: string): Promise<void> {
  await signIn(page, email);
  await page.goto('/demo/instances/list/choose-instance');
  await page.getByRole('button', { name: 'Atender pela conexão WhatsApp Loja Demo' }).click();
  await page.goto('/demo/chat/attendance');
  await page.getByRole('tab', { name: /Fila/ }).waitFor();
}

/** A ticket row of the list, by the customer's name (the row's accessible name starts with it). */
const row = (page: Page, name: string) => page.getByTestId('virtual-list').getByRole('button', { name: new RegExp(`^${name}`) });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Mensagem' });

describe('attendance console', () => {
  let browser: Browser;
  let instanceId: string;
  let adminToken: string;
  const contexts: BrowserContext[] = [];

  const attendant = async (email: string, viewport = { width: 1440, height: 900 }, serviceWorkers: 'allow' | 'block' = 'allow'): Promise<Page> => {
    const context = await browser.newContext({ baseURL: baseUrl(), viewport, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', serviceWorkers });
    contexts.push(context);
    const page = await context.newPage();
    await openConsole(page, email);
    return page;
  };

  const ticketIdOf = async (name: string): Promise<string> => {
    const data = await graphql(
      'query ($i: ID!, $q: String) { chatTickets(instance_id: $i, search_query: $q, all_users: true) { items { id } } }',
      { i: instanceId, q: name },
      adminToken,
    );
    return data.chatTickets.items[0].id;
  };

  beforeAll(async () => {
    browser = await launchChromium();
    const body = (await (await fetch(`${baseUrl()}/api/sandbox/demo/instances`)).json()) as { instances: Array<{ id: number }> };
    instanceId = String(body.instances[0]?.id);
    adminToken = await tokenOf('admin@demo.local');
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('filters the list by category at 1024×768, following a tag set elsewhere live', { timeout: 120_000 }, async () => {
    const customer = new Customer(instanceId);
    const admin = await attendant('admin@demo.local', { width: 1024, height: 768 });
    await customer.write('Quero trocar o tamanho');
    await row(admin, customer.name).waitFor({ timeout: 20_000 });
    const suffix = customer.phone.slice(-4);
    const create = 'mutation ($input: CategoryInput!) { createCategory(input: $input) { id } }';
    const troca = (await graphql(create, { input: { name: `Troca ${suffix}`, color: '#1c7ed6' } }, adminToken)).createCategory.id as string;
    await graphql(create, { input: { name: `Elogio ${suffix}`, color: '#2f9e44' } }, adminToken);

    // The categories reach the console live; the filter is chosen from the keyboard.
    const filter = admin.getByRole('combobox', { name: 'Categorias', exact: true });
    await filter.waitFor({ timeout: 20_000 });
    await filter.fill(`Troca ${suffix}`);
    await filter.press('ArrowDown');
    await filter.press('Enter');
    await filter.press('Escape');
    await admin.getByText('Nenhum atendimento nestas categorias').waitFor({ timeout: 10_000 });

    // Another attendant's tag arrives by the feed and the ticket joins the filtered list; untagged, it leaves.
    const tag = 'mutation ($t: ID!, $c: [ID!]!) { setTicketCategories(chat_ticket_id: $t, category_ids: $c) { id } }';
    const ticketId = await ticketIdOf(customer.name);
    await graphql(tag, { t: ticketId, c: [troca] }, adminToken);
    await row(admin, customer.name).waitFor({ timeout: 20_000 });
    await screenshot(admin, 'attendance-category-filter-tablet');

    // The conversation's categories are the local document's; the attendant adds one from the keyboard.
    await row(admin, customer.name).click();
    await admin.getByRole('button', { name: `Dados do cliente: ${customer.name}` }).click();
    const drawer = admin.getByRole('dialog');
    await drawer.getByText(`Troca ${suffix}`, { exact: true }).waitFor({ timeout: 20_000 });
    const tags = drawer.getByRole('combobox', { name: 'Categorias do atendimento' });
    await tags.fill(`Elogio ${suffix}`);
    await tags.press('ArrowDown');
    await tags.press('Enter');
    const read = 'query ($t: ID!) { ticketCategories(chat_ticket_id: $t) { name } }';
    await expect
      .poll(async () => (await graphql(read, { t: ticketId }, adminToken)).ticketCategories.map((c: Data) => c.name), { timeout: 20_000 })
      .toEqual([`Elogio ${suffix}`, `Troca ${suffix}`]);
    // Offline they still show, and wait for the network to be edited.
    await setNetwork(admin.context(), false);
    await drawer.getByText('Sem conexão: as categorias voltam a ser editáveis quando ela voltar.').waitFor({ timeout: 15_000 });
    for (const name of [`Elogio ${suffix}`, `Troca ${suffix}`]) await drawer.getByText(name, { exact: true }).waitFor();
    expect(await tags.isDisabled()).toBe(true);
    await setNetwork(admin.context(), true);
    await drawer.getByText('Sem conexão: as categorias voltam a ser editáveis quando ela voltar.').waitFor({ state: 'detached', timeout: 30_000 });

    // Untagged elsewhere: the drawer and the filtered list follow.
    await graphql(tag, { t: ticketId, c: [] }, adminToken);
    await drawer.getByText(`Troca ${suffix}`, { exact: true }).waitFor({ state: 'detached', timeout: 20_000 });
    await row(admin, customer.name).waitFor({ state: 'detached', timeout: 20_000 });
    await admin.keyboard.press('Escape');
    await admin.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached', timeout: 10_000 });

    // An empty selection is no filter.
    await filter.focus();
    await filter.press('Backspace');
    await row(admin, customer.name).waitFor({ timeout: 20_000 });
  });

  it('takes a customer from the inbox of the right department to a graded, closed ticket', { timeout: 240_000 }, async () => {
    const customer = new Customer(instanceId);
    const admin = await attendant('admin@demo.local');
    const ana = await attendant('ana@demo.local');

    // A customer writes; the administrator routes the ticket to the Vendas inbox.
    await customer.write('Olá, quero saber do meu pedido');
    await row(admin, customer.name).click({ timeout: 20_000 });
    // Notices of the sign-in sit above the dialog's first controls: closed, as a user would.
    await dismissNotifications(admin);
    await admin.getByRole('button', { name: 'Transferir' }).first().click();
    await admin.getByText('Departamento', { exact: true }).click();
    await admin.getByRole('combobox', { name: 'Escolha o departamento' }).click();
    await admin.getByRole('option', { name: 'Vendas' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Transferir' }).click();

    // Vendas (Ana) sees it; Suporte (Bruno) does not.
    await row(ana, customer.name).waitFor({ timeout: 20_000 });
    const ticketId = await ticketIdOf(customer.name);
    const bruno = await graphql('query ($i: ID!) { chatTickets(instance_id: $i, inbox: true) { items { id } } }', { i: instanceId }, await tokenOf('bruno@demo.local'));
    expect(bruno.chatTickets.items.map((t: Data) => t.id)).not.toContain(ticketId);

    // Ana picks it; it leaves the administrator's inbox.
    await row(ana, customer.name).click();
    await ana.getByRole('button', { name: 'Assumir atendimento' }).first().click();
    await composer(ana).waitFor({ timeout: 15_000 });
    await row(admin, customer.name).waitFor({ state: 'detached', timeout: 20_000 });
    // A brand-new customer has no older history: the offer to load it goes once the server has said so.
    await expect.poll(() => ana.getByRole('button', { name: 'Carregar mensagens anteriores' }).count(), { timeout: 10_000 }).toBe(0);

    // Ana replies with formatting and an image; the customer gets both.
    await composer(ana).fill('Olá, seu pedido *já saiu* para _entrega_!');
    await composer(ana).press('Enter');
    await expect.poll(() => ana.locator('.pb-att-msg strong', { hasText: 'já saiu' }).count()).toBe(1);
    await ana.locator('input[type=file][data-kind=image]').setInputFiles({ name: 'pacote.png', mimeType: 'image/png', buffer: photoPng() });
    await ana.getByRole('textbox', { name: 'Legenda' }).fill('Foto do pacote');
    await ana.getByRole('button', { name: 'Enviar anexo' }).click();
    await expect
      .poll(async () => (await customer.received()).map((m) => [m.type, m.text ?? m.caption]), { timeout: 30_000 })
      .toEqual([
        ['text', 'Olá, seu pedido *já saiu* para _entrega_!'],
        ['image', 'Foto do pacote'],
      ]);
    const picture = ana.locator('.pb-att-msg img.pb-att-media-img');
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth).catch(() => 0), { timeout: 20_000 }).toBe(240);
    await dismissNotifications(ana);

    for (const [scheme, viewport] of [
      ['light', { width: 1440, height: 900 }],
      ['dark', { width: 1440, height: 900 }],
      ['dark', { width: 1024, height: 768 }],
      ['light', { width: 1024, height: 768 }],
      ['light', { width: 768, height: 1024 }],
    ] as const) {
      if ((await ana.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))) !== scheme) {
        await ana.getByRole('button', { name: 'Alterar tema' }).click();
        await ana.getByRole('menuitem', { name: scheme === 'dark' ? 'Tema escuro' : 'Tema claro' }).click();
      }
      await ana.setViewportSize(viewport);
      // The send button stays whole inside the conversation, also on a tablet held upright.
      const pane = (await ana.locator('.pb-att-conversation-pane').boundingBox())!;
      const send = (await ana.getByRole('button', { name: 'Enviar', exact: true }).boundingBox())!;
      expect(send.x + send.width, `${viewport.width}×${viewport.height}`).toBeLessThanOrEqual(pane.x + pane.width);
      const name = viewport.width === 1440 ? 'desktop' : viewport.width === 768 ? 'tablet-upright' : 'tablet';
      await screenshot(ana, `attendance-${name}-${scheme}`);
    }
    await ana.setViewportSize({ width: 1440, height: 900 });

    // Ana transfers to the administrator: 'Atendimento Recebido' for him, 'Atendimento Transferido' for her.
    await ana.getByRole('button', { name: 'Transferir' }).first().click();
    await ana.getByRole('option', { name: /Administrador Demo/ }).click();
    await ana.getByRole('dialog').getByRole('button', { name: 'Transferir' }).click();
    await ana.getByRole('button', { name: 'Confirmar transferência' }).click();
    await admin.getByText('Atendimento Recebido').waitFor({ timeout: 20_000 });
    await ana.getByText('Atendimento Transferido').waitFor({ timeout: 20_000 });
    await ana.getByRole('button', { name: 'Fechar aviso: Atendimento Transferido' }).click();
    await ana.getByText('Atendimento Transferido').waitFor({ state: 'detached', timeout: 5_000 });

    // The administrator closes it with a reason; the customer gets the closing and survey messages and answers 4.
    await admin.getByRole('tab', { name: /Meus/ }).click();
    await row(admin, customer.name).click();
    await admin.getByRole('button', { name: 'Finalizar' }).first().click();
    await admin.getByRole('combobox', { name: 'Motivo do atendimento' }).click();
    await admin.getByRole('option', { name: 'Dúvida esclarecida' }).click();
    await admin.getByRole('textbox', { name: 'Observação (opcional)' }).fill('Pedido a caminho');
    await admin.getByRole('dialog').getByRole('button', { name: 'Finalizar atendimento' }).click();
    await expect
      .poll(async () => (await customer.received()).slice(2).map((m) => m.text), { timeout: 30_000 })
      .toEqual(['Seu atendimento foi finalizado. Obrigado pelo contato!', 'Como você avalia o nosso atendimento? Responda com uma nota de 1 a 5.']);
    await customer.write('4');
    // configs/nps-messages' thank-you answers the grade (issue 14 §4).
    await expect.poll(async () => (await customer.received()).slice(4).map((m) => m.text), { timeout: 30_000 }).toEqual(['Obrigado pela sua avaliação!']);
    await admin.getByRole('tab', { name: /Finalizados/ }).click();
    await row(admin, customer.name).click();
    await admin.getByText('Nota da pesquisa: 4').waitFor({ timeout: 20_000 });
  });

  it('loses nothing while the attendant is offline: sends and the draft survive a reload, sends go out once, in order', { timeout: 240_000 }, async () => {
    const customer = new Customer(instanceId);
    await customer.write('Oi, alguém aí?');
    await expect.poll(() => ticketIdOf(customer.name).catch(() => null), { timeout: 20_000 }).toBeTruthy();
    await graphql('mutation ($id: ID!, $d: ID) { changeChatTicketDepartment(id: $id, inbox_department_id: $d) { id } }', {
      id: await ticketIdOf(customer.name),
      d: (await graphql('query ($i: ID!) { attendanceReferences(instance_id: $i) { departments { id name } } }', { i: instanceId }, adminToken)).attendanceReferences.departments.find(
        (d: Data) => d.name === 'Vendas',
      ).id,
    }, adminToken);

    const ana = await attendant('ana@demo.local');
    await ana.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await row(ana, customer.name).click({ timeout: 20_000 });
    await ana.getByRole('button', { name: 'Assumir atendimento' }).first().click();
    await composer(ana).waitFor({ timeout: 15_000 });

    await setNetwork(ana.context(), false);
    const texts = ['Primeira sem rede', 'Segunda sem rede', 'Terceira sem rede'];
    for (const text of texts) {
      await composer(ana).fill(text);
      await composer(ana).press('Enter');
    }
    await expect.poll(() => ana.getByText('aguardando conexão').count(), { timeout: 10_000 }).toBe(3);
    await composer(ana).fill('Rascunho que fica');
    await ana.waitForTimeout(800);

    await ana.reload();
    await composer(ana).waitFor({ timeout: 30_000 });
    await expect.poll(() => composer(ana).inputValue(), { timeout: 10_000 }).toBe('Rascunho que fica');
    for (const text of texts) await ana.getByText(text).waitFor();
    await expect.poll(() => ana.getByText('aguardando conexão').count(), { timeout: 10_000 }).toBe(3);
    expect(await customer.received()).toEqual([]);

    await setNetwork(ana.context(), true);
    await expect.poll(async () => (await customer.received()).map((m) => m.text), { timeout: 60_000 }).toEqual(texts);
    await expect.poll(() => ana.locator('.pb-att-ack[data-state="waiting"]').count(), { timeout: 30_000 }).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect((await customer.received()).map((m) => m.text)).toEqual(texts);
  });

  it('shows a returning attendant their list from the first frame, keeps a click made on it, and forgets it on sign-out', { timeout: 120_000 }, async () => {
    const customer = new Customer(instanceId);
    // Without the service worker, whose precache would serve the app's code past the held route.
    const admin = await attendant('admin@demo.local', { width: 1024, height: 768 }, 'block');
    await customer.write('Vocês abrem no domingo?');
    await row(admin, customer.name).waitFor({ timeout: 20_000 });
    // The console stores itself once its list settles.
    const stored = () => admin.evaluate(() => localStorage.getItem('pedbot.stored-screen:inbox:attendance') ?? '');
    await expect.poll(stored, { timeout: 20_000 }).toContain(customer.name);

    // The next start, with the app's code slow to come: the stored screen is there before it.
    const appCode = /\/assets\/index-[^/]*\.js$/;
    const holdAppCode = async () => {
      let release = () => undefined as void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await admin.unroute(appCode);
      await admin.route(appCode, async (route) => {
        await held;
        await route.continue();
      });
      return release;
    };
    let release = await holdAppCode();
    // When the picture goes, the live list must already be drawn: no frame without a list.
    await admin.addInitScript(() => {
      new MutationObserver((changes, observer) => {
        if (!changes.some((change) => [...change.removedNodes].some((node) => (node as Element).id === 'stored-screen'))) return;
        (window as unknown as { liveRowsAtSwap: number }).liveRowsAtSwap = document.querySelectorAll('#root .pb-att-row').length;
        (window as unknown as { liveMessagesAtSwap: number }).liveMessagesAtSwap = document.querySelectorAll('#root .pb-att-conversation-pane .pb-att-msg').length;
        // What the live screen showed when the picture went, for the failure message below.
        const shown = performance.getEntriesByName('pedbot:stored-screen-shown')[0]?.startTime ?? NaN;
        (window as unknown as { liveAtSwap: string }).liveAtSwap = JSON.stringify({
          afterMs: Math.round(performance.now() - shown),
          hasTicket: document.querySelector('#root .pb-att-screen')?.hasAttribute('data-has-ticket') ?? null,
          pane: document.querySelector('#root .pb-att-conversation-pane .pb-att-messages')?.getAttribute('role') ?? 'absent',
        });
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await admin.reload({ waitUntil: 'commit' });
    const picture = admin.locator('#stored-screen');
    await picture.locator('.pb-att-row', { hasText: customer.name }).waitFor({ state: 'attached', timeout: 15_000 });
    expect(await admin.locator('#root .pb-att-row').count()).toBe(0);
    expect(await admin.evaluate(() => performance.getEntriesByName('pedbot:stored-screen-shown').length)).toBe(1);
    // A click on the picture is kept for the live screen.
    const box = (await picture.locator('.pb-att-row', { hasText: customer.name }).boundingBox())!;
    await admin.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    release();
    await picture.waitFor({ state: 'detached', timeout: 30_000 });
    expect(await admin.evaluate(() => (window as unknown as { liveRowsAtSwap?: number }).liveRowsAtSwap)).toBeGreaterThan(0);
    await row(admin, customer.name).waitFor();
    // The clicked ticket's conversation is open (its header and its composer both offer to take it).
    await admin.locator('.pb-att-conversation-pane').getByText('Vocês abrem no domingo?').waitFor({ timeout: 20_000 });
    await admin.getByRole('button', { name: 'Assumir atendimento' }).first().waitFor({ timeout: 20_000 });

    // A reload with that ticket open, the list beside the conversation at 1024 px: the picture
    // marks the ticket and shows its conversation as last drawn, until the live screen has drawn it.
    await expect.poll(async () => JSON.parse(await stored()).selectedId, { timeout: 20_000 }).not.toBeNull();
    release = await holdAppCode();
    await admin.reload({ waitUntil: 'commit' });
    await picture.locator('.pb-att-row[data-selected]', { hasText: customer.name }).waitFor({ state: 'attached', timeout: 15_000 });
    await picture.locator('.pb-att-conversation-pane').getByText('Vocês abrem no domingo?').waitFor({ state: 'attached' });
    expect(await admin.locator('#root .pb-att-row').count()).toBe(0);
    release();
    await picture.waitFor({ state: 'detached', timeout: 30_000 });
    const liveAtSwap = await admin.evaluate(() => (window as unknown as { liveAtSwap?: string }).liveAtSwap);
    expect(await admin.evaluate(() => (window as unknown as { liveMessagesAtSwap?: number }).liveMessagesAtSwap), liveAtSwap).toBeGreaterThan(0);
    await admin.locator('#root .pb-att-conversation-pane').getByText('Vocês abrem no domingo?').waitFor({ timeout: 20_000 });
    await admin.unroute(appCode);

    // Signing out takes the stored screens with the session.
    await admin.getByRole('button', { name: 'Menu do usuário: Administrador Demo' }).click();
    await admin.getByRole('menuitem', { name: 'Sair' }).click();
    await admin.getByRole('heading', { name: 'Entrar' }).waitFor();
    expect(await admin.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('pedbot.stored-screen')))).toEqual([]);
  });

  it('scrolls a list past its first page: the next page comes from the server into the local list', { timeout: 240_000 }, async () => {
    const stamp = String(Date.now()).slice(-6);
    const names = Array.from({ length: 14 }, (_, i) => `Página ${stamp} ${String(i).padStart(2, '0')}`);
    for (const [i, name] of names.entries()) {
      const response = await fetch(`${baseUrl()}/api/sandbox/demo/${instanceId}/inbound`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ from: `55119${stamp}${String(i).padStart(2, '0')}`, name, text: `Pedido ${i}` }),
      });
      expect(response.status).toBe(202);
    }

    // A console whose ticket feed is still catching up: its pulls bring nothing, so past the
    // initial window (page 1 of each list) only the pages loaded on scroll are local.
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1024, height: 768 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    contexts.push(context);
    const pagesAsked: number[] = [];
    await context.route('**/demo/graphql', async (route) => {
      const body = route.request().postData() ?? '';
      if (body.includes('pullChatTicket(')) return route.fulfill({ json: { data: { pullChatTicket: { documents: [], checkpoint: null } } } });
      const page = /chatTickets\(/.test(body) ? Number(/"pagination_page":(\d+)/.exec(body)?.[1] ?? 0) : 0;
      if (page >= 2 && /"inbox":true/.test(body)) {
        pagesAsked.push(page);
        // Long enough to see (and photograph) the loading row.
        await new Promise((resolve) => setTimeout(resolve, 1_500));
      }
      return route.fallback();
    });
    const admin = await context.newPage();
    await openConsole(admin, 'admin@demo.local');
    const list = admin.getByTestId('virtual-list');
    const footer = admin.getByTestId('ticket-list-footer');
    await row(admin, names[13]!).waitFor({ timeout: 20_000 });
    expect(await row(admin, names[0]!).count()).toBe(0);

    const toEnd = () => list.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await toEnd();
    await admin.locator('[data-testid="ticket-list-footer"][data-status="loading"]').waitFor({ timeout: 10_000 });
    await expect.poll(() => footer.textContent()).toContain('Carregando mais');
    await screenshot(admin, 'attendance-list-loading-more-tablet-light');

    // Page 2 holds the oldest of these customers: their rows appear at the end of the same list.
    await expect.poll(async () => (await toEnd(), row(admin, names[0]!).count()), { timeout: 20_000 }).toBe(1);
    expect(pagesAsked[0]).toBe(2);
    await expect.poll(async () => (await toEnd(), footer.getAttribute('data-status')), { timeout: 30_000 }).toBe('ended');
    await expect.poll(() => footer.textContent()).toBe('Fim da lista');
    expect(new Set(pagesAsked).size).toBe(pagesAsked.length);

    // The customer drawer (a drawer below 1200 px): the group field, then the same offline.
    await row(admin, names[0]!).click();
    await admin.getByRole('button', { name: 'Dados do cliente' }).first().click();
    const drawer = admin.getByRole('dialog');
    await drawer.getByRole('textbox', { name: 'Nome' }).waitFor();
    await drawer.getByRole('textbox', { name: 'Endereço' }).fill('Rua das Flores, 120');
    await dismissNotifications(admin);
    await screenshot(admin, 'attendance-customer-drawer-tablet-light');
    // Closing the drawer keeps what was typed; the dark theme is chosen meanwhile.
    await admin.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await admin.getByRole('button', { name: 'Alterar tema' }).click();
    await admin.getByRole('menuitem', { name: 'Tema escuro' }).click();
    await setNetwork(context, false);
    await admin.getByRole('button', { name: 'Dados do cliente' }).first().click();
    await drawer.getByTestId('customer-offline').waitFor({ timeout: 15_000 });
    expect(await drawer.getByRole('textbox', { name: 'Endereço' }).inputValue()).toBe('Rua das Flores, 120');
    expect(await drawer.getByRole('button', { name: 'Salvar' }).isDisabled()).toBe(true);
    await screenshot(admin, 'attendance-customer-drawer-offline-tablet-dark');
    await setNetwork(context, true);
    await expect.poll(() => drawer.getByRole('button', { name: 'Salvar' }).isDisabled(), { timeout: 20_000 }).toBe(false);
    await drawer.getByRole('button', { name: 'Salvar' }).click();
    await expect
      .poll(async () => (await graphql('query ($i: ID!, $q: String) { chatTickets(instance_id: $i, search_query: $q, all_users: true) { items { customer { address } } } }', { i: instanceId, q: names[0] }, adminToken)).chatTickets.items[0].customer.address, { timeout: 15_000 })
      .toBe('Rua das Flores, 120');
    await admin.keyboard.press('Escape');

    // A reload forgets the page cursor: scrolling to the end asks the server again (dark this time).
    await admin.reload();
    await admin.getByRole('tab', { name: /Fila/ }).waitFor();
    // The list may come back where the reader left it (the end, with the open ticket): from the top.
    const toTop = () => list.evaluate((el) => el.scrollTo({ top: 0 }));
    await expect.poll(async () => (await toTop(), row(admin, names[13]!).count()), { timeout: 20_000 }).toBe(1);
    await toEnd();
    await admin.locator('[data-testid="ticket-list-footer"][data-status="loading"]').waitFor({ timeout: 10_000 });
    await screenshot(admin, 'attendance-list-loading-more-tablet-dark');
  });
});

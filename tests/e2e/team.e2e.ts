import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, baseUrl, launchChromium, screenshot } from './support/browser';
import { graphql, type Data } from './support/graphql';

/**
 * Team administration end to end (issue 12 §7): the administrator builds a department, a role and a
 * user in Chromium; the new attendant serves a new customer from her Fila; the administrator's
 * role change and disconnection reach her open tab at once.
 */

const CARLA = { name: 'Carla Financeiro', email: 'carla@demo.local', password: 'Carla#Fin4nce!' };
const CONNECTION = 'WhatsApp Loja Demo';
const TABLET = { width: 1024, height: 768 };

class Customer {
  readonly phone: string;
  readonly name: string;
  constructor(
    private readonly instanceId: string,
    suffix: string,
  ) {
    this.phone = `55119${String(Date.now()).slice(-7)}${suffix}`;
    this.name = `Cliente ${this.phone.slice(-5)}`;
  }
  async write(text: string): Promise<void> {
    const response = await fetch(`${baseUrl()}/api/sandbox/demo/${this.instanceId}/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: this.phone, name: this.name, text }),
    });
    expect(response.status).toBe(202);
  }
  async received(): Promise<string[]> {
    const response = await fetch(`${baseUrl()}/api/sandbox/demo/${this.instanceId}/outbox?to=${this.phone}`);
    return ((await response.json()) as { messages: Array<{ text: string | null }> }).messages.map((m) => m.text ?? '');
  }
}

const row = (page: Page, name: string) => page.getByTestId('virtual-list').getByRole('button', { name: new RegExp(`^${name}`) });

async function signInAs(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/demo/login');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByRole('navigation', { name: 'Menu principal' }).waitFor();
}

/** Closes the transient notices so they neither cover controls nor show in screenshots. */
async function dismissNotifications(page: Page): Promise<void> {
  for (const close of await page.locator('.mantine-Notifications-root button').all()) await close.click().catch(() => undefined);
}

async function pick(page: Page, field: string, option: string, scope: Page | ReturnType<Page['getByRole']> = page): Promise<void> {
  await scope.getByRole('combobox', { name: field, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function setTheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  if ((await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))) === scheme) return;
  await page.getByRole('button', { name: 'Alterar tema' }).click();
  await page.getByRole('menuitem', { name: scheme === 'dark' ? 'Tema escuro' : 'Tema claro' }).click();
}

describe('team administration (issue 12 §7)', () => {
  let browser: Browser;
  let instanceId: string;
  const contexts: BrowserContext[] = [];

  const newContext = async (): Promise<Page> => {
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: TABLET, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    contexts.push(context);
    return context.newPage();
  };

  beforeAll(async () => {
    browser = await launchChromium();
    const body = (await (await fetch(`${baseUrl()}/api/sandbox/demo/instances`)).json()) as { instances: Array<{ id: number; name: string }> };
    instanceId = String(body.instances.find((instance) => instance.name === CONNECTION)?.id);
  });
  afterAll(async () => {
    // The demo connection routes to Vendas again, as the other browser tests expect.
    const admin = (await graphql('mutation ($e: String!, $p: String!) { logIn(email: $e, password: $p) { token } }', { e: 'admin@demo.local', p: DEMO_PASSWORD })).logIn
      .token as string;
    const departments = (await graphql('{ userDepartments { id name } }', {}, admin)).userDepartments as Data[];
    const vendas = departments.find((d) => d.name === 'Vendas')?.id;
    if (vendas) await graphql('mutation ($i: ID!, $d: ID) { updateInstance(id: $i, default_department_id: $d) { id } }', { i: instanceId, d: vendas }, admin);
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('a new demo customer reaches Ana (Vendas) in her Fila', async () => {
    const ana = await newContext();
    await signInAs(ana, 'ana@demo.local', DEMO_PASSWORD);
    // Ana may use two connections: Atendimentos asks her to choose one first.
    await ana.goto('/demo/chat/attendance');
    await ana.getByRole('link', { name: 'Escolher conexão' }).click();
    await ana.getByRole('button', { name: new RegExp(`Atender pela conexão ${CONNECTION}`) }).click();
    await ana.goto('/demo/chat/attendance');
    await ana.getByRole('tab', { name: /Fila/ }).click();
    const customer = new Customer(instanceId, '1');
    await customer.write('Oi, vocês entregam no sábado?');
    await row(ana, customer.name).waitFor({ timeout: 10_000 });
    await ana.context().close();
  });

  it('the administrator adds Carla to a new department; she serves a customer; a role change and a disconnection reach her tab', { timeout: 240_000 }, async () => {
    const admin = await newContext();
    await signInAs(admin, 'admin@demo.local', DEMO_PASSWORD);

    // Department 'Financeiro'.
    await admin.goto('/demo/user-departments/list');
    await admin.getByRole('button', { name: 'Novo departamento' }).first().click();
    const departmentDrawer = admin.getByRole('dialog', { name: 'Novo departamento' });
    await departmentDrawer.getByRole('textbox', { name: 'Nome' }).fill('Financeiro');
    await departmentDrawer.getByRole('button', { name: 'Criar departamento' }).click();
    await admin.getByRole('cell', { name: 'Financeiro', exact: true }).waitFor();

    // A role that opens Atendimentos.
    await admin.goto('/demo/roles/add');
    await admin.getByRole('textbox', { name: 'Nome do perfil' }).fill('Atendente financeiro');
    await admin.getByRole('checkbox', { name: 'Atendimentos', exact: true }).check();
    await admin.getByRole('button', { name: 'Criar perfil' }).click();
    await admin.getByRole('cell', { name: 'Atendente financeiro', exact: true }).waitFor();

    // Carla, in Financeiro, with the connection.
    await admin.goto('/demo/users/list');
    await admin.getByRole('button', { name: 'Novo usuário' }).first().click();
    const userDrawer = admin.getByRole('dialog', { name: 'Novo usuário' });
    await userDrawer.getByRole('textbox', { name: 'Nome' }).fill(CARLA.name);
    await userDrawer.getByRole('textbox', { name: 'E-mail' }).fill(CARLA.email);
    await userDrawer.getByLabel('Senha', { exact: true }).fill('abc12345');
    await userDrawer.getByText('Força da senha: Fraca').waitFor();
    await userDrawer.getByLabel('Senha', { exact: true }).fill(CARLA.password);
    await userDrawer.getByText('Força da senha: Forte').waitFor();
    await pick(admin, 'Perfil de acesso', 'Atendente financeiro', userDrawer);
    await pick(admin, 'Departamento', 'Financeiro', userDrawer);
    await userDrawer.getByLabel('Conexões', { exact: true }).click({ force: true });
    await admin.getByRole('option', { name: CONNECTION }).click();
    await admin.keyboard.press('Escape');
    await userDrawer.getByRole('button', { name: 'Criar usuário' }).click();
    await admin.getByText(CARLA.email, { exact: true }).waitFor();
    await dismissNotifications(admin);
    for (const scheme of ['light', 'dark'] as const) {
      await setTheme(admin, scheme);
      await screenshot(admin, `team-users-${scheme}-1024`);
    }
    await setTheme(admin, 'light');

    // Financeiro becomes the connection's default department.
    await admin.goto(`/demo/instances/edit/${instanceId}`);
    await pick(admin, 'Departamento padrão', 'Financeiro');
    await admin.getByRole('button', { name: 'Salvar roteamento' }).click();
    await admin.getByText('Roteamento salvo').waitFor();

    // Carla signs in: her one connection is chosen for her.
    const carla = await newContext();
    await signInAs(carla, CARLA.email, CARLA.password);
    await carla.goto('/demo/chat/attendance');
    await carla.getByRole('tab', { name: /Fila/ }).click();

    // A customer writes: the ticket is in Carla's Fila within 2 s.
    const customer = new Customer(instanceId, '2');
    await customer.write('Preciso da segunda via do boleto');
    const arrived = Date.now();
    await row(carla, customer.name).waitFor({ timeout: 2_000 });
    console.log(`team e2e: ticket in Carla's Fila after ${Date.now() - arrived} ms`);

    // She picks it and replies; the customer receives it.
    await row(carla, customer.name).click();
    await carla.getByRole('button', { name: 'Assumir atendimento' }).first().click();
    const composer = carla.getByRole('textbox', { name: 'Mensagem' });
    await composer.waitFor({ timeout: 15_000 });
    await composer.fill('Olá! Envio a segunda via em instantes.');
    await composer.press('Enter');
    await expect.poll(() => customer.received(), { timeout: 30_000 }).toContain('Olá! Envio a segunda via em instantes.');

    // The administrator takes Atendimentos from Carla's role: within 5 s her menu and route follow.
    const menuEntry = carla.getByRole('navigation', { name: 'Menu principal' }).getByRole('button', { name: 'Atendimento', exact: true });
    await menuEntry.waitFor();
    await admin.goto('/demo/roles/list');
    await admin.getByRole('cell', { name: 'Atendente financeiro', exact: true }).click();
    await admin.getByRole('checkbox', { name: 'Atendimentos', exact: true }).uncheck();
    await admin.getByRole('button', { name: 'Salvar perfil' }).click();
    const changed = Date.now();
    await carla.getByRole('heading', { name: 'Acesso não autorizado' }).waitFor({ timeout: 5_000 });
    expect(new URL(carla.url()).pathname).toBe('/demo/not-authorized');
    console.log(`team e2e: not-authorized after ${Date.now() - changed} ms`);
    await carla.getByRole('link', { name: 'Voltar ao início' }).click();
    await carla.getByRole('navigation', { name: 'Menu principal' }).waitFor();
    expect(await menuEntry.count()).toBe(0);

    // The administrator disconnects Carla: her tab goes to login.
    await admin.goto('/demo/users/list');
    await admin.getByRole('button', { name: `Ações de ${CARLA.name}` }).click();
    await admin.getByRole('menuitem', { name: 'Desconectar' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Desconectar' }).click();
    await carla.waitForURL(/\/demo\/login/, { timeout: 10_000 });
    await carla.getByRole('textbox', { name: 'E-mail' }).waitFor();

    // The screens, light and dark, at 1024×768.
    await dismissNotifications(admin);
    for (const scheme of ['light', 'dark'] as const) {
      await setTheme(admin, scheme);
      await admin.goto('/demo/user-departments/list');
      await admin.getByRole('cell', { name: 'Financeiro', exact: true }).waitFor();
      await screenshot(admin, `team-departments-${scheme}-1024`);
      await admin.goto('/demo/roles/list');
      await admin.getByRole('cell', { name: 'Atendente financeiro', exact: true }).click();
      await admin.getByRole('checkbox', { name: 'Atendimentos', exact: true }).waitFor();
      await screenshot(admin, `team-role-edit-${scheme}-1024`);
    }
  });
});

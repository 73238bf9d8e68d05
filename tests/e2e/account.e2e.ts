import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/server/main';
import { DEMO_PASSWORD, launchChromium, screenshot, signIn } from './support/browser';

const STEP_MS = 30_000;
const NEW_PASSWORD = 'Nova#Senha@2024';

const totp = (secret: string) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret.replace(/\s+/g, '')) });

/** A code of the next time step: accepted (±1 step of drift) and always after the step the activation used. */
const nextStepCode = (secret: string) => totp(secret).generate({ timestamp: Date.now() + STEP_MS });

/** Six digits that are no code of this secret anywhere near now, so the refusal is deterministic. */
function wrongCode(secret: string): string {
  const near = new Set([-2, -1, 0, 1, 2].map((k) => totp(secret).generate({ timestamp: Date.now() + k * STEP_MS })));
  return ['000000', '111111', '222222', '333333', '444444', '555555'].find((code) => !near.has(code))!;
}

async function openAccount(page: Page, userName: string): Promise<void> {
  await page.getByRole('button', { name: `Menu do usuário: ${userName}` }).click();
  await page.getByRole('menuitem', { name: 'Minha conta' }).click();
  await page.getByRole('heading', { level: 1, name: 'Minha conta' }).waitFor();
  await page.getByRole('heading', { level: 2, name: 'Perfil' }).waitFor();
}

async function signOut(page: Page, userName: string): Promise<void> {
  await page.getByRole('button', { name: `Menu do usuário: ${userName}` }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await page.getByRole('heading', { name: 'Entrar' }).waitFor();
}

async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

const notice = (page: Page, text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text });

/**
 * Closes the notices (they slide while others leave, hence no stability wait) so a screenshot shows
 * the screen; again on every look, as one may arrive after the first pass (the storage warning).
 */
async function dismissNotices(page: Page): Promise<void> {
  const close = page.getByRole('button', { name: 'Fechar notificação' });
  await expect
    .poll(
      async () => {
        for (const button of await close.all()) await button.click({ force: true, timeout: 2_000 }).catch(() => undefined);
        return page.locator('.mantine-Notification-root').count();
      },
      { timeout: 10_000 },
    )
    .toBe(0);
}

describe('Minha conta (user-settings)', () => {
  let browser: Browser;
  let server: RunningServer;
  let dataDir: string;
  // Its own server: these tests change demo users' password and two-factor, which the other files rely on.
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pedbot-e2e-account-'));
    const staticDir = join(process.cwd(), 'dist');
    server = await startServer({ port: 0, demo: true, quiet: true, config: { dataDir, staticDir, logLevel: 'silent' } });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const newPage = async () => {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1024, height: 768 },
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
    });
    const page = await context.newPage();
    // A screen that throws shows the route's error page; fail with the browser's own message instead.
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // React reports a render error it caught through console.error; refused requests are expected here.
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) pageErrors.push(message.text());
    });
    return { context, page, pageErrors };
  };

  it('turns two-factor on with the shown secret, then sign-in asks for the code, refuses a wrong one and accepts the right one', async () => {
    const { context, page, pageErrors } = await newPage();
    await signIn(page, 'bruno@demo.local');
    await openAccount(page, 'Bruno Lima');
    const profile = page.getByRole('region', { name: 'Perfil' });
    for (const text of ['Bruno Lima', 'bruno@demo.local', 'Atendente', 'Suporte', 'WhatsApp Loja Demo']) {
      await profile.getByText(text, { exact: true }).first().waitFor();
    }
    const twoFactor = page.getByRole('region', { name: 'Verificação em duas etapas' });
    await twoFactor.getByLabel('Situação: Desativada').waitFor();

    await twoFactor.getByRole('button', { name: 'Ativar verificação em duas etapas' }).click();
    const qr = twoFactor.getByRole('img', { name: 'QR Code para configurar o aplicativo autenticador' });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const secret = (await twoFactor.getByRole('textbox', { name: 'Chave para digitar no aplicativo' }).inputValue()).replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await screenshot(page, 'account-two-factor-setup');

    const codeField = twoFactor.getByRole('textbox', { name: 'Código de 6 dígitos' });
    await codeField.fill(wrongCode(secret));
    await twoFactor.getByRole('button', { name: 'Confirmar e ativar' }).click();
    await notice(page, 'Código de verificação inválido.').waitFor();
    await twoFactor.getByLabel('Situação: Desativada').waitFor();

    await codeField.fill(totp(secret).generate());
    await twoFactor.getByRole('button', { name: 'Confirmar e ativar' }).click();
    await notice(page, 'Verificação em duas etapas ativada!').waitFor();
    await twoFactor.getByLabel('Situação: Ativada').waitFor();
    await twoFactor.getByRole('button', { name: 'Desativar' }).waitFor();

    await signOut(page, 'Bruno Lima');
    await submitLogin(page, 'bruno@demo.local', DEMO_PASSWORD);
    const loginCode = page.getByRole('textbox', { name: 'Código de verificação' });
    await loginCode.waitFor();
    // The activation's notice of a wrong code may still be up: only the sign-in's may answer below.
    await dismissNotices(page);
    await loginCode.fill(wrongCode(secret));
    await page.getByRole('button', { name: 'Entrar' }).click();
    await notice(page, 'Código de verificação inválido.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/demo/login');

    await loginCode.fill(nextStepCode(secret));
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('navigation', { name: 'Menu principal' }).waitFor();

    // Turned off again only with the current password; the next sign-in asks only for the password.
    await openAccount(page, 'Bruno Lima');
    await twoFactor.getByRole('button', { name: 'Desativar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Desativar a verificação em duas etapas?' });
    const currentPassword = dialog.getByRole('textbox', { name: 'Senha atual', exact: true });
    const confirmOff = dialog.getByRole('button', { name: 'Desativar verificação' });
    await confirmOff.click();
    await dialog.getByText('Informe a senha atual.').waitFor();
    await currentPassword.fill('Senha#Errada1');
    await confirmOff.click();
    await notice(page, 'Senha atual incorreta.').waitFor();
    await twoFactor.getByLabel('Situação: Ativada').waitFor();
    await currentPassword.fill(DEMO_PASSWORD);
    await confirmOff.click();
    await notice(page, 'Verificação em duas etapas desativada.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await twoFactor.getByLabel('Situação: Desativada').waitFor();
    await signOut(page, 'Bruno Lima');
    await signIn(page, 'bruno@demo.local');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('changes the password: refuses a wrong current one, meters the new one, and signs in with it', async () => {
    const { context, page, pageErrors } = await newPage();
    await signIn(page, 'ana@demo.local');
    await openAccount(page, 'Ana Souza');
    const form = page.getByRole('region', { name: 'Alterar senha' });
    const current = form.getByRole('textbox', { name: 'Senha atual', exact: true });
    const next = form.getByRole('textbox', { name: 'Nova senha', exact: true });
    const confirmation = form.getByRole('textbox', { name: 'Confirmar nova senha', exact: true });
    const save = form.getByRole('button', { name: 'Salvar nova senha' });

    await save.click();
    await form.getByText('Informe a senha atual.').waitFor();

    await next.fill('abc12345');
    await form.getByText('Força da senha: Fraca').waitFor();
    await next.fill('Nova#Senha2024');
    await form.getByText('Força da senha: Média').waitFor();
    await next.fill(NEW_PASSWORD);
    await form.getByText('Força da senha: Forte').waitFor();
    expect(await form.getByRole('progressbar', { name: 'Força da senha: Forte' }).getAttribute('aria-valuenow')).toBe('100');

    await current.fill('Senha#Errada1');
    await confirmation.fill(NEW_PASSWORD);
    await save.click();
    await notice(page, 'Senha atual incorreta.').waitFor();

    await current.fill(DEMO_PASSWORD);
    await save.click();
    await notice(page, 'Senha alterada!').waitFor();
    expect(await current.inputValue()).toBe('');
    await screenshot(page, 'account-password-changed');

    // Dark theme with the QR Code open (it keeps a white quiet zone); Cancelar leaves two-factor off.
    await page.getByRole('button', { name: 'Alterar tema' }).click();
    await page.getByRole('menuitem', { name: 'Tema escuro' }).click();
    const twoFactor = page.getByRole('region', { name: 'Verificação em duas etapas' });
    await twoFactor.getByRole('button', { name: 'Ativar verificação em duas etapas' }).click();
    await twoFactor.getByRole('img', { name: 'QR Code para configurar o aplicativo autenticador' }).waitFor();
    await dismissNotices(page);
    await screenshot(page, 'account-dark');
    await twoFactor.getByRole('button', { name: 'Cancelar' }).click();
    await twoFactor.getByRole('button', { name: 'Ativar verificação em duas etapas' }).waitFor();
    await twoFactor.getByLabel('Situação: Desativada').waitFor();

    await signOut(page, 'Ana Souza');
    await submitLogin(page, 'ana@demo.local', DEMO_PASSWORD);
    await notice(page, 'Senha ou E-mail incorreto.').waitFor();
    await submitLogin(page, 'ana@demo.local', NEW_PASSWORD);
    await page.getByRole('navigation', { name: 'Menu principal' }).waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

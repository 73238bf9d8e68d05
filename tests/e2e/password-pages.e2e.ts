import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { launchChromium, newPage } from './support/browser';

describe('integration sign-in and password pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('refuses an invalid integration token with the spec texts and a way to the login', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/demo/redirect?token=nao-vale');
    await page.getByRole('heading', { name: 'Token Incorreto!' }).waitFor();
    await page.getByText('Acesse a plataforma com um token válido, ou digite login e senha.').waitFor();
    await page.getByRole('link', { name: 'Entrar com e-mail e senha' }).click();
    await page.getByRole('heading', { name: 'Entrar' }).waitFor();
    await context.close();
  });

  it('signs in with a valid integration token', async () => {
    const token = inject('integrationToken');
    expect(token).not.toBe('');
    const { context, page } = await newPage(browser);
    await page.goto(`/demo/redirect?token=${encodeURIComponent(token)}`);
    await page.getByRole('navigation', { name: 'Menu principal' }).waitFor();
    await page.getByText('Logado com sucesso!').waitFor();
    expect(new URL(page.url()).pathname).toBe('/demo/instances/list/choose-instance');
    await context.close();
  });

  it('asks for the e-mail on the forgot page and confirms without telling whether it exists', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/demo/login');
    await page.getByRole('link', { name: 'Esqueceu a senha?' }).click();
    // The login page, with an 'E-mail' field of its own, stays until the forgot page's chunk has
    // loaded: typing before that would fill the wrong form.
    await page.getByRole('button', { name: 'Enviar link' }).waitFor();
    await page.getByRole('textbox', { name: 'E-mail' }).fill('ninguem@demo.local');
    await page.getByRole('button', { name: 'Enviar link' }).click();
    await page.getByText('Se o e-mail estiver cadastrado').waitFor();
    await context.close();
  });

  it('rates the new password and refuses one under 8 characters', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/demo/forgot/um-token-qualquer');
    const password = page.getByRole('textbox', { name: 'Nova senha', exact: true });
    await password.fill('Ab1!');
    await page.getByText('Força da senha: Fraca').waitFor();
    await password.fill('Casa#Verde!92');
    await page.getByText('Força da senha: Forte').waitFor();
    await password.fill('Ab1!');
    await page.getByRole('textbox', { name: 'Confirmar nova senha' }).fill('Ab1!');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await page.getByText('A senha deve ter no mínimo 8 caracteres.').waitFor();
    await context.close();
  });
});

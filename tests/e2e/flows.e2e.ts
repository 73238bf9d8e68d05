import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchChromium, screenshot, signIn } from './support/browser';

/**
 * Chat flows end to end (issue 16 §3): the administrator builds a three-step flow on the canvas
 * (drag, connect, publish) and runs it in the test panel; then a customer of "Atendimento com
 * robô" answers the Boas-vindas flow with "2" and Bruno (Suporte) finds the ticket in his Fila,
 * with the answers noted for him.
 */
/** A handle's box once the canvas stopped moving ("Ajustar à tela" animates the view). */
async function settledBox(page: Page, handle: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  let last = await handle.boundingBox();
  for (let tries = 0; tries < 40; tries++) {
    await page.waitForTimeout(50);
    const now = await handle.boundingBox();
    if (last && now && now.x === last.x && now.y === last.y) return now;
    last = now;
  }
  throw new Error('handle not on screen or still moving');
}

async function dragBetween(page: Page, from: Locator, to: Locator): Promise<void> {
  const a = await settledBox(page, from);
  const b = await settledBox(page, to);
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
}

describe('chat flows', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const open = async (email: string): Promise<Page> => {
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 860 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    contexts.push(context);
    const page = await context.newPage();
    await signIn(page, email);
    return page;
  };

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });

  it('builds, tests and publishes a flow on the canvas', { timeout: 180_000 }, async () => {
    const admin = await open('admin@demo.local');
    await admin.goto('/demo/chat-flows/all/list');
    await admin.getByRole('button', { name: 'Novo fluxo' }).click();
    await admin.getByRole('textbox', { name: 'Nome do fluxo' }).fill('Horário de atendimento');
    await admin.getByRole('dialog').getByRole('button', { name: 'Novo fluxo' }).click();
    await admin.getByTestId('bloco-inicio').waitFor();

    // Three steps dragged onto the canvas below the start block (in the middle; a block hangs
    // right and down from where it is dropped): a message, a question, an end.
    const canvas = admin.getByLabel('Quadro do fluxo');
    const box = (await canvas.boundingBox())!;
    await admin.getByRole('button', { name: 'Enviar mensagem' }).dragTo(canvas, { targetPosition: { x: box.width * 0.45, y: box.height * 0.6 } });
    await admin.getByTestId('bloco-mensagem-1').waitFor();
    await admin.getByRole('textbox', { name: 'Mensagem' }).fill('Atendemos de segunda a sexta, das 8h às 18h.');
    await admin.getByRole('button', { name: 'Perguntar' }).dragTo(canvas, { targetPosition: { x: box.width * 0.08, y: box.height * 0.75 } });
    await admin.getByTestId('bloco-pergunta-1').waitFor();
    await admin.getByRole('button', { name: 'Encerrar' }).dragTo(canvas, { targetPosition: { x: box.width * 0.55, y: box.height * 0.9 } });
    await admin.getByTestId('bloco-fim-1').waitFor();
    await expect.poll(() => admin.locator('.react-flow__minimap').isVisible()).toBe(true);

    // Unconnected, the flow cannot be published, and says why: a dead end, a question without an
    // answer path, blocks never reached.
    await admin.getByRole('tab', { name: /Problemas/ }).click();
    const problems = admin.getByRole('list', { name: 'Problemas que impedem a publicação' });
    await expect.poll(() => problems.textContent()).toContain('não leva a lugar nenhum');
    await expect.poll(() => problems.textContent()).toContain('A pergunta "pergunta-1" não tem caminho para a resposta.');
    await expect.poll(() => problems.textContent()).toContain('O bloco "fim-1" nunca é alcançado a partir do início.');

    // Connect start → message → question → end by their handles.
    await admin.getByRole('button', { name: 'Ajustar à tela' }).click();
    await dragBetween(admin, admin.getByTestId('saida-inicio-next'), admin.getByTestId('entrada-mensagem-1'));
    await dragBetween(admin, admin.getByTestId('saida-mensagem-1-next'), admin.getByTestId('entrada-pergunta-1'));
    await dragBetween(admin, admin.getByTestId('saida-pergunta-1-answer'), admin.getByTestId('entrada-fim-1'));
    await admin.getByText('Nenhum problema: o fluxo pode ser publicado.').waitFor();

    // Undo and redo from the keyboard: the last connection goes, and comes back.
    await admin.keyboard.press('Control+z');
    await expect.poll(() => problems.textContent()).toContain('não tem caminho para a resposta');
    await admin.keyboard.press('Control+y');
    await admin.getByText('Nenhum problema: o fluxo pode ser publicado.').waitFor();

    // The test panel runs it as a customer would.
    await admin.getByRole('tab', { name: 'Testar' }).click();
    await admin.getByRole('button', { name: 'Iniciar teste' }).click();
    const log = admin.getByRole('log', { name: 'Conversa de teste' });
    await expect.poll(() => log.textContent()).toContain('Atendemos de segunda a sexta');
    await expect.poll(() => log.textContent()).toContain('Qual é o seu nome?');
    await admin.getByRole('textbox', { name: 'Resposta do cliente' }).fill('Joana');
    await admin.getByRole('button', { name: 'Enviar', exact: true }).click();
    await expect.poll(() => log.textContent()).toContain('Contato atualizado: Nome = Joana.');
    await expect.poll(() => log.textContent()).toContain('Fluxo encerrado.');

    await admin.getByRole('button', { name: 'Publicar' }).click();
    await admin.getByText('Versão 1 publicada').waitFor();
    await screenshot(admin, 'flows-builder-desktop-light');
    await admin.getByRole('button', { name: 'Fechar construtor' }).click();
    const listed = admin.getByRole('row', { name: /Horário de atendimento/ });
    await expect.poll(() => listed.textContent()).toContain('v1');
  });

  it('routes a robot-connection customer who answers "2" to Bruno’s Fila with the answers', { timeout: 180_000 }, async () => {
    const instances = (await (await fetch(`${baseUrl()}/api/sandbox/demo/instances`)).json()) as { instances: Array<{ id: number; name: string }> };
    const robot = instances.instances.find((i) => i.name === 'Atendimento com robô')!;
    const bruno = await open('bruno@demo.local');
    await bruno.goto('/demo/instances/list/choose-instance');
    await bruno.getByRole('button', { name: 'Atender pela conexão Atendimento com robô' }).click();
    await bruno.goto('/demo/chat/attendance');
    await bruno.getByRole('tab', { name: /Fila/ }).waitFor();

    const phone = `55119${String(Date.now()).slice(-8)}`;
    const name = `Cliente ${phone.slice(-4)}`;
    const write = async (text: string) => {
      const response = await fetch(`${baseUrl()}/api/sandbox/demo/${robot.id}/inbound`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ from: phone, name, text }) });
      expect(response.status).toBe(202);
    };
    const received = async () =>
      ((await (await fetch(`${baseUrl()}/api/sandbox/demo/${robot.id}/outbox?to=${phone}`)).json()) as { messages: Array<{ text: string | null }> }).messages.map((m) => m.text);

    await write('Oi, boa tarde');
    await expect.poll(received, { timeout: 20_000 }).toContain('Com quem você quer falar? Responda com o número.\n\n1 - Vendas\n2 - Suporte');
    await write('2');

    const row = bruno.getByTestId('virtual-list').getByRole('button', { name: new RegExp(`^${name}`) });
    await row.click({ timeout: 20_000 });
    // In the conversation: the list's preview may show the same note.
    const conversation = bruno.getByRole('log', { name: 'Mensagens' });
    await conversation.getByText('Respostas do cliente ao robô:').waitFor({ timeout: 20_000 });
    await conversation.getByText('setor: Suporte').waitFor();
    await screenshot(bruno, 'flows-robot-ticket-bruno');
  });
});

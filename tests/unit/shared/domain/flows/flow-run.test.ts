import { describe, expect, it } from 'vitest';
import { LOOP_STOPPED_TEXT, RETRY_PREFIX, advanceFlow, type FlowSessionState } from '../../../../../src/shared/domain/flows/flow-run';
import type { FlowDefinition } from '../../../../../src/shared/domain/flows/flow-schema';
import { at, edge, env, flow, menuFlow } from './flow-fixtures';

const sends = (effects: ReturnType<typeof advanceFlow>['effects']) => effects.flatMap((effect) => (effect.kind === 'send' ? [effect.text] : []));

describe('advanceFlow: the chat-flow interpreter', () => {
  it('greets with the contact’s name, asks with numbered options and waits', () => {
    const step = advanceFlow(menuFlow(), null, { kind: 'start' }, env());
    expect(sends(step.effects)).toEqual(['Olá, Maria!', 'Com quem deseja falar?\n\n1 - Vendas\n2 - Suporte']);
    expect(step.state).toMatchObject({ node_id: 'menu', status: 'waiting_answer', retries: 0 });
  });

  it('transfers to the department of the chosen option and saves the answer', () => {
    const asked = advanceFlow(menuFlow(), null, { kind: 'start' }, env()).state;
    const step = advanceFlow(menuFlow(), asked, { kind: 'answer', text: '2' }, env());
    expect(step.effects).toEqual([{ kind: 'transfer', department_id: '2', user_id: null }]);
    expect(step.state.status).toBe('handed_over');
    expect(step.state.variables).toMatchObject({ setor: 'Suporte', answer_menu: 'Suporte' });
  });

  it('asks again after an invalid answer, then hands over once the retries are used', () => {
    const f = menuFlow();
    let state = advanceFlow(f, null, { kind: 'start' }, env()).state;
    const retry = advanceFlow(f, state, { kind: 'answer', text: 'banana' }, env());
    expect(sends(retry.effects)[0]).toMatch(new RegExp(`^${RETRY_PREFIX} Com quem deseja falar\\?`));
    state = retry.state;
    const last = advanceFlow(f, state, { kind: 'answer', text: 'banana' }, env());
    expect(last.effects).toEqual([{ kind: 'hand_over', reason: 'invalid_answer' }]);
    expect(last.state.status).toBe('handed_over');
  });

  it('ignores what it does not wait for, so a duplicated delivery advances the session once', () => {
    const f = menuFlow();
    const asked = advanceFlow(f, null, { kind: 'start' }, env()).state;
    const answered = advanceFlow(f, asked, { kind: 'answer', text: '1' }, env()).state;
    expect(advanceFlow(f, answered, { kind: 'answer', text: '1' }, env())).toEqual({ state: answered, effects: [] });
    expect(advanceFlow(f, asked, { kind: 'timer' }, env())).toEqual({ state: asked, effects: [] });
    expect(advanceFlow(f, asked, { kind: 'start' }, env())).toEqual({ state: asked, effects: [] });
  });

  it('saves an answer into a contact field', () => {
    const f = flow(
      [
        { id: 's', type: 'start', position: at, data: { trigger: 'message' } },
        { id: 'q', type: 'ask', position: at, data: { question: 'Seu e-mail?', answer: 'email', options: [], retries: 2, save_to: { scope: 'contact', key: 'open_field' } } },
        { id: 'e', type: 'end', position: at, data: { closing_message: 'Obrigado, {{contact.name}}.' } },
      ],
      [edge('s', 'q'), edge('q', 'e', 'answer')],
    );
    const asked = advanceFlow(f, null, { kind: 'start' }, env()).state;
    const step = advanceFlow(f, asked, { kind: 'answer', text: 'Maria@Loja.com' }, env());
    expect(step.effects).toEqual([
      { kind: 'save_contact', field: 'open_field', value: 'maria@loja.com' },
      { kind: 'end', closing_message: 'Obrigado, Maria.' },
    ]);
    expect(step.state.status).toBe('finished');
  });

  const hoursFlow = (): FlowDefinition =>
    flow(
      [
        { id: 's', type: 'start', position: at, data: { trigger: 'message' } },
        { id: 'c', type: 'condition', position: at, data: { match: 'all', rules: [{ source: 'business_hours', op: 'open' }, { source: 'time', op: 'between', value: '08:00-18:00' }] } },
        { id: 'open', type: 'message', position: at, data: { text: 'Estamos abertos.', buttons: [] } },
        { id: 'closed', type: 'message', position: at, data: { text: 'Estamos fechados.', buttons: [] } },
        { id: 'cat', type: 'category', position: at, data: { category_id: '9' } },
        { id: 'e', type: 'end', position: at, data: {} },
      ],
      [edge('s', 'c'), edge('c', 'open', 'true'), edge('c', 'closed', 'false'), edge('open', 'e'), edge('closed', 'cat'), edge('cat', 'e')],
    );

  it('branches on business hours and time of day, and tags a category', () => {
    expect(sends(advanceFlow(hoursFlow(), null, { kind: 'start' }, env()).effects)).toEqual(['Estamos abertos.']);
    const night = advanceFlow(hoursFlow(), null, { kind: 'start' }, env({ clock: { weekday: 2, minutes: 20 * 60, storeOpen: true } }));
    expect(sends(night.effects)).toEqual(['Estamos fechados.']);
    expect(night.effects).toContainEqual({ kind: 'add_category', category_id: '9' });
  });

  it('waits for a timer and resumes after it', () => {
    const f = flow(
      [
        { id: 's', type: 'start', position: at, data: { trigger: 'message' } },
        { id: 'w', type: 'wait', position: at, data: { seconds: 60 } },
        { id: 'm', type: 'message', position: at, data: { text: 'Ainda está aí?', buttons: [] } },
        { id: 'e', type: 'end', position: at, data: {} },
      ],
      [edge('s', 'w'), edge('w', 'm'), edge('m', 'e')],
    );
    const waiting = advanceFlow(f, null, { kind: 'start' }, env());
    expect(waiting.effects).toEqual([{ kind: 'wait', seconds: 60 }]);
    expect(waiting.state.status).toBe('waiting_timer');
    expect(advanceFlow(f, waiting.state, { kind: 'answer', text: 'oi' }, env()).effects).toEqual([]);
    expect(sends(advanceFlow(f, waiting.state, { kind: 'timer' }, env()).effects)).toEqual(['Ainda está aí?']);
  });

  it('maps an HTTP answer into variables, and hands over when the request fails with no error path', () => {
    const f = flow(
      [
        { id: 's', type: 'start', position: at, data: { trigger: 'message' } },
        { id: 'h', type: 'http', position: at, data: { method: 'GET', url: 'https://erp.example/pedido?cliente={{contact.name}}', timeout_ms: 3000, map: [{ path: 'pedido.status', variable: 'status' }] } },
        { id: 'm', type: 'message', position: at, data: { text: 'Seu pedido está {{status}}.', buttons: [] } },
        { id: 'e', type: 'end', position: at, data: {} },
      ],
      [edge('s', 'h'), edge('h', 'm', 'ok'), edge('m', 'e')],
    );
    const calling = advanceFlow(f, null, { kind: 'start' }, env());
    expect(calling.effects).toEqual([{ kind: 'http', method: 'GET', url: 'https://erp.example/pedido?cliente=Maria', body: null, timeout_ms: 3000 }]);
    const ok = advanceFlow(f, calling.state, { kind: 'http', ok: true, body: { pedido: { status: 'enviado' } } }, env());
    expect(sends(ok.effects)).toEqual(['Seu pedido está enviado.']);
    const failed = advanceFlow(f, calling.state, { kind: 'http', ok: false, body: null }, env());
    expect(failed.effects).toEqual([{ kind: 'hand_over', reason: 'http_error' }]);
  });

  it('stops a loop that runs without the customer answering, and says so in the conversation', () => {
    const loop = flow(
      [
        { id: 's', type: 'start', position: at, data: { trigger: 'message' } },
        { id: 'a', type: 'message', position: at, data: { text: 'Menu', buttons: [] } },
        { id: 'c', type: 'condition', position: at, data: { match: 'all', rules: [{ source: 'variable', key: 'x', op: 'empty' }] } },
      ],
      [edge('s', 'a'), edge('a', 'c'), edge('c', 'a', 'true'), edge('c', 'a', 'false')],
    );
    const step = advanceFlow(loop, null, { kind: 'start' }, env({ maxStepsWithoutAnswer: 10 }));
    const texts = sends(step.effects);
    expect(texts.filter((t) => t === 'Menu').length).toBeLessThanOrEqual(5);
    expect(texts.at(-1)).toBe(LOOP_STOPPED_TEXT);
    expect(step.effects.at(-1)).toEqual({ kind: 'hand_over', reason: 'loop' });
    expect(step.state.status).toBe('stopped');
  });

  it('leaves an ended session as it is', () => {
    const ended: FlowSessionState = { node_id: 'sales', status: 'handed_over', variables: {}, retries: 0, steps_without_answer: 0 };
    expect(advanceFlow(menuFlow(), ended, { kind: 'answer', text: '1' }, env())).toEqual({ state: ended, effects: [] });
  });
});

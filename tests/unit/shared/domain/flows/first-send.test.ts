import { describe, expect, it } from 'vitest';
import { checkFlow } from '../../../../../src/shared/domain/flows/flow-check';
import { firstSendingNodes, startsWithTemplate } from '../../../../../src/shared/domain/flows/first-send';
import { advanceFlow } from '../../../../../src/shared/domain/flows/flow-run';
import type { FlowDefinition } from '../../../../../src/shared/domain/flows/flow-schema';
import { at, edge, env, flow, menuFlow } from './flow-fixtures';

/** A campaign's flow: a template first (after a business-hours condition), then the menu. */
const activeFlow = (): FlowDefinition =>
  flow(
    [
      { id: 'start', type: 'start', position: at, data: { trigger: 'manual' } },
      { id: 'open', type: 'condition', position: at, data: { match: 'all', rules: [{ source: 'business_hours', op: 'open' }] } },
      { id: 'offer', type: 'template', position: at, data: { name: 'oferta_semana', language: 'pt_BR', parameters: ['{{contact.name}}'] } },
      { id: 'later', type: 'template', position: at, data: { name: 'retorno', language: 'pt_BR', parameters: [] } },
      { id: 'menu', type: 'ask', position: at, data: { question: 'Quer ver a oferta?', answer: 'option', options: ['Sim', 'Não'], retries: 1 } },
      { id: 'bye', type: 'end', position: at, data: { closing_message: 'Até logo!' } },
    ],
    [
      edge('start', 'open'),
      edge('open', 'offer', 'true'),
      edge('open', 'later', 'false'),
      edge('offer', 'menu'),
      edge('later', 'menu'),
      edge('menu', 'bye', 'option-0'),
      edge('menu', 'bye', 'option-1'),
    ],
  );

describe('active flows open with a template (the 24-hour window)', () => {
  it('finds the first blocks that write to the customer on every path, past silent blocks', () => {
    expect(firstSendingNodes(activeFlow()).map((node) => node.id).sort()).toEqual(['later', 'offer']);
    expect(startsWithTemplate(activeFlow())).toBe(true);
    expect(firstSendingNodes(menuFlow()).map((node) => node.id)).toEqual(['hello']);
    expect(startsWithTemplate(menuFlow())).toBe(false);
  });

  it('counts a flow that writes nothing before a transfer as opening with nothing to refuse', () => {
    const silent = flow([{ id: 'start', type: 'start', position: at, data: { trigger: 'manual' } }, { id: 't', type: 'transfer', position: at, data: { department_id: '1' } }], [edge('start', 't')]);
    expect(firstSendingNodes(silent)).toEqual([]);
    expect(startsWithTemplate(silent)).toBe(true);
  });

  it('refuses to publish an active flow whose first send on some path is free text, naming that block', () => {
    const mixed = activeFlow();
    mixed.nodes = mixed.nodes.map((node) => (node.id === 'later' ? { id: 'later', type: 'message', position: at, data: { text: 'Voltamos amanhã.', buttons: [] } } : node));
    expect(checkFlow(mixed, { kind: 'active' })).toEqual([{ node_id: 'later', message: expect.stringContaining('Fluxo ativo: o bloco "later"') as string }]);
    expect(checkFlow(mixed, { kind: 'passive' })).toEqual([]);
    expect(checkFlow(activeFlow(), { kind: 'active' })).toEqual([]);
    // An end with a closing message writes too.
    const closing = flow([{ id: 'start', type: 'start', position: at, data: { trigger: 'manual' } }, { id: 'e', type: 'end', position: at, data: { closing_message: 'Tchau' } }], [edge('start', 'e')]);
    expect(checkFlow(closing, { kind: 'active' }).map((p) => p.node_id)).toEqual(['e']);
  });

  it('sends the template with its parameters filled from the contact and goes on', () => {
    const step = advanceFlow(activeFlow(), null, { kind: 'start' }, env());
    expect(step.effects[0]).toEqual({ kind: 'template', name: 'oferta_semana', language: 'pt_BR', parameters: ['Maria'] });
    expect(step.state).toMatchObject({ node_id: 'menu', status: 'waiting_answer' });
  });

  it('validates the template block', () => {
    const bad = activeFlow();
    bad.nodes = bad.nodes.map((node) => (node.id === 'offer' ? { ...node, data: { name: 'Oferta Semana', language: 'portugues', parameters: [] } } : node)) as FlowDefinition['nodes'];
    const messages = checkFlow(bad).map((p) => p.message);
    expect(messages.some((m) => m.includes('nome do modelo'))).toBe(true);
    expect(messages.some((m) => m.includes('idioma do modelo'))).toBe(true);
  });
});

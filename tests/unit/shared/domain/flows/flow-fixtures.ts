import type { FlowDefinition, FlowEdge, FlowNode } from '../../../../../src/shared/domain/flows/flow-schema';
import type { FlowEnvironment } from '../../../../../src/shared/domain/flows/flow-run';

export const at = { x: 0, y: 0 };

export const edge = (source: string, target: string, sourceHandle?: string): FlowEdge => ({
  id: `${source}-${sourceHandle ?? 'next'}-${target}`,
  source,
  target,
  sourceHandle: sourceHandle ?? null,
});

export const flow = (nodes: FlowNode[], edges: FlowEdge[]): FlowDefinition => ({ nodes, edges });

/** Greets, asks for a department by option, and transfers: the demo's "Boas-vindas" in miniature. */
export const menuFlow = (): FlowDefinition =>
  flow(
    [
      { id: 'start', type: 'start', position: at, data: { trigger: 'message' } },
      { id: 'hello', type: 'message', position: at, data: { text: 'Olá, {{contact.name}}!', buttons: [] } },
      { id: 'menu', type: 'ask', position: at, data: { question: 'Com quem deseja falar?', answer: 'option', options: ['Vendas', 'Suporte'], retries: 1, save_to: { scope: 'variable', key: 'setor' } } },
      { id: 'sales', type: 'transfer', position: at, data: { department_id: '1' } },
      { id: 'support', type: 'transfer', position: at, data: { department_id: '2' } },
    ],
    [edge('start', 'hello'), edge('hello', 'menu'), edge('menu', 'sales', 'option-0'), edge('menu', 'support', 'option-1')],
  );

export const env = (overrides: Partial<FlowEnvironment> = {}): FlowEnvironment => ({
  contact: { name: 'Maria' },
  clock: { weekday: 2, minutes: 10 * 60, storeOpen: true },
  ...overrides,
});
